"""Machine logs, offline: detection, exact statistics, drain3 templates, their summary.

A text whose lines are mostly log records, or whose records open with a time and run over
several lines (:mod:`.detect`), is read record by record (:mod:`.formats`, a line-start
shape learned from the text :mod:`.shape`, JSON lines by their fields :mod:`.json_fields`,
columns a "#" line names :mod:`.named_columns`): its messages are masked (:mod:`.mask`)
and mined into event templates with exact counts (:mod:`.templates`, drain3), its fields
counted (:mod:`.fields`), its errors and warnings counted per minute (:mod:`.bursts`), all
into a
:class:`~engine.core.logstats.LogStats` (:mod:`.scan`). A fold merges its children's stats
exactly (:mod:`.merge`); the summary, headline, topics and the facts given to a model are
written from the stats (:mod:`.render`, :mod:`.summary`).
"""

from __future__ import annotations

from gapless.engine.extractive.logs.detect import detect_format, is_log
from gapless.engine.extractive.logs.merge import merge_stats, trimmed
from gapless.engine.extractive.logs.render import facts
from gapless.engine.extractive.logs.scan import scan_log
from gapless.engine.extractive.logs.summary import (
    children_facts,
    fold_logs,
    summarize_log,
    text_facts,
)

__all__ = ["children_facts", "detect_format", "facts", "fold_logs", "is_log", "merge_stats",
           "scan_log", "summarize_log", "text_facts", "trimmed"]
