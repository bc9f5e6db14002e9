"""Content terms: what a sentence is about, as every score counts it.

Stopwords go, CJK runs become character bigrams and a path counts by its last component, so
that the salience, redundancy and topic scores all agree on what a word is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from gapless.engine.extractive.paths import PATH_SLASH


def word_set(text: str) -> frozenset[str]:
    """A vocabulary written as whitespace-separated words."""
    return frozenset(text.split())


STOPWORDS = word_set(
    """
    a about above after again against all almost also although always am among an and another
    any anyone anything are aren't around as at away back be became because been before being
    below between both but by can can't cannot could couldn't did didn't do does doesn't doing
    don't done down during each either else enough even ever every few for from further get
    gets getting give given go goes going gone got had hadn't has hasn't have haven't having he
    her here hers herself him himself his how however i i'd i'll i'm i've if in into is isn't it
    it's its itself just keep know last least less let let's like made make makes many may me
    might mine more most much must my myself need needs neither never new next no nor not now of
    off often on once one only onto or other others our ours ourselves out over own per perhaps
    please put quite rather really right said same say says see seem seems shall she should
    shouldn't since so some something still such sure take than that that's the their theirs
    them themselves then there there's these they they're thing things this those though
    through thus to too took toward under until up upon us use used uses using very via want
    wants was wasn't way we we'd we'll we're we've well were weren't what what's when where
    whether which while who whom whose why will with within without won't would wouldn't yes yet
    you you'd you'll you're you've your yours yourself yourselves okay ok oh hi hello thanks
    thank great good perfect got sure let's lets now also just actually basically e.g i.e etc
    user assistant tool result results output input system message messages call calls true
    false null none response request reply time first second third already able try tried
    check checking look looking run running see seeing help
    yeah yep yup yea um umm uh uhh uh-huh uh-uh hmm hmmm hm mm mmm mm-hmm mhm huh erm er ah
    eh gonna wanna gotta kinda sorta dunno alright blah cuz coz
    """
)

# CJK characters too common to make a bigram meaningful on their own.
_CJK_STOP = frozenset("的了是在我你他她它们这那个和与及或就都也还要会能可以不没有吗呢吧啊")
# Frequent CJK bigrams that carry no topic (pronouns, auxiliaries, agent narration).
_CJK_STOP_BIGRAMS = word_set(
    """
    让我 我来 需要 一个 我们 可以 这个 那个 进行 检查 使用 现在 然后 如果
    因为 所以 已经 没有 什么 我将 我会 你的 用户 看看 一下 一些 这些 这是
    就是 但是 还是 或者 以及 为了 应该 可能 当前 继续 开始 首先 下来 等待
    正在 是否 问题 完成 成功 确认 查看 目前 是一 是个
    """
)

WORD = re.compile(
    r"[A-Za-z][A-Za-z0-9_]*(?:[.'-][A-Za-z0-9_]+)*|\d+[A-Za-z][A-Za-z0-9_]*|"
    r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]+"
)
CJK_CHAR = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")


def content_terms(text: str) -> list[str]:
    """Content terms: lower-cased words without stopwords, CJK runs as character bigrams.
    A file path counts by its last component only (so home directories don't dominate)."""
    out: list[str] = []
    text = depath(text)
    known = _TERM_OF
    for w in WORD.findall(text):
        term = known.get(w)
        if term is None:
            if CJK_CHAR.match(w):
                out += _cjk_terms(w)
                continue
            lw = w.lower().strip("'")
            term = "" if len(lw) < 3 or lw in STOPWORDS or lw.isdigit() else lw
            if len(w) <= _TERM_WORD_CHARS:
                if len(known) >= _TERM_CAP:
                    known.clear()
                known[w] = term
        if term:
            out.append(term)
    return out


_TERM_CAP = 10_000  # words of at most _TERM_WORD_CHARS remembered (2 MB at most)
_TERM_WORD_CHARS = 40
_TERM_OF: dict[str, str] = {}  # a word's term ("": none): words repeat


def _cjk_terms(w: str) -> list[str]:
    if len(w) == 1:
        return [] if w in _CJK_STOP else [w]
    out = []
    for i in range(len(w) - 1):
        bg = w[i : i + 2]
        if (bg[0] in _CJK_STOP and bg[1] in _CJK_STOP) or bg in _CJK_STOP_BIGRAMS:
            continue
        out.append(bg)
    return out


def depath(text: str) -> str:
    """Replace each file path by its last component."""
    if "/" not in text:
        return text
    return PATH_SLASH.sub(lambda m: " " + m.group(0).rstrip("/").rsplit("/", 1)[-1], text)


def term_overlap(a: Iterable[str], b: Iterable[str]) -> float:
    """Shared terms over the smaller set: 1.0 when one sentence says nothing the other does not."""
    sa, sb = set(a), set(b)
    if not sa or not sb:
        return 0.0
    return len(sa & sb) / min(len(sa), len(sb))
