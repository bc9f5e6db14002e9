"""A word padded to its width right after the level is a column of its own, a component's
("2024-03-01 10:00:00, Info                  MOUPG  DlpTask: Leaving Execute Method"): the
header ends at it. Most messages there open with their class's "Name::Method:", and that
name was read as the end of a name of several words closing the header, so the component
and the class were one value and the templates lost their first word; they keep it now,
counted exactly, whatever the pieces."""

from __future__ import annotations

import random
from collections import Counter

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.header_end import padded_word
from tests.support.helpers import clock, folds_alike

# (level, component, message with {} for a value)
_EVENTS = [
    ("Info", "MOUPG", "DlpTask: Leaving Execute Method"),
    ("Info", "MOUPG", "Progress: {}% complete"),
    ("Info", "SP", "CMountWIM::DoExecute: Mounting WIM file C:\\Sources\\winre.wim, index {}"),
    ("Warning", "CONX", "Appraiser::GetAsset ({}): Asset [InventoryApplicationFile] not found."),
    ("Warning", "PANTHR", "CBlockList::Initialize: Failed to open registry key [{}]"),
    ("Error", "MOUPG", "CSetupManager::ExecuteInstallMode({}): Result = 0xC1900208"),
]


def _setup_log(records: int) -> tuple[str, Counter[str], Counter[str]]:
    rnd = random.Random(11)
    lines, levels, events = [], Counter[str](), Counter[str]()
    for k in range(records):
        level, component, text = rnd.choices(_EVENTS, weights=[20, 30, 6, 12, 6, 2])[0]
        levels[level] += 1
        events[text.split(" ", 1)[0].replace("{}", "<*>")] += 1
        lines.append(f"2024-03-01 {clock(k * 4)}, {level:<22}{component:<6} "
                     + text.format(rnd.randint(1, 9999)))
    return "\n".join(lines) + "\n", levels, events


def test_a_name_after_a_padded_component_is_the_messages() -> None:
    text, levels, events = _setup_log(900)
    fmt = detect_format(text)
    assert fmt is not None
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 900
    assert stats.fields.get("level") == dict(levels)
    opened: Counter[str] = Counter()
    for t in stats.templates:
        assert t.template.split(" ", 1)[0] not in ("MOUPG", "SP", "CONX", "PANTHR"), t.template
        opened[t.template.split(" ", 1)[0]] += t.count
    assert opened == events, (opened, events)
    folds_alike(text, fmt, pieces=(2, 5, 9))


def test_only_a_padded_word_after_the_level_ends_the_header() -> None:
    assert padded_word([("T", "s"), ("T", "s"), ("L", "w"), ("W", "w")])
    assert not padded_word([("T", "s"), ("L", "s"), ("W", "s")])  # (one blank after it)
    assert not padded_word([("T", "s"), ("B", "s"), ("W", "w")])  # (no level before it)
    assert not padded_word([("W", "w")])
