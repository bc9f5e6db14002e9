"""At a place where a variable's many rare words are joined into one template (drain's tree
keys there), a value written bare (``<*>``) is that variable too, but a value the message
marks as a kind of its own (``@<*>``: an uptime) is another event, however many records
it holds: "Started @1234ms" is no "Started <context>"."""

from __future__ import annotations

from gapless.engine.extractive.logs.keyed_place import groups

_APPS = ["orders", "billing", "search", "users", "ledger", "media", "export", "reports",
         "cart", "gamma"]
_STARTED = "Started o.e.j.w.WebAppContext@<*>{{/{a},file:///tmp/jetty-{a}.war/webapp/,AVAILABLE}}"


def test_a_value_marked_as_its_own_kind_stays_apart_from_a_joined_variable() -> None:
    texts = [_STARTED.format(a=a) for a in _APPS] + ["Started @<*>"]
    counts = [6] * len(_APPS) + [170]
    renamed = groups(texts, counts)
    assert set(renamed) == set(texts[:-1])  # (the contexts, one template)
    assert len(set(renamed.values())) == 1
    assert "Started @<*>" not in renamed


def test_a_bare_value_at_the_place_joins_the_variable() -> None:
    texts = [_STARTED.format(a=a) for a in _APPS] + ["Started <*>"]
    renamed = groups(texts, [6] * len(_APPS) + [3])
    # (joined under the bare value's own template: its records and theirs, one event)
    assert set(renamed) == set(texts[:-1])
    assert set(renamed.values()) == {"Started <*>"}
