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

Five rules of structure, none of a format, are added to drain's: a ``key=value`` token is
mined as its key and its value; a message is not joined to a cluster that
:func:`_misaligned` calls another event (a word against a wrapped value, a run of differing
words, another closing word in parentheses: :mod:`.closing_mark`); the templates that
differ only in how many values they hold are one (:mod:`.skeleton`); and so are those that
differ only in a word of many values among the first tokens, where drain's tree keys
(:mod:`.keyed_place`); and a template whose messages hold two words taking turns at a value
place, each on hundreds of records, is two (:mod:`.twins`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from drain3 import TemplateMiner  # type: ignore[import-untyped]
from drain3.drain import LogCluster, Node  # type: ignore[import-untyped]
from drain3.template_miner_config import TemplateMinerConfig  # type: ignore[import-untyped]

from gapless.engine.core.logstats import TemplateStat
from gapless.engine.extractive.logs import dominant, keyed_place, twins
from gapless.engine.extractive.logs.closing_mark import other_phase
from gapless.engine.extractive.logs.request_line import other_request
from gapless.engine.extractive.logs.severity import other_event
from gapless.engine.extractive.logs.skeleton import WILDCARD, family, is_value, joined

TEMPLATE_CAP = 200  # templates kept per node; the records of the rest are counted as "other"
FORM_CAP = 2_000  # distinct masked messages a scope's stats carry (see LogStats.forms)
_CACHE_CAP = 50_000  # distinct masked messages remembered per bag

# drain3's settings: similarity 0.4 and a prefix tree on the first two tokens (depth 5)
# mine the loghub samples' templates closest to their true ones (0.3 to 0.5, depth 5 or 6 mine
# the same top templates of all eleven samples).
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


def earlier(a: str | None, b: str | None) -> str | None:
    return b if a is None else a if b is None else min(a, b)


def later(a: str | None, b: str | None) -> str | None:
    return b if a is None else a if b is None else max(a, b)


_PARAM = WILDCARD


def _drain_add(drain: Any, text: str) -> int:
    """``drain.add_log_message(text)``'s cluster id, by the same steps in fewer calls.

    ``TemplateMiner.add_log_message`` masks (nothing is configured), builds a result dict
    (the template joined) and goes through drain's tree search, match and template update
    one method call at a time: per record that was most of the cost of a log's scan. This is
    drain3 0.9's ``Drain.add_log_message`` (``tree_search`` with ``include_params=False``,
    ``fast_match``, ``get_seq_distance``, ``create_template``) for this module's config (no
    extra delimiters, no cluster cap), inlined: the same clusters, ids and templates (the
    loghub tests and the recorded outputs check it), but for one rule of its own: a cluster
    that :func:`_misaligned` calls another event is not a match."""
    tokens = text.split()
    n = len(tokens)
    clusters = drain.id_to_cluster
    match = None
    node = drain.root_node.key_to_child_node.get(str(n))
    if node is not None:
        if n == 0:
            match = clusters.get(node.cluster_ids[0])
        else:
            depth = 1
            max_depth = drain.max_node_depth
            for token in tokens:
                if depth >= max_depth or depth == n:
                    break
                kids = node.key_to_child_node
                node = kids.get(token)
                if node is None:
                    node = kids.get(_PARAM)
                    if node is None:
                        break
                depth += 1
            if node is not None:
                both = [i for i, t in enumerate(tokens) if t == _PARAM]
                max_sim = -1.0
                max_params = -1
                for cid in node.cluster_ids:
                    cluster = clusters.get(cid)
                    if cluster is None:
                        continue
                    tmpl = cluster.log_template_tokens
                    # similar: equal tokens that are not the wildcard in the template
                    same = sum(map(str.__eq__, tmpl, tokens))
                    if both:
                        same -= sum(1 for i in both if tmpl[i] == _PARAM)
                    sim = float(same) / n
                    params = tmpl.count(_PARAM)
                    if (sim > max_sim or (sim == max_sim and params > max_params)) and (
                            sim < drain.sim_th or not _misaligned(tmpl, tokens)):
                        max_sim, max_params, match = sim, params, cluster
                if max_sim < drain.sim_th:
                    match = None
    if match is None:
        drain.clusters_counter += 1
        match = LogCluster(tokens, drain.clusters_counter)
        clusters[match.cluster_id] = match
        _add_to_tree(drain, match)
    else:
        tmpl = match.log_template_tokens
        new = tuple([b if a == b else _PARAM for a, b in zip(tokens, tmpl, strict=True)])
        if new != tmpl:
            match.log_template_tokens = new
        match.size += 1
    return int(match.cluster_id)


PHRASE = 3  # words in a row that differ: another phrase, not a value (values are one token)
ENDING = 2  # words in a row that differ and end the message: another ending


def _bare(token: str) -> bool:
    """A value with at most a separator after it (``<*>``, ``<*>,``): no wrapping."""
    return token.rstrip(",;:.") == _PARAM


def _misaligned(template: Sequence[str], tokens: Sequence[str]) -> bool:
    """Whether a message is another event than a cluster however many tokens they share:

    * a word of one meets a wrapped value of the other at one place (``bytes (<*>) sent,
      <*> bytes received`` and ``bytes sent, <*> bytes (<*>) received``): they hold their
      words at different places, and drain would make a template of neither;
    * :data:`PHRASE` words in a row differ (``Could not connect to proxy <*> - connection
      attempt failed with …`` and ``… - Could not resolve <*> …``): a value is one token
      (masking made it so), so a run of differing words is another phrase after a shared
      opening.

    A place that drain already made ``<*>`` takes anything; a quoted request line of
    another method or route is another event (:mod:`.request_line`), and so is a message
    opening with another event's severity-numbered name (:mod:`.severity`)."""
    if other_request(template, tokens) or (template and other_event(template[0], tokens[0])):
        return True
    if other_phase(template, tokens):  # ("… (start)", "… (end)": :mod:`.closing_mark`)
        return True
    run = 0
    for a, b in zip(template, tokens, strict=True):
        if a in (b, _PARAM):
            run = 0
            continue
        if not _bare(a) and not _bare(b) and is_value(a) != is_value(b):
            return True
        run = run + 1 if not is_value(a) and not is_value(b) else 0
        if run >= PHRASE:
            return True
    # the words that end the message all differ ("[instance: <*>] Terminating instance",
    # "… Creating image"), or half of a short one ("Connection accepted", "Connection
    # ended"): another event after a shared opening, as a value is one token
    return run >= ENDING or (run > 0 and 2 * run >= len(tokens))


def _add_to_tree(drain: Any, cluster: Any) -> None:
    """drain3 0.9's ``Drain.add_seq_to_prefix_tree`` for this config, its digit test one C
    call (``any(map(str.isdigit, token))`` is its ``has_numbers``)."""
    tokens = cluster.log_template_tokens
    n = len(tokens)
    root = drain.root_node.key_to_child_node
    key = str(n)
    node = root.get(key)
    if node is None:
        node = root[key] = Node()
    if n == 0:
        node.cluster_ids = [cluster.cluster_id]
        return
    max_depth, max_children = drain.max_node_depth, drain.max_children
    depth = 1
    for token in tokens:
        if depth >= max_depth or depth >= n:
            clusters = drain.id_to_cluster
            node.cluster_ids = [c for c in node.cluster_ids if c in clusters]
            node.cluster_ids.append(cluster.cluster_id)
            break
        kids = node.key_to_child_node
        if token not in kids:
            if drain.parametrize_numeric_tokens and any(map(str.isdigit, token)):
                if _PARAM not in kids:
                    kids[_PARAM] = Node()
                node = kids[_PARAM]
            elif _PARAM in kids:
                if len(kids) < max_children:
                    node = kids[token] = Node()
                else:
                    node = kids[_PARAM]
            elif len(kids) + 1 < max_children:
                node = kids[token] = Node()
            elif len(kids) + 1 == max_children:
                node = kids[_PARAM] = Node()
            else:
                node = kids[_PARAM]
        else:
            node = kids[token]
        depth += 1


# A ``key=value`` is mined as two tokens, the key and its value: drain compares tokens, so
# ``tty=NODEVssh`` and ``tty=:0`` would be two unrelated tokens (and ``rhost=`` with no value
# one token like ``rhost=<*>``), where the key is the record's constant structure and only the
# value varies. The key token carries a mark that joins it back to its value in the template.
_GLUE = "\u2060"  # WORD JOINER: a mark logs do not write
_PAIR = re.compile(r"(?:(?<=\s)|^)([\w.-]+=)(?=[^\s=])")  # a token that is a key=value


def _pairs_apart(text: str) -> str:
    if "=" not in text:
        return text
    try:
        return _apart[text]
    except KeyError:
        pass
    if len(_apart) >= _APART_CAP:
        _apart.clear()
    apart = _apart[text] = _PAIR.sub(r"\1" + _GLUE + " ", text)
    return apart


# (remembered: each scope of a log mines its distinct messages again, and they recur)
_APART_CAP = 8_192
_apart: dict[str, str] = {}


def _pairs_joined(template: str) -> str:
    return template.replace(_GLUE + " ", "").replace(_GLUE, "") if _GLUE in template \
        else template


@dataclass(slots=True)
class Tally:
    """A template and its records, as a bag counts them: a :class:`TemplateStat` without the
    cost of making one (a scan's first mining only feeds :func:`canonical`)."""

    template: str
    count: int
    first: str | None
    last: str | None
    errors: int
    warnings: int


def _stat(t: Tally) -> TemplateStat:
    return TemplateStat(template=t.template, count=t.count, first=t.first, last=t.last,
                        errors=t.errors, warnings=t.warnings)


@dataclass(slots=True)
class _Agg:
    count: int = 0
    first: str | None = None
    last: str | None = None
    errors: int = 0
    warnings: int = 0


class TemplateBag:
    """Messages (or templates with their counts) in; templates with exact counts out."""

    def __init__(self, *, exact: bool = False, forms: bool = False) -> None:
        # exact: every distinct text is its own template (access logs' routes, which drain
        # would fold into one "GET <*>"). forms: the bag first only counts each distinct
        # text (forms()), to be mined in one order by :func:`canonical`; past FORM_CAP
        # texts it mines them, in the order met, and every text after as it comes.
        self._miner = None if exact else TemplateMiner(config=_config())
        self._cache: dict[str, int] = {}
        self._texts: dict[int, str] = {}
        self._agg: dict[int, _Agg] = {}
        self._forms: dict[str, _Agg] | None = {} if forms and not exact else None

    def add(self, text: str, count: int = 1, first: str | None = None,
            last: str | None = None, errors: int = 0, warnings: int = 0) -> int:
        """Count ``count`` records of ``text`` (masked); returns its cluster's id (0 while
        the bag only counts distinct texts)."""
        agg: _Agg | None = None
        cid = 0
        forms = self._forms
        if forms is not None:
            agg = forms.get(text)
            if agg is None:
                if len(forms) < FORM_CAP:
                    agg = forms[text] = _Agg()
                else:
                    self._mine_forms()
        if agg is None:
            known = self._cache.get(text)
            if known is not None:
                cid = known
            else:
                if self._miner is None:
                    cid = len(self._texts) + 1
                    self._texts[cid] = text
                    self._cache[text] = cid
                else:
                    cid = _drain_add(self._miner.drain, _pairs_apart(text))
                    if len(self._cache) < _CACHE_CAP:
                        self._cache[text] = cid
            agg = self._agg.get(cid)
            if agg is None:
                agg = self._agg[cid] = _Agg()
        agg.count += count
        # (earlier and later, written out: this runs for every record of a scan)
        if first is not None and (agg.first is None or first < agg.first):
            agg.first = first
        if last is None:
            last = first
        if last is not None and (agg.last is None or last > agg.last):
            agg.last = last
        agg.errors += errors
        agg.warnings += warnings
        return cid

    def _mine_forms(self) -> None:
        """Past FORM_CAP distinct texts: those counted so far mined in the order met."""
        forms, self._forms = self._forms, None
        for text, a in (forms or {}).items():
            self.add(text, a.count, a.first, a.last, a.errors, a.warnings)

    def forms(self) -> list[Tally] | None:
        """Each distinct text with its records, while the bag only counts them (else None)."""
        if self._forms is None:
            return None
        return [Tally(text, a.count, a.first, a.last, a.errors, a.warnings)
                for text, a in self._forms.items()]

    def cid_of(self, text: str) -> int | None:
        """The cluster a text already mined went to (None: not remembered)."""
        return self._cache.get(text)

    def match(self, text: str) -> str | None:
        """The template ``text`` would join, without adding it (None: none would)."""
        if self._miner is None:
            return text if text in self._cache else None
        cluster = self._miner.match(_pairs_apart(text))
        return _pairs_joined(cluster.get_template()) if cluster is not None else None

    def template_of(self, cid: int) -> str:
        if self._miner is None:
            return self._texts.get(cid, "")
        cluster = self._miner.drain.id_to_cluster.get(cid)
        return _pairs_joined(cluster.get_template()) if cluster is not None else ""

    def tallies(self) -> list[Tally]:
        """Every template, most records first (ties by text)."""
        out = [Tally(self.template_of(cid), a.count, a.first, a.last, a.errors, a.warnings)
               for cid, a in self._agg.items() if a.count]
        out.sort(key=lambda t: (-t.count, t.template))
        return out


def _together(templates: Iterable[TemplateStat | Tally]) -> list[Tally]:
    """Each distinct text once, with the records of all its entries, in the order re-mining
    meets them (the entry with most records first, then by text). A text's later entries
    only ever joined the cluster its first one went to (the bag remembers every text it has
    mined), so counting them together first gives the same clusters with fewer adds: a
    fold's children share most of their templates."""
    by_text: dict[str, tuple[int, Tally]] = {}
    for t in templates:
        last = t.last if t.last is not None else t.first
        seen = by_text.get(t.template)
        if seen is None:
            by_text[t.template] = (t.count, Tally(t.template, t.count, t.first, last,
                                                  t.errors, t.warnings))
            continue
        top, agg = seen
        if t.count > top:
            by_text[t.template] = (t.count, agg)
        agg.count += t.count
        agg.first = earlier(agg.first, t.first)
        agg.last = later(agg.last, last)
        agg.errors += t.errors
        agg.warnings += t.warnings
    return [agg for _, agg in sorted(by_text.values(), key=lambda e: (-e[0], e[1].template))]


def canonical(templates: Iterable[TemplateStat | Tally], cap: int = TEMPLATE_CAP, *,
              exact: bool = False, of_forms: bool = False
              ) -> tuple[list[TemplateStat], int, dict[str, str]]:
    """Re-mine ``templates`` in a fixed order: the merged templates (at most ``cap``), the
    records of those past the cap, and which merged template each input template went to.

    Given a scope's distinct messages (``of_forms``), a word that nearly all of a template's
    records hold at a place stays in it (:mod:`.dominant`). Templates mined already have
    lost what their places held, so theirs are not cut: a log past FORM_CAP distinct
    messages is mined as before, the same whatever the split."""
    ordered = _together(templates)
    bag = TemplateBag(exact=exact)
    ids = [bag.add(t.template, t.count, t.first, t.last, t.errors, t.warnings)
           for t in ordered]
    if exact or not of_forms:
        merged = bag.tallies()
        names = {cid: bag.template_of(cid) for cid in set(ids)}
        where = {t.template: names[cid] for t, cid in zip(ordered, ids, strict=True)}
    else:
        merged, where = _with_constants(ordered, ids, bag)
    if not exact:
        merged, renamed = _one_per_skeleton(merged)
        where = {text: renamed.get(name, name) for text, name in where.items()}
        merged, renamed = _one_per_keyed_place(merged)
        where = {text: renamed.get(name, name) for text, name in where.items()}
        if of_forms:
            merged, where = _twins_apart(merged, where, ordered)
    return [_stat(t) for t in merged[:cap]], sum(t.count for t in merged[cap:]), where


def _with_constants(ordered: list[Tally], ids: list[int], bag: TemplateBag
                    ) -> tuple[list[Tally], dict[str, str]]:
    """The bag's templates, each cut where a word holds nearly all its records at a place
    (:mod:`.dominant`): the templates, most records first, and each input's template."""
    members: dict[int, list[int]] = {}
    for k, cid in enumerate(ids):
        members.setdefault(cid, []).append(k)
    out: list[Tally] = []
    where: dict[str, str] = {}
    for cid, ks in members.items():
        groups = [ks]
        tokens: list[list[str]] = []
        if len(ks) > 1:
            tokens = [_pairs_apart(ordered[k].template).split() for k in ks]
            cut = dominant.split(tokens, [ordered[k].count for k in ks])
            if len(cut) > 1:
                groups = [[ks[i] for i in g] for g in cut]
        for group in groups:
            if group is ks:
                name = bag.template_of(cid)
            else:
                name = _pairs_joined(" ".join(dominant.template_of(
                    [tokens[ks.index(k)] for k in group])))
            one = _summed(name, [ordered[k] for k in group])
            for k in group:
                where[ordered[k].template] = name
            if one.count:
                out.append(one)
    out.sort(key=lambda t: (-t.count, t.template))
    return out, where


def _twins_apart(merged: list[Tally], where: dict[str, str], ordered: list[Tally]
                 ) -> tuple[list[Tally], dict[str, str]]:
    """Each template whose messages hold two events one word apart (:mod:`.twins`) as two:
    the templates, most records first, and each message's template."""
    members: dict[str, list[Tally]] = {}
    for t in ordered:
        members.setdefault(where[t.template], []).append(t)
    out: dict[str, list[Tally]] = {}
    where = dict(where)
    cut = False
    for t in merged:
        forms = members.get(t.template, [])
        name = _pairs_apart(t.template).split()
        tokens = [_pairs_apart(f.template).split() for f in forms]
        found = None
        if len(forms) > 1 and all(len(m) == len(name) for m in tokens):
            found = twins.place(name, tokens, [f.count for f in forms],
                                [(f.errors, f.warnings) for f in forms])
        if found is None:
            out.setdefault(t.template, []).append(t)
            continue
        at, sides = found
        cut = True
        for word, ks in sides.items():
            one = _pairs_joined(" ".join([*name[:at], word, *name[at + 1:]]))
            for k in ks:
                where[forms[k].template] = one
            out.setdefault(one, []).append(_summed(one, [forms[k] for k in ks]))
    if not cut:
        return merged, where
    joined = [ts[0] if len(ts) == 1 else _summed(n, ts) for n, ts in out.items()]
    joined.sort(key=lambda t: (-t.count, t.template))
    return joined, where


def _summed(name: str, parts: Iterable[Tally]) -> Tally:
    """One template named ``name`` holding the records of ``parts``."""
    one = Tally(name, 0, None, None, 0, 0)
    for m in parts:
        one.count += m.count
        one.first = earlier(one.first, m.first)
        one.last = later(one.last, m.last)
        one.errors += m.errors
        one.warnings += m.warnings
    return one


def _one_per_skeleton(tallies: list[Tally]) -> tuple[list[Tally], dict[str, str]]:
    """The templates that share their skeleton (:mod:`.skeleton`) as one, its records those
    of all: the templates, most records first, and the new name of each joined one."""
    groups: dict[tuple[str, ...], list[Tally]] = {}
    for t in tallies:
        groups.setdefault(family(t.template), []).append(t)
    if len(groups) == len(tallies):
        return tallies, {}
    out: list[Tally] = []
    renamed: dict[str, str] = {}
    for members in groups.values():
        if len(members) == 1:
            out.append(members[0])
            continue
        name = joined([m.template for m in members])
        for m in members:
            renamed[m.template] = name
        out.append(_summed(name, members))
    out.sort(key=lambda t: (-t.count, t.template))
    return out, renamed


def _one_per_keyed_place(tallies: list[Tally]) -> tuple[list[Tally], dict[str, str]]:
    """The templates that differ only in a word of many values where drain's tree keys
    (:mod:`.keyed_place`) as one, its records those of all: the templates, most records
    first, and the new name of each joined one."""
    renamed = keyed_place.groups([t.template for t in tallies], [t.count for t in tallies])
    if not renamed:
        return tallies, {}
    groups: dict[str, list[Tally]] = {}
    for t in tallies:
        groups.setdefault(renamed.get(t.template, t.template), []).append(t)
    out = [members[0] if len(members) == 1 and name == members[0].template
           else _summed(name, members) for name, members in groups.items()]
    out.sort(key=lambda t: (-t.count, t.template))
    return out, renamed
