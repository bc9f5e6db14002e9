"""Token estimates and the byte capacity of a call.

No tokenizer tables are downloaded at run time, so tokens are estimated from UTF-8 bytes.
The ratio is deliberately conservative (code and JSON tokenize denser than prose), so a
prompt that the estimate says fits also fits the real model.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

BYTES_PER_TOKEN = 3.5


def estimate_tokens(text: str | bytes) -> int:
    """Estimated token count of ``text``."""
    size = len(text.encode("utf-8")) if isinstance(text, str) else len(text)
    return math.ceil(size / BYTES_PER_TOKEN) if size else 0


def tokens_to_bytes(tokens: int) -> int:
    return max(0, int(tokens * BYTES_PER_TOKEN))


SMALL_WINDOW = 1024  # under this many tokens, an answer's reserve is a quarter of the window


def _flat_output(context_tokens: int) -> int:
    """A quarter of the window (256 to 2,048 tokens; a window under 1,024 tokens keeps its
    quarter, so a small one still has room for a prompt): the most an answer is ever
    given."""
    floor = 256 if context_tokens >= SMALL_WINDOW else 128
    return min(2048, max(floor, context_tokens // 4))


def _overhead(overhead_tokens: int, bytes_per_token: float) -> int:
    """The fixed words around the data, in the model's tokens when its ratio is known."""
    if bytes_per_token == BYTES_PER_TOKEN:
        return overhead_tokens
    return math.ceil(overhead_tokens * BYTES_PER_TOKEN / bytes_per_token)


ANSWER_FIELDS_BYTES = 900  # an answer beyond its summary: headline, topics, questions, anchors
ANSWER_MARGIN = 1.25  # what an answer may run over the size it was asked for
ANSWER_SLACK_TOKENS = 64
FOLD_CHILDREN = 6  # children a fold of full-size summaries takes in one call
CHILD_FIELDS_BYTES = 300  # a child's line in a fold beyond summary and anchors
# A lean leaf (an input of many leaves) asks for half a summary and a few short fields, and
# holds back only that answer: its answer is a line in a fold, never what the user reads.
LEAN_FIELDS_BYTES = 400
LEAN_MARGIN = 1.1
LEAN_SLACK_TOKENS = 32
FOLD_LINE_FIELDS_BYTES = 300  # a merged batch's line beyond its (full) summary, anchors cut


def answer_tokens(summary_chars: int, bytes_per_token: float = BYTES_PER_TOKEN) -> int:
    """Tokens held back for an answer whose summary is asked to stay under
    ``summary_chars`` characters (UTF-8 bytes counted, at the conservative ratio unless
    the model's own is known: an answer is tokenized as its prompt is)."""
    bpt = bytes_per_token
    return math.ceil((summary_chars + ANSWER_FIELDS_BYTES) / bpt * ANSWER_MARGIN
                     ) + ANSWER_SLACK_TOKENS


@dataclass(frozen=True)
class Capacity:
    """How much transcript one call may carry, derived from the usable context.

    ``output_tokens`` is held back for the answer; ``overhead_tokens`` covers the fixed
    instructions around the data.
    """

    context_tokens: int
    output_tokens: int
    overhead_tokens: int
    # the model's bytes per token on this input: the conservative estimate until a
    # tokenizer calibrates it
    bytes_per_token: float = BYTES_PER_TOKEN
    # the answer's reserve is what the requested answer needs (for_summary), not a flat
    # quarter of the window (for_context)
    answer_sized: bool = False
    base_overhead: int = 0  # the overhead as given, in estimated tokens (0: overhead_tokens)

    # many leaves: each asks for a lean answer (half a summary, short fields), so that it
    # holds back less, reads more, and more of them share a fold
    lean_leaves: bool = False

    @classmethod
    def for_context(cls, context_tokens: int, overhead_tokens: int = 320,
                    bytes_per_token: float = BYTES_PER_TOKEN) -> Capacity:
        """The capacity of a window with a flat quarter (256 to 2,048 tokens) held back
        for the answer."""
        if context_tokens < 512:
            raise ValueError(f"context_tokens must be at least 512 (got {context_tokens})")
        overhead = _overhead(overhead_tokens, bytes_per_token)
        return cls(context_tokens, _flat_output(context_tokens), overhead, bytes_per_token,
                   False, overhead_tokens)

    @classmethod
    def for_summary(cls, context_tokens: int, overhead_tokens: int = 320,
                    bytes_per_token: float = BYTES_PER_TOKEN) -> Capacity:
        """The capacity of a window for summaries: the answer's reserve is what the
        requested answer needs (its summary and the other fields, plus a margin), never
        more than the flat quarter; the rest of the window reads."""
        flat = cls.for_context(context_tokens, overhead_tokens, bytes_per_token)
        bpt, overhead = bytes_per_token, flat.overhead_tokens

        def at(output: int) -> Capacity:
            return cls(context_tokens, output, overhead, bpt, True, overhead_tokens)

        output = flat.output_tokens
        for _ in range(12):  # the summary asked for grows a little with the data a call holds
            need = min(flat.output_tokens, answer_tokens(at(output).summary_chars, bpt))
            if need == output:
                break
            output = need
        while output < flat.output_tokens and output < answer_tokens(at(output).summary_chars,
                                                                     bpt):
            output += 8
        return at(min(flat.output_tokens, output))

    def calibrated(self, bytes_per_token: float) -> Capacity:
        """This window at the model's real bytes per token (planned to 95 % of it)."""
        make = Capacity.for_summary if self.answer_sized else Capacity.for_context
        return replace(make(self.context_tokens, self.base_overhead or self.overhead_tokens,
                            round(bytes_per_token * 0.95, 3)), lean_leaves=self.lean_leaves)

    def with_lean_leaves(self) -> Capacity:
        """This window for an input of many leaves (summaries only: ``answer_sized``; a
        summary already at its floor is not halved)."""
        return replace(self, lean_leaves=self.answer_sized and self.summary_chars >= 400)

    @property
    def leaf_summary_chars(self) -> int:
        """Longest summary a leaf's answer may carry."""
        return max(200, self.summary_chars // 2) if self.lean_leaves else self.summary_chars

    @property
    def leaf_output_tokens(self) -> int:
        """Tokens a leaf holds back for its answer."""
        if not self.lean_leaves:
            return self.output_tokens
        need = math.ceil((self.leaf_summary_chars + LEAN_FIELDS_BYTES) / self.bytes_per_token
                         * LEAN_MARGIN) + LEAN_SLACK_TOKENS
        return min(self.output_tokens, need)

    def answer_reserve(self, kind: str) -> int:
        """Tokens held back for the answer of a call of this kind (``max_tokens``)."""
        return self.leaf_output_tokens if kind == "leaf" else self.output_tokens

    @property
    def data_tokens(self) -> int:
        return max(64, self.context_tokens - self.leaf_output_tokens - self.overhead_tokens)

    @property
    def data_bytes(self) -> int:
        """Transcript bytes one leaf call reads whole."""
        return max(0, int(self.data_tokens * self.bytes_per_token))

    @property
    def fold_data_bytes(self) -> int:
        """Bytes of data a fold call carries besides its fixed words (its answer is full)."""
        tokens = max(64, self.context_tokens - self.output_tokens - self.overhead_tokens)
        return max(0, int(tokens * self.bytes_per_token))

    @property
    def summary_chars(self) -> int:
        """Longest summary an answer may carry, so a fold of several still fits.

        For summaries (``answer_sized``) a fold of six children fits: a child's line in a
        fold prompt is about twice its summary (one labelled anchor per summary sentence)
        plus its other fields, so summaries of a sixth of the window made child lines of
        a quarter, four to a fold, and twice the folds."""
        answer = tokens_to_bytes(_flat_output(self.context_tokens))
        by_output = answer // 2
        if self.answer_sized:
            by_fold = (self.fold_data_bytes // FOLD_CHILDREN - CHILD_FIELDS_BYTES) // 2
        else:
            by_fold = self.fold_data_bytes // 6 - 200
        # 200 characters at least, less in a window whose whole answer is under 600 bytes
        return max(min(200, answer // 3), min(by_output, by_fold, 4000))

    @property
    def fan_in(self) -> int:
        """Child extractions a fold call can take (at least 3, so no child is over half)."""
        if self.lean_leaves:  # a lean answer is cut to its reserve (at most)
            per_child = tokens_to_bytes(self.leaf_output_tokens) + 40
            return max(3, min(16, self.fold_data_bytes // per_child))
        per_child = self.summary_chars + 360
        return max(3, min(16, self.data_bytes // per_child))

    @property
    def fold_fan_in(self) -> int:
        """Merged batches a fold call can take (their lines are full summaries): no fewer
        than leaves unless leaves are lean."""
        if not self.lean_leaves:
            return self.fan_in
        per_child = 2 * self.summary_chars + FOLD_LINE_FIELDS_BYTES
        return max(2, min(self.fan_in, self.fold_data_bytes // per_child))
