"""Event templates, mined with drain3, with exact counts.

:class:`TemplateBag` feeds masked messages (or already mined templates, each with the
number of records it stands for) to a drain3 ``TemplateMiner`` configured in memory (no
file, no persistence) and adds up, per cluster, the records, the first and last time and
the errors and warnings. A cluster never loses a record once given it, so the counts are
exact: every record is in exactly one template.

:func:`canonical` re-mines a list of templates in a fixed order (most records first, then
by text): a leaf's own templates and the templates of all the children of a fold alike. The
result depends on the templates and their counts only, not on how the log was split, so a
template that two leaves both mined is one template of the fold with the sum of their
counts, and the root's templates are those of the whole log (tests check this).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from drain3 import TemplateMiner  # type: ignore[import-untyped]
from drain3.template_miner_config import TemplateMinerConfig  # type: ignore[import-untyped]

from engine.core.logstats import TemplateStat

TEMPLATE_CAP = 200  # templates kept per node; the records of the rest are counted as "other"
_CACHE_CAP = 50_000  # distinct masked messages remembered per bag

# drain3's settings: similarity 0.4 and a prefix tree on the first two tokens (depth 5)
# mine the loghub samples' templates closest to their true ones.
SIM_TH = 0.4
DEPTH = 5


def _config() -> Any:
    config = TemplateMinerConfig()
    config.drain_sim_th = SIM_TH
    config.drain_depth = DEPTH
    config.drain_max_children = 100
    config.drain_max_clusters = None
    config.mask_prefix = "<"
    config.mask_suffix = ">"
    config.masking_instructions = []  # masked beforehand (engine.extractive.logs.mask)
    config.parametrize_numeric_tokens = True
    config.profiling_enabled = False
    return config


def _earlier(a: str | None, b: str | None) -> str | None:
    return b if a is None else a if b is None else min(a, b)


def _later(a: str | None, b: str | None) -> str | None:
    return b if a is None else a if b is None else max(a, b)


@dataclass(slots=True)
class _Agg:
    count: int = 0
    first: str | None = None
    last: str | None = None
    errors: int = 0
    warnings: int = 0


class TemplateBag:
    """Messages (or templates with their counts) in; templates with exact counts out."""

    def __init__(self, *, exact: bool = False) -> None:
        # exact: every distinct text is its own template (access logs' routes, which drain
        # would fold into one "GET <*>").
        self._miner = None if exact else TemplateMiner(config=_config())
        self._cache: dict[str, int] = {}
        self._texts: dict[int, str] = {}
        self._agg: dict[int, _Agg] = {}

    def add(self, text: str, count: int = 1, first: str | None = None,
            last: str | None = None, errors: int = 0, warnings: int = 0) -> int:
        """Count ``count`` records of ``text`` (masked); returns its cluster's id."""
        cid = self._cache.get(text)
        if cid is None:
            if self._miner is None:
                cid = len(self._texts) + 1
                self._texts[cid] = text
                self._cache[text] = cid
            else:
                cid = int(self._miner.add_log_message(text)["cluster_id"])
                if len(self._cache) < _CACHE_CAP:
                    self._cache[text] = cid
        agg = self._agg.get(cid)
        if agg is None:
            agg = self._agg[cid] = _Agg()
        agg.count += count
        agg.first = _earlier(agg.first, first)
        agg.last = _later(agg.last, last if last is not None else first)
        agg.errors += errors
        agg.warnings += warnings
        return cid

    def match(self, text: str) -> str | None:
        """The template ``text`` would join, without adding it (None: none would)."""
        if self._miner is None:
            return text if text in self._cache else None
        cluster = self._miner.match(text)
        return str(cluster.get_template()) if cluster is not None else None

    def template_of(self, cid: int) -> str:
        if self._miner is None:
            return self._texts.get(cid, "")
        cluster = self._miner.drain.id_to_cluster.get(cid)
        return str(cluster.get_template()) if cluster is not None else ""

    def stats(self) -> list[TemplateStat]:
        """Every template, most records first (ties by text)."""
        out = [TemplateStat(template=self.template_of(cid), count=a.count, first=a.first,
                            last=a.last, errors=a.errors, warnings=a.warnings)
               for cid, a in self._agg.items() if a.count]
        out.sort(key=lambda t: (-t.count, t.template))
        return out


def canonical(templates: Iterable[TemplateStat], cap: int = TEMPLATE_CAP, *,
              exact: bool = False) -> tuple[list[TemplateStat], int, dict[str, str]]:
    """Re-mine ``templates`` in a fixed order: the merged templates (at most ``cap``), the
    records of those past the cap, and which merged template each input template went to."""
    ordered = sorted(templates, key=lambda t: (-t.count, t.template))
    bag = TemplateBag(exact=exact)
    ids = [bag.add(t.template, t.count, t.first, t.last, t.errors, t.warnings)
           for t in ordered]
    merged = bag.stats()
    names = {cid: bag.template_of(cid) for cid in set(ids)}
    where = {t.template: names[cid] for t, cid in zip(ordered, ids, strict=True)}
    kept, rest = merged[:cap], merged[cap:]
    return kept, sum(t.count for t in rest), where
