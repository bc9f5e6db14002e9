"""Records of one line whose fields are an element's key="value" attributes, the message in
a marked section before them (ConfigMgr's CMTrace logs): read as a log; a level attribute
of level words gives the levels, one of a number of the tool's own scale ("type="2"") none,
said so, rather than a guess; the message is the section's inside."""

from __future__ import annotations

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.attribute_records import is_attributes
from gapless.engine.extractive.logs.merge import provisional
from tests.support.helpers import clock, read_alike_in_pieces

_MESSAGES = ["Raising event: instance of CCM_PolicyAgent_PolicyDownloadSucceeded",
             "DTSJob {{{k}}} in state 'DownloadingData'.",
             "CCMHTTP.DLL returned error 0x80072ee2 for request to http://mp{k}.example.com",
             "Evaluation of policy P{k} finished"]


def _cmtrace(records: int, severity: list[str]) -> str:
    lines = []
    for k in range(records):
        message = _MESSAGES[k * 3 % len(_MESSAGES)].format(k=k)
        lines.append(f'<![LOG[{message}]LOG]!><time="{clock(k * 7)}.{k % 1000:03d}+000" '
                     f'date="03-01-2024" component="{["CcmExec", "PolicyAgent"][k % 2]}" '
                     f'context="" type="{severity[k * 3 % len(_MESSAGES)]}" '
                     f'thread="{1000 + k * 17 % 9000}" file="ccmexec.cpp:{k % 90 + 10}">')
    return "\n".join(lines) + "\n"


def test_a_numbered_type_of_its_own_scale_is_no_level() -> None:
    text = _cmtrace(400, ["1", "1", "2", "1"])
    fmt = detect_format(text)
    assert fmt is not None and is_attributes(fmt), fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None
    stats = provisional(stats)
    assert stats.records == 400 and stats.levels == {"none": 400}
    assert stats.first == "0000-00-00T00:00:00"
    counts = {t.template: t.count for t in stats.templates}
    assert counts["Evaluation of policy <*> finished"] == 100
    read_alike_in_pieces(text, fmt)


def test_an_attribute_of_level_words_is_the_level() -> None:
    text = _cmtrace(400, ["Info", "Info", "Warning", "Error"])
    fmt = detect_format(text)
    assert fmt is not None and is_attributes(fmt), fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None
    assert provisional(stats).levels == {"info": 200, "warning": 100, "error": 100}
