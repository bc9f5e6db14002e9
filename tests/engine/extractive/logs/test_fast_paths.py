"""The scan's shortcuts give what the slow ways give: masking by shape and token by token
equals masking the whole message, the inlined drain step equals drain3's
``TemplateMiner.add_log_message`` with the one rule it adds, a remembered merge equals a
fresh one, re-mining each template text once equals adding every entry, remembered summary
lines equal fresh ones, and detection's quick passes (over unrendered text, a generic
line's stamp) equal the full search and the parser."""

from __future__ import annotations

import random
from typing import Any

from drain3 import TemplateMiner  # type: ignore[import-untyped]

from gapless.engine.core.logstats import TemplateStat
from gapless.engine.extractive.logs.detect import _RENDERED, _rendered
from gapless.engine.extractive.logs.formats import accepts_generic, parse_generic
from gapless.engine.extractive.logs.mask import mask, mask_whole
from gapless.engine.extractive.logs.merge import _merge_stats, merge_kept, merge_stats
from gapless.engine.extractive.logs.render import _LINES, facts, summary_lines
from gapless.engine.extractive.logs.scan import scan_log
from gapless.engine.extractive.logs.templates import (
    TEMPLATE_CAP,
    TemplateBag,
    _config,
    _drain_add,
    _misaligned,
    _one_per_skeleton,
    canonical,
)
from tests.engine.extractive.logs.truth import SAMPLES, sample

_PIECES = ["Dec", "Jan", "Mon", "Tue,", " ", "  ", "12", "1", ":", "00", "2024", "-", "01",
           "2024-01-01", "10:00:00", "T", "Z", "+02:00", ".5", ",", "=", "x", "0x1f",
           "deadbeefcafe12", "ab", "\t", "id=", "a.b", "1.2.3.4", ":80", "\u00a0", "(", "'",
           "7", "95", "350ms", "1.5s", "0x9f", "4KiB", "MB", "s", "8", "\u0663"]


def _lines() -> list[str]:
    out: list[str] = []
    for name in SAMPLES:
        out += sample(name).read_text(encoding="utf-8", errors="replace").splitlines()
    return out


def test_mask_token_by_token_is_mask_whole() -> None:
    rnd = random.Random(5)
    messages = [m for ln in _lines() for m in (ln, ln[16:], ln[40:])]
    messages += ["".join(rnd.choice(_PIECES) for _ in range(rnd.randrange(1, 14)))
                 for _ in range(20_000)]
    # shapes are looked up as UTF-8: other scripts' digits, accents, a lone surrogate (JSON)
    messages += ["\u0663\u0664 id=12 \u00e9t\u00e9 7", "\ud800 id=42 in 35ms",
                 "\ud800 id=43 in 36ms", "caf\u00e9 1.5s", "caf\u00e9 2.5s", "\U0001f600 9"]
    assert [mask(m) for m in messages] == [mask_whole(m) for m in messages]


def _drain3_with_our_rule() -> TemplateMiner:
    """drain3's own miner, a candidate that :func:`_misaligned` calls another event never
    chosen (the one rule the inlined step adds to drain3's)."""
    miner = TemplateMiner(config=_config())
    drain = miner.drain
    distance = drain.get_seq_distance

    def seq_distance(template: Any, tokens: Any, include_params: bool) -> tuple[float, int]:
        sim, params = distance(template, tokens, include_params)
        if sim >= drain.sim_th and _misaligned(template, tokens):
            return -2.0, params  # below any candidate's, and below the threshold
        return sim, params

    drain.get_seq_distance = seq_distance
    return miner


def test_drain_step_is_drain3s_with_its_one_rule() -> None:
    masked = [mask(ln[16:]) for ln in _lines()]
    assert any(_misaligned(a.split(), b.split()) for a, b in zip(masked, masked[1:],
               strict=False) if len(a.split()) == len(b.split()))  # the rule is exercised
    for size in (190, len(masked)):
        for i in range(0, len(masked), size):
            ref, fast = _drain3_with_our_rule(), TemplateMiner(config=_config())
            ids = [ref.add_log_message(m)["cluster_id"] for m in masked[i:i + size]]
            assert [_drain_add(fast.drain, m) for m in masked[i:i + size]] == ids
            assert ({k: c.log_template_tokens for k, c in fast.drain.id_to_cluster.items()}
                    == {k: c.log_template_tokens for k, c in ref.drain.id_to_cluster.items()})


def test_durations_and_sizes_are_values_as_loghub_writes_them() -> None:
    # Linux_2k's true templates are "<*> HIGHMEM available." and "<*> LOWMEM available."
    stats = scan_log(sample("Linux").read_text(encoding="utf-8", errors="replace"),
                     "syslog").stats
    mined = {t.template for t in stats.templates}
    assert {"<*> HIGHMEM available.", "<*> LOWMEM available."} <= mined
    assert mask("done in 350ms, 1.5s later 4KiB") == "done in <*>, <*> later <*>"
    # digits inside a word stay: ssh2, sha256, x86, 3des
    assert mask("ssh2 sha256 x86 3des") == "ssh2 sha256 x86 3des"


def test_messages_of_one_shape_share_their_mask_but_keep_their_words() -> None:
    assert mask("id=48213 in 35ms") == mask("id=90877 in 12ms") == "id=<*> in <*>"
    # same shape, digits left in the text: each keeps its own
    assert mask("port 22 ssh2") == "port <*> ssh2"
    assert mask("port 80 ssh3") == "port <*> ssh3"
    assert mask("got 0x1f") == "got <*>" and mask("got 1x1f") == "got 1x1f"


def test_a_merge_of_the_same_children_is_made_once_and_is_the_same() -> None:
    text = sample("OpenSSH").read_text(encoding="utf-8", errors="replace")
    half = text.index("\n", len(text) // 2) + 1
    a = scan_log(text[:half], "syslog").stats
    b = scan_log(text[half:], "syslog", starts_input=False).stats
    first = merge_stats([a, b])
    assert merge_stats([a, b]) is first  # the fold's prompt and the answer to it
    assert first == _merge_stats([a, b])
    # other children (even equal ones) are merged anew, never given a stale result
    other = merge_stats([a.model_copy(), b])
    assert other is not first and other == first
    assert merge_stats([b]) != first


def test_a_folds_merge_is_kept_while_it_waits_for_its_answer() -> None:
    """In a tree, a fold merges its children when they are done, and the offline answer to
    it merges them again once the fold has a call slot, often after many other merges: the
    merge is kept for as long as the fold waits, then let go."""
    text = sample("OpenSSH").read_text(encoding="utf-8", errors="replace")
    cuts = [0] + [text.index("\n", len(text) * k // 12) + 1 for k in range(1, 12)] + [len(text)]
    parts = [scan_log(text[s:e], "syslog", starts_input=s == 0).stats
             for s, e in zip(cuts, cuts[1:], strict=False)]
    mine = parts[:2]
    with merge_kept(mine):
        first = merge_stats(mine)
        for k in range(2, 11):  # other folds' merges, more than the last few remembered
            merge_stats([parts[k], parts[k + 1]])
        assert merge_stats(mine) is first
        with merge_kept(mine):  # a second holder of the same children
            pass
        assert merge_stats(mine) is first
    for k in range(2, 11):
        merge_stats([parts[k], parts[k + 1]])
    again = merge_stats(mine)
    assert again is not first and again == first


def _canonical_one_by_one(templates: list[TemplateStat]) -> tuple[list[TemplateStat], int,
                                                                   dict[str, str]]:
    """:func:`canonical` as it was first written: every entry added, in sorted order (then
    the templates that differ only in how many values they hold joined, as it does)."""
    ordered = sorted(templates, key=lambda t: (-t.count, t.template))
    bag = TemplateBag()
    ids = [bag.add(t.template, t.count, t.first, t.last, t.errors, t.warnings)
           for t in ordered]
    merged, renamed = _one_per_skeleton(bag.tallies())
    where = {t.template: renamed.get(bag.template_of(cid), bag.template_of(cid))
             for t, cid in zip(ordered, ids, strict=True)}
    stats = [TemplateStat(template=t.template, count=t.count, first=t.first, last=t.last,
                          errors=t.errors, warnings=t.warnings) for t in merged[:TEMPLATE_CAP]]
    return stats, sum(t.count for t in merged[TEMPLATE_CAP:]), where


def test_a_folds_templates_counted_together_first_mine_the_same() -> None:
    """Children share most of their templates; counting each text once before re-mining
    gives what adding every child's entry one by one gave (clusters, counts, times), in
    re-mining's order: the entry with most records first."""
    text = sample("Linux").read_text(encoding="utf-8", errors="replace")
    cuts = [0] + [text.index("\n", len(text) * k // 9) + 1 for k in range(1, 9)] + [len(text)]
    parts = [scan_log(text[s:e], "syslog", starts_input=s == 0).stats
             for s, e in zip(cuts, cuts[1:], strict=False)]
    entries = [t for p in parts for t in p.templates]
    assert len({t.template for t in entries}) < len(entries)
    assert canonical(entries) == _canonical_one_by_one(entries)
    # texts whose clusters depend on the order they are mined in, each in a few entries
    rnd = random.Random(3)
    words = ["a", "b", "c"]
    for _ in range(200):
        texts = [" ".join(["s", "t", "u", *rnd.choices(words, k=6)]) for _ in range(6)]
        entries = [TemplateStat(template=rnd.choice(texts), count=rnd.randrange(1, 9),
                                first=rnd.choice([None, "2026-01-01T00:00:0" + str(i % 10)]),
                                last=rnd.choice([None, "2026-01-02T00:00:0" + str(i % 10)]))
                   for i in range(12)]
        assert canonical(entries) == _canonical_one_by_one(entries)


def test_a_summary_says_the_same_whether_its_lines_were_made_before_or_not() -> None:
    """A prompt's facts and the offline answer share the lines made of one stats; what
    either says is what it says made fresh, and other stats never get them."""
    text = sample("OpenSSH").read_text(encoding="utf-8", errors="replace")
    stats = scan_log(text, "syslog").stats
    other = stats.model_copy(update={"templates": stats.templates[3:]})
    said = [facts(stats), summary_lines(stats, 1200), summary_lines(stats, 300),
            summary_lines(other, 1200)]
    _LINES.clear()
    fresh = [facts(stats), summary_lines(stats, 1200), summary_lines(stats, 300)]
    _LINES.clear()
    assert said == [*fresh, summary_lines(other, 1200)]
    assert said[1] != said[3]


def test_detection_passes_over_a_text_without_rendered_marks_the_same() -> None:
    rendered = ["## user · 10:00\nhello", "x\n```\nDec 10 06:55:46 host sshd[1]: a\n```",
                "~~~\n", "#### assistant · 1\n"]
    plain = [sample(name).read_text(encoding="utf-8", errors="replace")[:20_000]
             for name in SAMPLES if sample(name).exists()]
    plain += ["# title\n## section\n", "a ## b ~~ ``"]
    for text in rendered + plain:
        assert _rendered(text) is (_RENDERED.search(text[:200_000]) is not None)
    assert all(_rendered(t) for t in rendered)


def test_a_generic_line_is_accepted_by_its_stamp_as_the_parser_accepts_it() -> None:
    rnd = random.Random(11)
    lines = _lines() + [ln[16:] for ln in _lines()[:2000]]
    stamps = ["2026-03-01T10:00:00Z", "[2026-03-01 10:00:00,123]", "2026-03-01t9:00:00+0200",
              "2026-03-01 10:00:00.5-02:00", "2026-3-01 10:00:00", "2026-03-01T10:00:00z",
              "2026-03-01T10:00:00", "Mar 01 10:00:00", "10:00:00"]
    tails = ["", " ", "\t", " INFO", " [main] x", "]", "] y", "x", " ERROR: api - z", "\u00a0a",
             "\x1fq", " WARNING worker[3]: w", "  "]
    lines += [rnd.choice(stamps) + rnd.choice(tails) + rnd.choice(tails) for _ in range(20_000)]
    assert [accepts_generic(ln) for ln in lines] == [parse_generic(ln) is not None
                                                    for ln in lines]
