"""The read cursor: round trip, tamper evidence, never a crash, under 4 KB."""

from __future__ import annotations

import base64
import contextlib
import json
import random
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gapless.engine.core.errors import UserError
from gapless.engine.strategies.chunked.cursor import (
    MAX_CURSOR_CHARS,
    Cursor,
    CursorError,
    decode_cursor,
    encode_cursor,
    gzip_bytes,
)
from gapless.engine.strategies.chunked.outline import MAX_ENTRIES, OutlineEntry

B64 = string.ascii_letters + string.digits + "-_"


def make_cursor(entries: int = 5, seed: int = 0, words: int = 6) -> Cursor:
    rnd = random.Random(seed)
    vocab = ["heap", "region", "error", "timeout", "chunk", "caf\u00e9", "\u4e2d\u6587", "retry"]

    def text(n: int) -> str:
        return " ".join(rnd.choice(vocab) for _ in range(n))

    outline = [OutlineEntry(title=text(words)[:80], start_line=1 + 100 * i, end_line=100 * i + 90,
                            kind=rnd.choice(["section", "error", "log", "opaque"]),
                            digest=text(words * 5)[:240]) for i in range(entries)]
    return Cursor(path="/var/log/\u00e9v\u00e9nements/app.log", size=52_428_800,
                  mtime_ns=1_780_000_000_123_456_789, plan_hash="ab" * 16, target=13653,
                  next_chunk=7, chunks_total=3841, question="why did the \u4e2d\u6587 job fail?",
                  detail="standard", outline=outline, summary=text(150)[:1200], run_id="a1b2c3d4e5f6")


def test_round_trip():
    c = make_cursor()
    token = encode_cursor(c)
    assert set(token) <= set(B64)
    assert decode_cursor(token) == c
    assert decode_cursor(f"  {token}\n") == c
    assert encode_cursor(c) == token  # deterministic


def test_every_flipped_character_is_a_clear_error():
    token = encode_cursor(make_cursor(entries=3))
    for i, ch in enumerate(token):
        other = B64[(B64.index(ch) + 1 + i % 60) % len(B64)]
        bad = token[:i] + other + token[i + 1:]
        with pytest.raises(CursorError):
            decode_cursor(bad)


def test_every_flipped_bit_of_the_gzip_bytes_is_detected():
    token = encode_cursor(make_cursor(entries=2))
    blob = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    for i in range(len(blob)):
        for bit in (0, 7):
            mutated = bytearray(blob)
            mutated[i] ^= 1 << bit
            bad = base64.urlsafe_b64encode(bytes(mutated)).rstrip(b"=").decode()
            with pytest.raises(CursorError):
                decode_cursor(bad)


@pytest.mark.parametrize("bad", ["", "   ", "!!!!", "abc", "a" * 20000, "SGVsbG8", None, 42])
def test_garbage_is_a_user_error(bad):
    with pytest.raises(UserError):
        decode_cursor(bad)


def _wrap(obj: object) -> str:
    blob = gzip_bytes(json.dumps(obj).encode())
    return base64.urlsafe_b64encode(blob).rstrip(b"=").decode()


def test_other_versions_and_wrong_shapes_are_named():
    good = make_cursor().model_dump()
    with pytest.raises(CursorError, match="version 2"):
        decode_cursor(_wrap({**good, "v": 2}))
    with pytest.raises(CursorError):
        decode_cursor(_wrap([1, 2, 3]))
    with pytest.raises(CursorError):
        decode_cursor(_wrap({**good, "next_chunk": 9999}))
    with pytest.raises(CursorError):
        decode_cursor(_wrap({**good, "detail": "verbose"}))
    with pytest.raises(CursorError):
        decode_cursor(_wrap({**good, "size": "big"}))
    assert decode_cursor(_wrap(good)) == make_cursor()


def test_size_bound_with_32_entry_outlines():
    sizes = []
    for seed in range(40):
        c = make_cursor(entries=MAX_ENTRIES, seed=seed, words=12)
        token = encode_cursor(c)
        sizes.append(len(token))
        back = decode_cursor(token)
        assert back.next_chunk == c.next_chunk and back.plan_hash == c.plan_hash
        assert len(back.outline) >= 1
        # shrinking keeps the outline's line range and never invents lines
        assert back.outline[0].start_line == c.outline[0].start_line
        assert back.outline[-1].end_line == c.outline[-1].end_line
    sizes.sort()
    assert sizes[int(len(sizes) * 0.95) - 1] < 4096
    assert max(sizes) <= MAX_CURSOR_CHARS


def test_incompressible_outline_is_shrunk_not_refused():
    rnd = random.Random(5)

    def noise(n: int) -> str:
        return "".join(rnd.choice(string.ascii_letters + string.digits) for _ in range(n))

    c = make_cursor(entries=MAX_ENTRIES)
    c.outline = [e.model_copy(update={"title": noise(80), "digest": noise(240)})
                 for e in c.outline]
    c.summary = noise(1200)
    token = encode_cursor(c)
    assert len(token) <= MAX_CURSOR_CHARS
    back = decode_cursor(token)
    assert back.outline[0].start_line == 1 and back.outline[-1].end_line == c.outline[-1].end_line


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=B64 + "=+/ ", max_size=300))
def test_random_text_never_crashes(text):
    with contextlib.suppress(CursorError):
        decode_cursor(text)


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=400))
def test_random_payloads_never_crash(blob):
    token = base64.urlsafe_b64encode(gzip_bytes(b"")[:10] + blob).rstrip(b"=").decode()
    with pytest.raises(CursorError):
        decode_cursor(token)
