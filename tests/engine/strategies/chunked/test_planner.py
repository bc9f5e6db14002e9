"""The chunk planner: a pure, streaming function of the bytes and the target size."""

from __future__ import annotations

import io
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gapless.engine.core.tokens import Capacity
from gapless.engine.strategies.chunked.planner import (
    BLOCK,
    Plan,
    chunk_digest,
    plan_bytes,
    plan_file,
    plan_stream,
)
from gapless.engine.strategies.chunked.read import chunk_target

DEFAULT_TARGET = chunk_target(Capacity.for_context(8192))


def check_partition(data: bytes, plan: Plan) -> None:
    """Every byte in exactly one chunk; lines, digests and sizes consistent."""
    assert plan.size == len(data)
    pos = 0
    for i, c in enumerate(plan.chunks):
        assert c.index == i
        assert c.start == pos and c.end > c.start
        assert c.size <= int(plan.target * 1.2)
        assert c.digest == chunk_digest(data[c.start:c.end])
        assert c.start_line == data.count(b"\n", 0, c.start) + 1
        body = data[c.start:c.end]
        assert c.end_line == c.start_line + body.count(b"\n") - (1 if body.endswith(b"\n") else 0)
        pos = c.end
    assert pos == len(data)
    expected_lines = data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)
    assert plan.total_lines == expected_lines


def test_empty_file(tmp_path):
    f = tmp_path / "empty.txt"
    f.write_bytes(b"")
    plan = plan_file(f, DEFAULT_TARGET)
    assert len(plan.chunks) == 0 and plan.size == 0 and plan.total_lines == 0


@pytest.mark.parametrize("data", [b"hello world", b"hello world\n", b"\n"])
def test_one_line_file(tmp_path, data):
    f = tmp_path / "one.txt"
    f.write_bytes(data)
    plan = plan_file(f, DEFAULT_TARGET)
    assert len(plan.chunks) == 1
    c = plan.chunks[0]
    assert (c.start, c.end, c.start_line, c.end_line, c.cut) == (0, len(data), 1, 1, "eof")
    assert plan.total_lines == 1


def test_10kb_uniform_text_is_one_chunk_at_the_default_target(tmp_path):
    line = b"the quick brown fox jumps over the lazy dog again and again\n"
    data = (line * (10 * 1024 // len(line) + 1))[: 10 * 1024]
    f = tmp_path / "ten.txt"
    f.write_bytes(data)
    plan = plan_file(f, DEFAULT_TARGET)
    assert len(plan.chunks) == 1
    check_partition(data, plan)


def _paragraph_file(size: int, every: int, seed: int = 1) -> tuple[bytes, set[int]]:
    """Paragraphs of ``every`` bytes (lines, no blank line inside), separated by one blank
    line; returns the data and the offsets where a paragraph starts."""
    rnd = random.Random(seed)
    words = ["alpha", "beta", "gamma", "delta", "log", "request", "served", "cache", "miss"]
    out = bytearray()
    starts = {0}
    while len(out) < size:
        para = bytearray()
        while len(para) < every - 80:
            para += (" ".join(rnd.choice(words) for _ in range(10)) + "\n").encode()
        para += b"x" * (every - 1 - len(para)) + b"\n"  # exactly `every` bytes with the blank
        out += para + b"\n"
        starts.add(len(out))
    return bytes(out), starts


@pytest.mark.parametrize("target", [48 * 1024, 100 * 1024, 128 * 1024])
def test_1mb_with_blank_lines_every_50kb_snaps_to_them(tmp_path, target):
    data, starts = _paragraph_file(1024 * 1024, 50 * 1024)
    f = tmp_path / "paras.txt"
    f.write_bytes(data)
    plan = plan_file(f, target)
    check_partition(data, plan)
    assert len(plan.chunks) > 1
    for c in plan.chunks:
        assert c.start in starts, "a chunk starts inside a paragraph"
        assert c.cut in ("blank", "eof")
        assert data[c.start:c.end].endswith(b"\n\n") or c.end == len(data)


def test_5mb_minified_json_falls_back_to_byte_cuts(tmp_path):
    record = '{"id":1234,"name":"caf\u00e9 \u4e2d\u6587","tags":["a","b"],"ok":true},'
    data = ("[" + record * (5 * 1024 * 1024 // len(record.encode())) + "{}]").encode()
    assert b"\n" not in data
    f = tmp_path / "min.json"
    f.write_bytes(data)
    plan = plan_file(f, DEFAULT_TARGET)
    check_partition(data, plan)
    assert sum(c.size for c in plan.chunks) == len(data)
    assert {c.cut for c in plan.chunks} <= {"bytes", "eof"}
    for c in plan.chunks:  # cut on code-point boundaries: every chunk decodes on its own
        data[c.start:c.end].decode("utf-8")
    assert all(c.start_line == c.end_line == 1 for c in plan.chunks)


def test_structural_snaps_brace_yaml_and_json_lines():
    code = b"".join(b"int f%d(void) {\n    return %d;\n}\n" % (i, i) for i in range(400))
    plan = plan_bytes(code, 400)
    assert {c.cut for c in plan.chunks[:-1]} == {"brace"}
    assert all(code[c.end - 2:c.end] == b"}\n" for c in plan.chunks[:-1])

    yaml = b"".join(b"---\nname: svc%d\nreplicas: %d\nimage: repo/img:%d\n" % (i, i, i)
                    for i in range(400))
    plan = plan_bytes(yaml, 400)
    assert {c.cut for c in plan.chunks[:-1]} == {"yaml"}
    assert all(yaml.startswith(b"---\n", c.start) for c in plan.chunks)

    jsonl = b"".join(b'{"n": %d, "msg": "event number %d happened"}\n' % (i, i) for i in range(400))
    plan = plan_bytes(jsonl, 400)
    assert {c.cut for c in plan.chunks[:-1]} == {"json"}
    assert all(jsonl.startswith(b"{", c.start) for c in plan.chunks)


def test_plain_lines_cut_on_line_ends():
    data = b"".join(b"line %d of a log without blank lines\n" % i for i in range(2000))
    plan = plan_bytes(data, 1000)
    check_partition(data, plan)
    assert {c.cut for c in plan.chunks[:-1]} == {"line"}
    assert all(data[c.end - 1:c.end] == b"\n" for c in plan.chunks)


def test_plan_is_deterministic_and_identifies_the_content():
    data, _ = _paragraph_file(200_000, 7000)
    a, b = plan_bytes(data, 5000), plan_bytes(data, 5000)
    assert a == b and a.plan_hash == b.plan_hash
    flipped = bytearray(data)
    flipped[150_000] ^= 1
    assert plan_bytes(bytes(flipped), 5000).plan_hash != a.plan_hash
    assert plan_bytes(data, 6000).plan_hash != a.plan_hash


def test_streaming_matches_in_memory_with_any_block_sizes(tmp_path):
    data, _ = _paragraph_file(3 * BLOCK // 2, 9000)
    f = tmp_path / "big.txt"
    f.write_bytes(data)
    whole = plan_bytes(data, 4000)
    assert plan_file(f, 4000) == whole
    src = io.BytesIO(data)
    rnd = random.Random(3)
    assert plan_stream(lambda _n: src.read(rnd.randint(1, 5000)), 4000) == whole


def test_rejects_a_tiny_target():
    with pytest.raises(ValueError):
        plan_bytes(b"abc", 4)


_ALPHABET = [b"a", b"b", b" ", b"\n", b"\n\n", b"}", b"{", b"[", b"---\n", b"\xc3\xa9",
             b"\xe4\xb8\xad", b"\r\n", b"\t"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(parts=st.lists(st.sampled_from(_ALPHABET), max_size=600),
       target=st.integers(min_value=16, max_value=300),
       seed=st.integers(min_value=0, max_value=2**16))
def test_every_byte_in_exactly_one_chunk(parts, target, seed):
    data = b"".join(parts)
    plan = plan_bytes(data, target)
    check_partition(data, plan)
    for c in plan.chunks:  # valid UTF-8 in, code-point boundaries out
        data[c.start:c.end].decode("utf-8")
    src = io.BytesIO(data)
    rnd = random.Random(seed)
    assert plan_stream(lambda _n: src.read(rnd.randint(1, 64)), target) == plan
