"""Tests for engine.core.jsonrepair: dirty model replies in, one JSON object or one error out."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gapless.engine.core.jsonrepair import (
    LlmJsonError,
    extract_first_balanced_object,
    parse_llm_json,
)

# --- well-formed and wrapped replies -------------------------------------------------------


def test_raw_json_object() -> None:
    assert parse_llm_json('{"action": "done", "n": 3}') == {"action": "done", "n": 3}


def test_surrounding_whitespace_and_bom() -> None:
    assert parse_llm_json('\n  {"a": 1}  \n') == {"a": 1}
    assert parse_llm_json('\ufeff{"a": 1}') == {"a": 1}
    assert parse_llm_json('  \ufeff {"a": 1}') == {"a": 1}


def test_empty_object() -> None:
    assert parse_llm_json("{}") == {}


@pytest.mark.parametrize(
    "reply",
    [
        '```json\n{"a": 1}\n```',
        '```\n{"a": 1}\n```',
        '```JSON\n{"a": 1}\n```',
        '```{"a": 1}```',
        'Here you go:\n```json\n{"a": 1}\n```\nLet me know if you need more.',
        '```json\n{"a": 1}',  # unterminated fence
    ],
)
def test_code_fences(reply: str) -> None:
    assert parse_llm_json(reply) == {"a": 1}


def test_first_fenced_block_wins() -> None:
    reply = '```json\n{"first": true}\n```\nor maybe\n```json\n{"second": true}\n```'
    assert parse_llm_json(reply) == {"first": True}


def test_fence_content_with_backticks_in_a_string() -> None:
    assert parse_llm_json('```json\n{"code": "use `x`"}\n```') == {"code": "use `x`"}


@pytest.mark.parametrize(
    "reply",
    [
        '<think>I should answer.</think>{"a": 1}',
        '<think>\nline one\nline two {not json}\n</think>\n\n{"a": 1}',
        '<THINK>shout</Think >{"a": 1}',
        '<think>one</think> <think>two</think>\n{"a": 1}',
        '<think>a</think>```json\n{"a": 1}\n```',
    ],
)
def test_think_blocks(reply: str) -> None:
    assert parse_llm_json(reply) == {"a": 1}


def test_ollama_style_think_leak() -> None:
    reply = (
        "<think>\nOkay, the user wants {something} summarized. Let me check the format: "
        'it should be like {"action": ...}. I will answer done.\n</think>\n\n'
        '{"action": "done"}'
    )
    assert parse_llm_json(reply) == {"action": "done"}


def test_dangling_close_think_drops_everything_before_it() -> None:
    reply = 'reasoning with {"decoy": 1} in it\n</think>\n{"action": "done"}'
    assert parse_llm_json(reply) == {"action": "done"}


def test_dangling_close_think_after_a_closed_block() -> None:
    reply = 'pre {"decoy": 1} <think>a</think> mid {"decoy": 2}</think>{"action": "done"}'
    assert parse_llm_json(reply) == {"action": "done"}


def test_unterminated_think_with_answer_after_prose() -> None:
    reply = '<think>\nThe user wants {a summary}. So the answer is {"action": "done"}'
    assert parse_llm_json(reply) == {"action": "done"}


def test_think_tag_inside_a_json_string_is_kept() -> None:
    assert parse_llm_json('{"note": "a </think> tag"}') == {"note": "a </think> tag"}
    assert parse_llm_json('Sure: {"note": "a </think> tag"}') == {"note": "a </think> tag"}


def test_object_only_inside_think_is_still_found() -> None:
    assert parse_llm_json('<think>{"a": 1}</think>') == {"a": 1}


# --- prose and the brace hunt --------------------------------------------------------------


@pytest.mark.parametrize(
    "reply",
    [
        'Here is the JSON: {"a": 1}',
        '{"a": 1}\nHope this helps!',
        'Sure! {"a": 1} Anything else?',
        'Answer:\n\n{\n  "a": 1\n}\n\n(generated)',
    ],
)
def test_prose_before_and_after(reply: str) -> None:
    assert parse_llm_json(reply) == {"a": 1}


def test_braces_and_escaped_quotes_inside_strings() -> None:
    value = {"text": 'he said "}{" and left \\ }', "k{": "}"}
    assert parse_llm_json("prefix " + json.dumps(value) + " suffix }") == value


def test_escaped_backslash_before_closing_quote() -> None:
    assert parse_llm_json('x {"p": "C:\\\\", "q": "}"} y') == {"p": "C:\\", "q": "}"}


def test_later_candidate_used_when_first_does_not_parse() -> None:
    reply = 'The format is {"action": <verb>}; my answer: {"action": "done"}'
    assert parse_llm_json(reply) == {"action": "done"}
    assert parse_llm_json("Use {name} then {'x': 1} then " + '{"a": 1}') == {"a": 1}


def test_unclosed_prose_brace_is_skipped() -> None:
    assert parse_llm_json('a { stray brace, then {"a": 1}') == {"a": 1}


def test_broken_object_is_not_replaced_by_an_inner_fragment() -> None:
    with pytest.raises(LlmJsonError, match="not valid JSON"):
        parse_llm_json('Result: {"outer": {"inner": 1}, "bad": tru}')


def test_truncated_object_is_reported() -> None:
    with pytest.raises(LlmJsonError, match="never closed"):
        parse_llm_json('Result: {"outer": {"inner": 1}, "rest": "cut of')


def test_trailing_comma_is_not_repaired() -> None:
    with pytest.raises(LlmJsonError, match=r"not valid JSON \(.*line 1 column"):
        parse_llm_json('{"a": 1,}')


# --- rejections ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("reply", "kind"),
    [
        ("[1, 2]", "an array"),
        ('[{"a": 1}]', "an array"),
        ('```json\n[{"a": 1}]\n```', "an array"),
        ('<think>hmm</think>[{"a": 1}]', "an array"),
        ("42", "a number"),
        ("-1.5e3", "a number"),
        ('"{\\"a\\": 1}"', "a string"),
        ("true", "a boolean"),
        ("null", "null"),
    ],
)
def test_non_objects_are_rejected_with_reason(reply: str, kind: str) -> None:
    with pytest.raises(LlmJsonError) as caught:
        parse_llm_json(reply)
    assert str(caught.value) == f"expected a JSON object but got {kind}"


@pytest.mark.parametrize("reply", ["", "   ", "\n\t", "\ufeff", " \ufeff "])
def test_empty_input(reply: str) -> None:
    with pytest.raises(LlmJsonError, match="empty"):
        parse_llm_json(reply)


@pytest.mark.parametrize("reply", ["no json here", "<think>only thinking</think>", "a } b ]"])
def test_no_object(reply: str) -> None:
    with pytest.raises(LlmJsonError, match="no JSON object found"):
        parse_llm_json(reply)


@pytest.mark.parametrize("value", [None, b'{"a": 1}', 42, {"a": 1}, ['{"a": 1}']])
def test_non_str_input(value: Any) -> None:
    with pytest.raises(LlmJsonError, match="expected the reply as text"):
        parse_llm_json(value)


def test_error_is_a_value_error() -> None:
    assert issubclass(LlmJsonError, ValueError)


# --- size and depth ------------------------------------------------------------------------


def test_moderate_nesting_parses() -> None:
    deep = '{"a": ' * 200 + "1" + "}" * 200
    result: Any = parse_llm_json(deep)
    for _ in range(200):
        result = result["a"]
    assert result == 1


@pytest.mark.parametrize("depth", [10_000, 100_000])
def test_deep_object_nesting(depth: int) -> None:
    deep = '{"a": ' * depth + "1" + "}" * depth
    with pytest.raises(LlmJsonError, match="nested too deeply"):
        parse_llm_json(deep)
    with pytest.raises(LlmJsonError, match="nested too deeply"):
        parse_llm_json("Here it is: " + deep + " done")


@pytest.mark.parametrize("depth", [10_000, 100_000])
def test_deep_array_nesting(depth: int) -> None:
    with pytest.raises(LlmJsonError, match="nested too deeply"):
        parse_llm_json("[" * depth + "]" * depth)


@pytest.mark.parametrize(
    "reply",
    [
        pytest.param("{" * 200_000, id="open-braces"),
        pytest.param("x{" * 200_000, id="prose-braces"),
        pytest.param('{"' * 200_000, id="brace-quotes"),
        pytest.param("{a" * 100_000 + "}" * 50_000, id="half-closed"),
        pytest.param("<think>" * 50_000 + "{", id="think-openers"),
        pytest.param("```" * 100_000, id="fences"),
    ],
)
def test_pathological_input_is_fast(reply: str) -> None:
    # CPU time, not wall time: a quadratic scan of 200k characters takes minutes of CPU,
    # while a busy machine only stretches the wall clock.
    began = time.process_time()
    with pytest.raises(LlmJsonError):
        parse_llm_json(reply)
    assert time.process_time() - began < 3.0


def test_huge_valid_reply() -> None:
    value = {"items": [{"i": i, "s": "x{}" * 3} for i in range(20_000)]}
    assert parse_llm_json("Result:\n" + json.dumps(value) + "\nend") == value


# --- extract_first_balanced_object ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('say {"a": {"b": 1}} and {"c": 2}', '{"a": {"b": 1}}'),
        ('{"s": "}"}', '{"s": "}"}'),
        ('{"s": "\\"}"}', '{"s": "\\"}"}'),
        ('{"s": "\\\\"}', '{"s": "\\\\"}'),
        ("open { then {x}", "{x}"),
        ("{never", None),
        ("no braces", None),
        ("} {", None),
        ("", None),
    ],
)
def test_extract_first_balanced_object(text: str, expected: str | None) -> None:
    assert extract_first_balanced_object(text) == expected


def test_extract_handles_deep_nesting_without_recursion() -> None:
    deep = "{" * 100_000 + "}" * 100_000
    assert extract_first_balanced_object("x" + deep + "y") == deep


# --- properties ----------------------------------------------------------------------------

_scalars = (
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20)
)
_json_values = st.recursive(
    _scalars,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=15,
)
_objects = st.dictionaries(st.text(max_size=8), _json_values, max_size=5)

# Noise around the object: no "{" (it would be a rival candidate), and none of "[", '"' or "`"
# either, since "[" + obj + "]" or '"' + "{}" + '"' is itself valid JSON that is not an object,
# and a fence in the noise could hold a bare scalar, both of which are rightly rejected.
_noise = st.text(st.characters(exclude_characters='{["`<'), max_size=30) | st.sampled_from(
    ["", "Here is the JSON:\n", "\n\nHope this helps! }", "Sure ] } :", "\ufeff", "Answer -> "]
)
_dump = st.sampled_from(
    [
        json.dumps,
        lambda d: json.dumps(d, ensure_ascii=False),
        lambda d: json.dumps(d, indent=2),
    ]
)

_fuzz_settings = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@_fuzz_settings
@given(st.text())
def test_arbitrary_text_gives_dict_or_llm_json_error(text: str) -> None:
    try:
        result = parse_llm_json(text)
    except LlmJsonError as exc:
        assert str(exc)
    else:
        assert isinstance(result, dict)


_pieces = st.sampled_from(
    ["{", "}", "[", "]", '"', "\\", ":", ",", " ", "\n", "1", "a", "true", "null",
     "<think>", "</think>", "```", "```json\n", '"k"', "\ufeff"]
)  # fmt: skip


@_fuzz_settings
@given(st.lists(_pieces, max_size=40).map("".join))
def test_json_like_garbage_gives_dict_or_llm_json_error(text: str) -> None:
    try:
        result = parse_llm_json(text)
    except LlmJsonError as exc:
        assert str(exc)
    else:
        assert isinstance(result, dict)
        assert json.loads(json.dumps(result)) == result


@_fuzz_settings
@given(_objects, _noise, _noise, _dump)
def test_round_trip_with_noise(d: dict[str, Any], before: str, after: str, dump: Any) -> None:
    assert parse_llm_json(before + dump(d) + after) == d


@_fuzz_settings
@given(_objects, _noise, _noise, st.sampled_from(["json", "JSON", "", " json "]))
def test_round_trip_in_fences(d: dict[str, Any], before: str, after: str, tag: str) -> None:
    assert parse_llm_json(f"{before}```{tag}\n{json.dumps(d)}\n```{after}") == d


@_fuzz_settings
@given(_objects, st.text(max_size=40), _noise, st.booleans())
def test_round_trip_after_think(
    d: dict[str, Any], thought: str, after: str, dangling: bool
) -> None:
    """Whatever the reasoning says (braces and all), the object after it is the answer."""
    thought = thought.replace("<", "(")  # a tag inside the reasoning would end it early
    opener = "" if dangling else "<think>"
    assert parse_llm_json(f"{opener}{thought}</think>\n\n{json.dumps(d)}{after}") == d
