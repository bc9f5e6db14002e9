"""Logs whose level is written in ways the earlier shapes missed, each with figures known by
construction: a caller's "file.go:line" after an ISO stamp and a level is no syslog
program's tag (a tag's colon is followed by a blank or the message, not a digit), so the
three-letter levels before it are read (zerolog's console); a time of day with a "Z" glued
to it is a time, so "[stamp LEVEL Component]" is a stamped level bracket, its own words
("VERB") beside the common scale's (GitHub's Actions runner); a level and the facility it is
about ("warning/ApiListener:") is that level (Icinga 2); a column of a few lower-case words,
two or more of them levels of the common scale, is a level column with its own words
("silly", "timing", "http": npm's debug log); a pair of no known level in a level column
counts its one capitalised word ("[main/FAILURE]", "FAILURE/ApiListener:"). The figures of the whole equal those of its
pieces cut anywhere and folded.
"""

from __future__ import annotations

import collections

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.formats import parse_syslog
from gapless.engine.extractive.logs.level_words import level_word
from gapless.engine.extractive.logs.shape import has_level, is_shape
from tests.support.helpers import (
    clock,
    common_levels,
    cycled_log,
    levelled_scan,
    read_alike_in_pieces,
)

_ZEROLOG = [("INF", "Starting provider *docker.Provider"),
            ("DBG", "'499 Client Closed Request' caused by: context canceled"),
            ("WRN", "Service health check failed error=\"HTTP request failed\" service=api-{n}"),
            ("ERR", "Provider error, retrying in {n}ms providerName=docker"),
            ("DBG", "Configuration received config={{\"http\":{{}}}} providerName=docker")]
_CALLERS = ["github.com/traefik/traefik/v3/pkg/provider/docker/pdocker.go:81",
            "github.com/traefik/traefik/v3/cmd/traefik/traefik.go:101"]


def _zerolog(records: int) -> tuple[str, collections.Counter[str], collections.Counter[str]]:
    return cycled_log(_ZEROLOG, records, 3, lambda k, level, message: (
        f"2024-03-01T{clock(k)}Z {level} {_CALLERS[k * 7 % 2]} > "
        f"{message.format(n=k * 131 % 9973)}"))


def test_a_caller_after_the_level_is_no_syslog_tag() -> None:
    text, levels, _ = _zerolog(500)
    fmt, stats = levelled_scan(text, 500)
    assert stats.levels == common_levels(levels) == {"info": 100, "debug": 200,
                                                     "warning": 100, "error": 100}
    mined = {t.template: t.count for t in stats.templates}
    assert mined["Starting provider *docker.Provider"] == 100
    assert len(mined) == len(_ZEROLOG)
    read_alike_in_pieces(text, fmt)


def test_a_syslog_tag_is_still_one_before_a_blank() -> None:
    record = parse_syslog("2024-03-01T12:00:00Z web-1 sshd[812]: 3 authentication failures")
    assert record is not None and record.message == "3 authentication failures"
    assert parse_syslog("2024-03-01T12:00:00Z WRN main.go:81 > started") is None


_RUNNER = [("INFO", "Successfully got a message {n} from the server"),
           ("VERB", "Processing message {n} of type PipelineAgentJobRequest"),
           ("WARN", "Catch exception during renew runner jobrequest {n}."),
           ("INFO", "Starting process:"),
           ("ERR", "GitHub.Services.OAuth.VssOAuthTokenRequestException: Registration not found"),
           ("VERB", "Ignore any exception during the fallback connection close")]


def _runner(records: int) -> tuple[str, collections.Counter[str]]:
    components = ["JobDispatcher", "Runner", "HostContext", "RunnerServer"]
    text, levels, _ = cycled_log(_RUNNER, records, 5, lambda k, level, message: (
        f"[2024-03-01 {clock(k)}Z {level} {components[k * 7 % 4]}] "
        f"{message.format(n=k * 131 % 9973)}"))
    return text, levels


def test_a_time_with_its_zone_letter_makes_a_stamped_level_bracket() -> None:
    text, levels = _runner(480)
    fmt, stats = levelled_scan(text, 480)
    assert stats.levels == common_levels(levels) == {"info": 160, "verb": 160, "warning": 80,
                                                     "error": 80}
    mined = {t.template: t.count for t in stats.templates}
    assert mined["Starting process:"] == 80
    assert mined["Ignore any exception during the fallback connection close"] == 80
    assert len(mined) == len(_RUNNER)
    read_alike_in_pieces(text, fmt)


_ICINGA = [("information", "Dumping program state to file '/var/lib/icinga2/icinga2.state'"),
           ("warning", "Connection for endpoint 'agent-{n}' dropped: Client timeout"),
           ("information", "Pending queries: {n} (Input: {n}/s; Output: {n}/s)"),
           ("critical", "Cannot connect to host '10.0.0.{n}' on port '5665'"),
           ("notice", "Sending 'Problem' notification 'web-{n}!http!mail' for user 'oncall'"),
           ("debug", "Restoring config object state from file")]


def _icinga(records: int) -> tuple[str, collections.Counter[str]]:
    facilities = ["ConfigObject", "ApiListener", "CheckerComponent", "IdoPgsqlConnection"]
    text, levels, _ = cycled_log(_ICINGA, records, 5, lambda k, level, message: (
        f"[2024-03-01 {clock(k)} +0000] {level}/{facilities[k * 7 % 4]}: "
        f"{message.format(n=k * 131 % 251)}"))
    return text, levels


def test_a_level_before_its_facility_is_the_level() -> None:
    assert level_word("warning/ApiListener:") == "warning"
    assert level_word("information/ConfigObject:") == "information"
    assert level_word("docs/ApiListener:") is None
    assert level_word("error.txt:") is None  # (a file's name, no level and its facility)
    text, levels = _icinga(480)
    fmt, stats = levelled_scan(text, 480)
    assert stats.levels == common_levels(levels)
    assert sum(stats.levels.values()) == 480 and stats.levels["error"] == 80
    mined = {t.template: t.count for t in stats.templates}
    assert mined["Restoring config object state from file"] == 80
    assert len(mined) == len(_ICINGA)
    read_alike_in_pieces(text, fmt)


_NPM = [("http", "fetch GET 200 https://registry.npmjs.org/pkg-{n} {n}ms (cache revalidated)"),
        ("silly", "placeDep ROOT left-pad@1.3.{n} OK for: shop@1.0.0 want: ^1.3.0"),
        ("timing", "reify:loadTrees Completed in {n}ms"),
        ("verbose", "cli /usr/local/bin/node /usr/local/bin/npm"),
        ("info", "using npm@10.2.{n}"),
        ("warn", "deprecated inflight@1.0.6: This module is not supported, and leaks memory."),
        ("error", "code ERESOLVE"),
        ("http", "fetch POST 200 https://registry.npmjs.org/-/npm/v1/security/advisories/bulk "
                 "{n}ms")]


def _npm(records: int) -> tuple[str, collections.Counter[str]]:
    text, levels, _ = cycled_log(_NPM, records, 3, lambda k, level, message: (
        f"{k} {level} {message.format(n=k * 131 % 9973)}"))
    return text, levels


def test_a_closed_set_of_lower_case_words_is_a_level_column() -> None:
    text, levels = _npm(640)
    fmt, stats = levelled_scan(text, 640)
    assert stats.levels == common_levels(levels)
    assert stats.levels["silly"] == 80 and stats.levels["http"] == 160
    assert stats.levels["timing"] == 80 and stats.levels["error"] == 80
    mined = {t.template: t.count for t in stats.templates}
    assert mined["code ERESOLVE"] == 80
    assert mined["reify:loadTrees Completed in <*>"] == 80
    read_alike_in_pieces(text, fmt)


def test_lower_case_words_with_one_level_among_them_are_no_level_column() -> None:
    words = ["apple", "pear", "error", "plum"]
    text = "\n".join(f"{k} {words[k % 4]} picked {k * 7 % 97} of them" for k in range(400)) + "\n"
    fmt = detect_format(text)
    assert fmt is None or not has_level(fmt)


_MINECRAFT = [("INFO", "Player{n} joined the game"),
              ("WARN", "Can't keep up! Is the server overloaded? Running {n}ms or {n} ticks "
                       "behind"),
              ("INFO", "Player{n} lost connection: Disconnected"),
              ("ERROR", "Couldn't load chunk [{n}, {n}]")]


def test_a_pair_of_no_known_level_counts_its_own_capitalised_word() -> None:
    """A level column of pairs ("[thread/LEVEL]:", "level/Facility:") whose rare word is no
    level of the common scale counts that word, on either side of the pair."""
    threads = ["Server thread", "User Authenticator #2", "Worker-Main-5"]
    lines, levels = [], collections.Counter[str]()
    for k in range(500):
        level, message = _MINECRAFT[(k * 3) % len(_MINECRAFT)]
        if k % 100 == 7:
            level, message = "FAILURE", "Exception stopping the server"
        levels[level] += 1
        lines.append(f"[{clock(k)}] [{threads[k * 7 % 3]}/{level}]: "
                     f"{message.format(n=k * 131 % 9973)}")
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None and is_shape(fmt) and has_level(fmt)
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 500
    assert stats.levels == common_levels(levels)
    assert stats.levels["failure"] == 5 and sum(stats.levels.values()) == 500
    read_alike_in_pieces(text, fmt)
    icinga, written = _icinga(480)
    icinga = icinga.replace("] debug/", "] FAILURE/", 5)  # (a rare word of its own)
    written["FAILURE"], written["debug"] = 5, written["debug"] - 5
    stats = scan_log(icinga, detect_format(icinga) or "").stats
    assert stats is not None and stats.levels == common_levels(written)
    assert stats.levels["failure"] == 5
