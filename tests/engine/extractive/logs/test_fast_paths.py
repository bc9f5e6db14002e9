"""The scan's shortcuts give what the slow ways give: masking by shape and token by token
equals masking the whole message, the inlined drain step equals
``TemplateMiner.add_log_message``, and a remembered merge equals a fresh one."""

from __future__ import annotations

import random

import pytest
from drain3 import TemplateMiner  # type: ignore[import-untyped]

from engine.extractive.logs.mask import mask, mask_whole
from engine.extractive.logs.merge import _merge_stats, merge_kept, merge_stats
from engine.extractive.logs.scan import scan_log
from engine.extractive.logs.templates import _config, _drain_add
from tests.engine.extractive.logs.truth import SAMPLES, sample

_PIECES = ["Dec", "Jan", "Mon", "Tue,", " ", "  ", "12", "1", ":", "00", "2024", "-", "01",
           "2024-01-01", "10:00:00", "T", "Z", "+02:00", ".5", ",", "=", "x", "0x1f",
           "deadbeefcafe12", "ab", "\t", "id=", "a.b", "1.2.3.4", ":80", "\u00a0", "(", "'",
           "7", "95", "350ms", "1.5s", "0x9f", "4KiB", "MB", "s", "8", "\u0663"]


def _lines() -> list[str]:
    out: list[str] = []
    for name in SAMPLES:
        if sample(name).exists():
            out += sample(name).read_text(encoding="utf-8", errors="replace").splitlines()
    if not out:
        pytest.skip("no loghub samples")
    return out


def test_mask_token_by_token_is_mask_whole() -> None:
    rnd = random.Random(5)
    messages = [m for ln in _lines() for m in (ln, ln[16:], ln[40:])]
    messages += ["".join(rnd.choice(_PIECES) for _ in range(rnd.randrange(1, 14)))
                 for _ in range(20_000)]
    assert [mask(m) for m in messages] == [mask_whole(m) for m in messages]


def test_drain_step_is_drain3s() -> None:
    masked = [mask(ln[16:]) for ln in _lines()]
    for size in (190, len(masked)):
        for i in range(0, len(masked), size):
            ref, fast = TemplateMiner(config=_config()), TemplateMiner(config=_config())
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
