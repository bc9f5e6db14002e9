"""A model of a server's token counts: tokens per character and per byte past a
character's first, fitted (least squares) to counts the server gave — from its tokenizer
for spans of the input, or from the prompt tokens its replies reported for whole prompts.
A tokenizer's density follows what the text is made of more than its bytes: leaves packed
by it fill the window where a byte ratio leaves a margin for the densest stretch.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from gapless.engine.core.spans import Span

# Bytes that continue a UTF-8 character, marked 1 (the rest 0): a span's characters are its
# bytes less these.
_CONTINUING = bytes(1 if 0x80 <= b < 0xC0 else 0 for b in range(256))


@dataclass(frozen=True)
class TokenModel:
    """A span's tokens as ``per_char`` for each of its characters and ``per_extra`` for each
    byte past a character's first, fitted to the server's counts (least squares): a
    tokenizer's density follows what the text is made of more than its bytes. Once leaves
    covering the input were counted, each stretch's figure is scaled by how far off it was
    on the leaf it lay in (code, prose and JSON count differently)."""

    per_char: float
    per_extra: float
    continuing: bytes  # the input, each byte 1 where it continues a character
    scaled: tuple[tuple[int, int, float], ...] = ()  # (start, end, counted / modelled)

    def text_tokens(self, chars: int, extra: int) -> float:
        """The tokens of a text of ``chars`` characters and ``extra`` bytes past their
        first."""
        return self.per_char * chars + self.per_extra * extra

    def modelled(self, s: int, e: int) -> float:
        extra = self.continuing.count(1, s, e)
        return self.per_char * (e - s - extra) + self.per_extra * extra

    def tokens(self, s: int, e: int) -> float:
        if not self.scaled:
            return self.modelled(s, e)
        i = max(0, bisect.bisect_right(self.scaled, (s, e + 1, 0.0)) - 1)
        total, at = 0.0, s
        for _, end, factor in self.scaled[i:]:
            if at >= e:
                break
            hi = min(e, end)
            if hi > at:
                total += self.modelled(at, hi) * factor
                at = hi
        return total + (self.modelled(at, e) if at < e else 0.0)

    def end_for(self, start: int, tokens: float, hi: int) -> int:
        """The last end (at most ``hi``) of a span from ``start`` of at most ``tokens``."""
        lo, top = start, hi
        while lo < top:
            mid = (lo + top + 1) // 2
            if self.tokens(start, mid) <= tokens:
                lo = mid
            else:
                top = mid - 1
        return lo

    def scaled_by(self, counted: list[tuple[int, int, int]]) -> TokenModel:
        """This model scaled on each counted span (spans covering the input in order)."""
        return replace(self, scaled=tuple((s, e, t / max(1e-9, self.modelled(s, e)))
                                          for s, e, t in counted))


def fit_spans(counted: list[tuple[int, int, int]], continuing: bytes) -> TokenModel | None:
    """The model that best predicts these spans' counts (None when nothing does)."""
    return fit_rows([(e - s - continuing.count(1, s, e), continuing.count(1, s, e), t)
                      for s, e, t in counted], continuing)


def fit_rows(rows: Sequence[tuple[int, int, int]], continuing: bytes, spread: float = 0.0
              ) -> TokenModel | None:
    """The model that best predicts these counts, each row (characters, bytes past a
    character's first, tokens); both figures only where the rows differ in what they are
    made of by more than ``spread`` (else characters alone)."""
    cc = sum(c * c for c, _, _ in rows)
    cx = sum(c * x for c, x, _ in rows)
    xx = sum(x * x for _, x, _ in rows)
    ct = sum(c * t for c, _, t in rows)
    xt = sum(x * t for _, x, t in rows)
    det = cc * xx - cx * cx
    if det > spread * cc * xx:
        per_char, per_extra = (ct * xx - xt * cx) / det, (cc * xt - cx * ct) / det
        if per_char > 0 and per_extra >= 0:
            return TokenModel(per_char, per_extra, continuing)
    if cc <= 0:
        return None
    # (no multi-byte character, or too few to tell: characters alone)
    return TokenModel(ct / cc, 0.0, continuing) if ct > 0 else None


def continuing_marks(data: bytes) -> bytes:
    """``data`` with each byte 1 where it continues a UTF-8 character (else 0)."""
    return data.translate(_CONTINUING)


def usage_model(rows: Sequence[tuple[int, int, int]], marks: bytes) -> TokenModel | None:
    """A model of the server's counts fitted to the prompt tokens its replies reported (rows
    of whole prompts: characters, bytes past a character's first, tokens), for an input
    whose :func:`continuing_marks` are ``marks``: per byte past a character's first too
    only once the prompts differ clearly in how many such bytes they hold (one prompt
    cannot tell the two apart)."""
    model = fit_rows(rows, marks, spread=0.05)
    if model is None:
        return None
    # each figure on a grid of 0.5 % steps: a resumed run, whose probe of the same prompt
    # (its fence id fresh) may count a token apart, packs the same leaves
    return replace(model, per_char=_on_grid(model.per_char),
                   per_extra=_on_grid(model.per_extra))


def _on_grid(x: float, step: float = 1.005) -> float:
    """``x`` rounded to the nearest power of ``step`` (0 stays 0)."""
    return step ** round(math.log(x, step)) if x > 0 else 0.0


def packed(model: TokenModel, scope: Span, tokens: float, cut: Callable[[int, int], int | None]
           ) -> list[Span] | None:
    """Leaves over ``scope`` from its start, each the most the model says holds ``tokens``
    and ends where ``cut`` puts it (None when it finds no end)."""
    lo, hi = scope
    leaves: list[Span] = []
    while lo < hi:
        end = model.end_for(lo, tokens, hi)
        if end < hi:
            cut_at = cut(lo, end)
            if cut_at is None or cut_at <= lo:
                return None
            end = cut_at
        leaves.append((lo, end))
        lo = end
    return leaves
