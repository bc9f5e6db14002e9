"""A word of many values among a message's first tokens (where drain's prefix tree keys) is a
variable there: a module, package, task or extension name that opens a message is one
template with the records of all its names, exact and the same however the log is cut,
while a closed set of a few words, a frequent word of another shape and a one-word message
stay events of their own.
"""

from __future__ import annotations

from gapless.engine.extractive.logs.keyed_place import groups
from gapless.engine.extractive.logs.templates import Tally, canonical
from tests.support.helpers import clock, cycled_log, levelled_scan, read_alike_in_pieces

_MODULES = ["ntp", "ssh", "users_groups", "write_files", "growpart", "resizefs", "mounts",
            "locale", "timezone", "apt_configure", "runcmd", "keys_to_console"]
_START = "start: init-network/config-{m}: running config-{m} with frequency once-per-instance"


def test_a_keyed_place_of_many_rare_words_is_one_template_with_their_records() -> None:
    texts = [_START.format(m=m).replace(f"running config-{m}", "running <*>")
             for m in _MODULES]
    counts = [10 + k for k in range(len(_MODULES))]
    renamed = groups(texts, counts)
    assert set(renamed) == set(texts)
    assert set(renamed.values()) == {
        "start: init-network/config-<*>: running <*> with frequency once-per-instance"}


def test_a_closed_set_a_frequent_word_and_a_one_word_message_stay_apart() -> None:
    # three words at the place: a closed set (the event's constant), not a variable
    few = [f"Connection {w} from <*> port <*>" for w in ("accepted", "closed", "reset")]
    assert groups(few, [50, 40, 30]) == {}
    # one word of many holding most records is a constant beside them
    assert groups([f"Job {m} finished in <*>" for m in _MODULES], [500] + [5] * 11) == {}
    # a message of one word has nothing beside the word: each is its own event
    states = ["normal", "warning", "running", "critical", "blocked", "active", "closing",
              "starting", "stopping"]
    assert groups(states, [100] * len(states)) == {}
    # in a few records, distinct words may as well be distinct events
    assert groups([f"{m} step reported ready" for m in _MODULES], [2] * 12) == {}
    # rare contexts of one shape join; a frequent constant of another shape beside them
    # ("Started @<*>ms", "Started ServerConnector@…") stays its own event
    contexts = [f"Started o.e.j.w.WebAppContext@<*>{{/{m},AVAILABLE}}{{/{m}.war}}"
                for m in _MODULES]
    others = ["Started @<*>ms", "Started ServerConnector@<*>{HTTP/<*>}{<*>}"]
    renamed = groups([*contexts, *others], [5] * len(contexts) + [150, 390])
    assert set(renamed) == set(contexts)
    assert set(renamed.values()) == {
        "Started o.e.j.w.WebAppContext@<*>{/<*>.war}"}


def test_a_part_joined_template_takes_the_few_words_another_part_saw() -> None:
    # a fold's children: one part joined its names, another saw two; re-mined, one template
    joined = "start: init-network/config-<*>: running <*> with frequency once-per-instance"
    seen = [_START.format(m=m).replace(f"running config-{m}", "running <*>")
            for m in ("ntp", "ssh")]
    merged, _, where = canonical([Tally(joined, 120, None, None, 0, 0),
                                  *(Tally(t, 4, None, None, 0, 0) for t in seen)])
    assert [(t.template, t.count) for t in merged] == [(joined, 128)]
    assert set(where.values()) == {joined}


def _cloud_init(k: int, level: str, message: str) -> str:
    module = _MODULES[k * 5 % len(_MODULES)]
    return (f"2024-03-01 {clock(k * 7)},{k % 1000:03d} - handlers.py[{level}]: "
            f"{message.format(m=module, n=k % 97)}")


_TABLE = [("DEBUG", _START),
          ("DEBUG", "Reading from /proc/uptime (quiet=False)"),
          ("DEBUG", "finish: modules-config/config-{m}: SUCCESS: config-{m} ran successfully"),
          ("WARNING", "Failed to get raw userdata in module rightscale_userdata"),
          ("DEBUG", "Writing to /var/lib/cloud/sem/config_{m} - wb: [644] {n} bytes")]


def test_names_that_open_a_message_are_counted_as_one_event_in_the_whole_and_its_pieces(
        ) -> None:
    text, levels, _ = cycled_log(_TABLE, 1200, 1, _cloud_init)
    fmt, stats = levelled_scan(text, 1200)
    counts = {t.template: t.count for t in stats.templates}
    # (the name written twice varies with it: "running config-ntp", "config-users_groups")
    assert counts["start: init-network/config-<*>: running config-<*> with frequency "
                  "once-per-instance"] == 240
    assert counts["finish: modules-config/config-<*>: SUCCESS: config-<*> ran successfully"
                  ] == 240
    assert not any("config-ntp" in t or "users_groups" in t for t in counts)
    read_alike_in_pieces(text, fmt)
