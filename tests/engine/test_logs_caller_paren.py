"""A caller written as "File.ext(function):line" after a component's bracket (zypper.log's
"[zypp::solver] Resolver.cc(resolvePool):212 …") closes the header: it opens no message,
so records of one event logged from different places are one template."""

from __future__ import annotations

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.caller_close import caller_close
from tests.support.helpers import clock

_CALLERS = ["RepoManager.cc(refreshMetadata):1021", "MediaCurl.cc(doGetFileCopy):754",
            "Resolver.cc(resolvePool):212", "Zypper.cc(doCommand):632"]
_EVENTS = ["Refreshing repository 'repo-{k}'", "Solver run took {k} ms",
           "lock file /run/zypp-{k}.pid exists, waiting"]


def test_a_caller_with_its_function_closes_the_header() -> None:
    lines = [f"2024-03-01 {clock(k * 7)} <{k % 3}> tumble(4812) "
             f"[{['zypp', 'zypp::solver', 'zypp::media'][k % 3]}] {_CALLERS[k * 7 % 4]} "
             f"{_EVENTS[k % 3].format(k=k)}" for k in range(300)]
    text = "\n".join(lines) + "\n"
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 300
    counts = {t.template: t.count for t in stats.templates}
    assert counts["Solver run took <*>"] == 100, counts


def test_a_stack_frame_is_no_caller_that_closes_a_header() -> None:
    assert caller_close("Resolver.cc(resolvePool):212")
    assert caller_close("../../source3/smbd/service.c:1166(make_connection_snum)")
    assert not caller_close("Resolver.resolve(Resolver.java:212)")  # (a frame's own)
    assert not caller_close("(resolvePool):212")
