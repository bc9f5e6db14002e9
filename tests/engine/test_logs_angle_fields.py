"""Records whose fields are each in angle brackets (WebLogic's "####<stamp> <Severity>
<Subsystem> … <BEA-n> <message>"): read as a row of fields, the level the field of a small
closed set of level words, the message the field of the most distinct words (not a
thread's name of many words, the same few), the last field running to the line's last
">", a bracket in a field its own."""

from __future__ import annotations

from collections import Counter

from gapless.engine.extractive.logs import detect_format, scan_log
from gapless.engine.extractive.logs.angle_fields import is_angles
from gapless.engine.extractive.logs.merge import provisional
from tests.support.helpers import read_alike_in_pieces

_RECORDS = [("Info", "Deployer", "Deployment of application app{k} completed in {k} ms."),
            ("Notice", "WebLogicServer", "Server state changed to RUNNING."),
            ("Warning", "JDBC", "JDBC connection pool DS{k}: test failed after {k} ms."),
            ("Error", "HTTP", "Request to /api/{k} failed: upstream -> timeout."),
            ("Critical", "Server", "Server failed to bind to the configured port 7001.")]
_THREAD = "[STANDBY] ExecuteThread: '{t}' for queue: 'weblogic.kernel.Default (self-tuning)'"


def _weblogic(records: int) -> tuple[str, Counter[str]]:
    lines, levels = [], Counter[str]()
    for k in range(records):
        level, subsystem, message = _RECORDS[k * 3 % len(_RECORDS)]
        levels[{"Notice": "info", "Critical": "error"}.get(level, level.lower())] += 1
        hour = k // 3600 % 12 or 12
        lines.append(f"####<Mar 1, 2024 {hour}:{k // 60 % 60:02d}:{k % 60:02d},{k % 1000:03d} "
                     f"AM UTC> <{level}> <{subsystem}> <web-1> <AdminServer> "
                     f"<{_THREAD.format(t=k % 9)}> <<WLS Kernel>> <> <> "
                     f"<{1709251200000 + k * 1000}> <BEA-{100000 + k % 7}> "
                     f"<{message.format(k=k)}>")
    return "\n".join(lines) + "\n", levels


def test_fields_in_angle_brackets_are_a_row_with_its_level_and_message() -> None:
    text, levels = _weblogic(400)
    fmt = detect_format(text)
    assert fmt is not None and is_angles(fmt), fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None
    stats = provisional(stats)
    assert stats.records == 400 and stats.levels == dict(levels)
    assert stats.first == "2024-03-01T00:00:00"
    counts = {t.template: t.count for t in stats.templates}
    assert counts["Server state changed to RUNNING."] == 80
    assert counts["Request to /api/<*> failed: upstream -> timeout."] == 80
    read_alike_in_pieces(text, fmt)
