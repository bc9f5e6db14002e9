"""Reference extractive baselines and metrics for ``bench/quality.py`` (pure Python).

* :func:`lexrank` — Erkan & Radev (2004), "LexRank: Graph-based Lexical Centrality as
  Salience in Text Summarization": sentences are idf-modified cosine vectors; an edge joins
  two sentences whose similarity exceeds a threshold (0.1, as in the paper and in sumy);
  the score is the stationary distribution of the degree-normalised graph, computed by the
  power method with damping 0.85.
* :func:`textrank` — Mihalcea & Tarau (2004), "TextRank: Bringing Order into Texts":
  similarity = |common words| / (log|Si| + log|Sj|), weighted PageRank with d = 0.85
  iterated to convergence (1e-4).
* :func:`lead` — the first sentences, the usual floor for extractive summarizers.
* :func:`bm25` / :func:`bm25_pick` — Okapi BM25 (k1 = 1.5, b = 0.75, Lucene idf) over
  sentences: for a general summary the query is the text's 20 most frequent content words;
  for a question, the question's words (the retrieval baseline for question answering).
* :func:`rouge_n` / :func:`rouge_l` — ROUGE-N and ROUGE-L F1 (Lin, 2004) over a simple,
  documented tokenization: lower case, runs of ``[a-z0-9]`` are tokens (as in Google's
  ``rouge-score`` with ``use_stemmer=False``) and, additionally, every CJK character is a
  token of its own (the usual character-level ROUGE for Chinese/Japanese; ``rouge-score``
  would drop those characters entirely). No stemming, no stopword removal. ROUGE-L is the
  summary-level LCS over the whole token sequences (``rougeL`` in ``rouge-score``).

All three summarizers share one sentence splitter (:func:`split_sentences`) and one selection
rule (:func:`select`): rank, then take sentences in rank order while they fit the character
budget, then restore document order.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence

_CJK_CLASS = r"\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af"
_ROUGE_TOKEN = re.compile(rf"[a-z0-9]+|[{_CJK_CLASS}]")
_WORD = re.compile(rf"[a-z][a-z0-9_]+|[{_CJK_CLASS}]")
_SENT_END = re.compile(r"(?<=[.!?])\s+|(?<=[。！？])")
_HEADER = re.compile(r"^\s{0,3}#{1,6}\s")

STOPWORDS = frozenset(
    str.split(
        """
    a about above after again against all am an and any are as at be because been before being
    below between both but by can could did do does doing down during each few for from further
    had has have having he her here hers herself him himself his how i if in into is it its
    itself just me more most my myself no nor not now of off on once only or other our ours
    ourselves out over own same she should so some such than that the their theirs them
    themselves then there these they this those through to too under until up very was we were
    what when where which while who whom why will with would you your yours yourself yourselves
    let ll ve re don didn doesn isn wasn
    """
    )
)


# --------------------------------------------------------------------------------------------
# Sentences
# --------------------------------------------------------------------------------------------


def split_sentences(text: str) -> list[str]:
    """Lines, then sentence punctuation. Markdown/role header lines and fragments with fewer
    than three word tokens are dropped (so ``### user · 2026-…`` is never a "sentence")."""
    out: list[str] = []
    for line in text.splitlines():
        line = line.strip()
        if not line or _HEADER.match(line):
            continue
        for part in _SENT_END.split(line):
            part = part.strip()
            if len(_WORD.findall(part.lower())) >= 3:
                out.append(part)
    return out


def _words(sentence: str) -> list[str]:
    return [w for w in _WORD.findall(sentence.lower()) if w not in STOPWORDS]


def select(sentences: Sequence[str], scores: Sequence[float], budget: int) -> str:
    """Take sentences by descending score while they fit ``budget`` characters; keep order."""
    return " ".join(sentences[i] for i in chosen_indices(sentences, scores, budget))


def chosen_indices(sentences: Sequence[str], scores: Sequence[float], budget: int) -> list[int]:
    """The indices, in order, of the sentences :func:`select` takes."""
    ranked = sorted(range(len(sentences)), key=lambda i: (-scores[i], i))
    chosen: list[int] = []
    used = 0
    for i in ranked:
        extra = len(sentences[i]) + (1 if chosen else 0)
        if used + extra > budget:
            if budget - used < 40:
                break
            continue
        chosen.append(i)
        used += extra
    return sorted(chosen)


# --------------------------------------------------------------------------------------------
# LexRank
# --------------------------------------------------------------------------------------------


def lexrank_scores(sentences: Sequence[str], threshold: float = 0.1,
                   damping: float = 0.85, tol: float = 1e-6) -> list[float]:
    n = len(sentences)
    if n == 0:
        return []
    bags = [Counter(_words(s)) for s in sentences]
    df: Counter[str] = Counter()
    for bag in bags:
        df.update(bag.keys())
    idf = {w: math.log(n / c) for w, c in df.items()}
    vecs: list[dict[str, float]] = []
    norms: list[float] = []
    for bag in bags:
        # sumy: term frequency normalised by the sentence's largest frequency, times idf.
        top = max(bag.values(), default=1)
        vec = {w: (c / top) * idf[w] for w, c in bag.items() if idf[w] > 0}
        vecs.append(vec)
        norms.append(math.sqrt(sum(v * v for v in vec.values())))
    postings: dict[str, list[int]] = {}
    for i, vec in enumerate(vecs):
        for w in vec:
            postings.setdefault(w, []).append(i)
    neighbours: list[list[int]] = [[i] for i in range(n)]  # sim(i, i) = 1 > threshold
    for i, vec in enumerate(vecs):
        if norms[i] == 0:
            continue
        dots: dict[int, float] = {}
        for w, x in vec.items():
            for j in postings[w]:
                if j > i:
                    dots[j] = dots.get(j, 0.0) + x * vecs[j][w]
        for j, dot in dots.items():
            if norms[j] and dot / (norms[i] * norms[j]) > threshold:
                neighbours[i].append(j)
                neighbours[j].append(i)
    degree = [len(nb) for nb in neighbours]
    p = [1.0 / n] * n
    for _ in range(200):
        nxt = [(1 - damping) / n] * n
        for j in range(n):
            share = damping * p[j] / degree[j]
            for i in neighbours[j]:
                nxt[i] += share
        delta = sum(abs(a - b) for a, b in zip(nxt, p, strict=True))
        p = nxt
        if delta < tol:
            break
    return p


def lexrank(text: str, budget: int) -> str:
    sentences = split_sentences(text)
    return select(sentences, lexrank_scores(sentences), budget)


# --------------------------------------------------------------------------------------------
# TextRank
# --------------------------------------------------------------------------------------------


def textrank_scores(sentences: Sequence[str], damping: float = 0.85,
                    tol: float = 1e-4) -> list[float]:
    n = len(sentences)
    if n == 0:
        return []
    sets = [list(dict.fromkeys(_words(s))) for s in sentences]  # ordered: deterministic sums
    logs = [math.log(len(s)) if s else 0.0 for s in sets]
    postings: dict[str, list[int]] = {}
    for i, words in enumerate(sets):
        for w in words:
            postings.setdefault(w, []).append(i)
    weights: list[dict[int, float]] = [{} for _ in range(n)]
    for i, words in enumerate(sets):
        common: Counter[int] = Counter()
        for w in words:
            for j in postings[w]:
                if j > i:
                    common[j] += 1
        for j, c in common.items():
            denom = logs[i] + logs[j]
            if denom > 0:
                weights[i][j] = c / denom
                weights[j][i] = c / denom
    out_sum = [sum(w.values()) for w in weights]
    ws = [1.0] * n
    for _ in range(200):
        nxt = [(1 - damping) + damping * sum(wji * ws[j] / out_sum[j]
                                             for j, wji in weights[i].items() if out_sum[j])
               for i in range(n)]
        delta = max(abs(a - b) for a, b in zip(nxt, ws, strict=True))
        ws = nxt
        if delta < tol:
            break
    return ws


def textrank(text: str, budget: int) -> str:
    sentences = split_sentences(text)
    return select(sentences, textrank_scores(sentences), budget)


def lead(text: str, budget: int) -> str:
    sentences = split_sentences(text)
    return select(sentences, [-float(i) for i in range(len(sentences))], budget)


# --------------------------------------------------------------------------------------------
# BM25
# --------------------------------------------------------------------------------------------


def bm25_scores(sentences: Sequence[str], query: Sequence[str], k1: float = 1.5,
                b: float = 0.75) -> list[float]:
    """Okapi BM25 (Robertson & Zaragoza, 2009) of each sentence for the ``query`` words,
    Lucene's idf ``log(1 + (N - df + 0.5) / (df + 0.5))``; words as in :func:`_words`."""
    docs = [_words(s) for s in sentences]
    n = len(docs)
    if not n:
        return []
    avg = sum(len(d) for d in docs) / n or 1.0
    df: Counter[str] = Counter()
    for d in docs:
        df.update(set(d))
    q = [w for w in dict.fromkeys(query) if w in df]
    idf = {w: math.log(1 + (n - df[w] + 0.5) / (df[w] + 0.5)) for w in q}
    out = []
    for d in docs:
        tf = Counter(d)
        norm = k1 * (1 - b + b * len(d) / avg)
        out.append(sum(idf[w] * tf[w] * (k1 + 1) / (tf[w] + norm) for w in q if tf[w]))
    return out


def bm25(text: str, budget: int, query_words: int = 20) -> str:
    """A generic summary by BM25: the query is the text's ``query_words`` most frequent
    content words (the usual query-less use of a retrieval scorer as a summarizer)."""
    sentences = split_sentences(text)
    counts = Counter(w for s in sentences for w in _words(s))
    query = [w for w, _ in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:query_words]]
    return select(sentences, bm25_scores(sentences, query), budget)


def bm25_pick(sentences: Sequence[str], question: str, budget: int) -> list[int]:
    """The indices (in order) of the sentences BM25 ranks best for ``question``, within
    ``budget`` characters (the selection rule of :func:`select`)."""
    return chosen_indices(sentences, bm25_scores(sentences, _words(question)), budget)


# --------------------------------------------------------------------------------------------
# ROUGE
# --------------------------------------------------------------------------------------------


def rouge_tokens(text: str) -> list[str]:
    return _ROUGE_TOKEN.findall(text.lower())


def _f1(overlap: float, cand: int, ref: int) -> float:
    if overlap <= 0 or cand == 0 or ref == 0:
        return 0.0
    p, r = overlap / cand, overlap / ref
    return 2 * p * r / (p + r)


def rouge_n(candidate: str, reference: str, n: int) -> float:
    c, r = rouge_tokens(candidate), rouge_tokens(reference)
    cg = Counter(tuple(c[i : i + n]) for i in range(len(c) - n + 1))
    rg = Counter(tuple(r[i : i + n]) for i in range(len(r) - n + 1))
    overlap = sum((cg & rg).values())
    return _f1(overlap, sum(cg.values()), sum(rg.values()))


def rouge_l(candidate: str, reference: str) -> float:
    c, r = rouge_tokens(candidate), rouge_tokens(reference)
    if not c or not r:
        return 0.0
    prev = [0] * (len(r) + 1)
    for x in c:
        cur = [0] * (len(r) + 1)
        for j, y in enumerate(r, 1):
            cur[j] = prev[j - 1] + 1 if x == y else max(prev[j], cur[j - 1])
        prev = cur
    return _f1(prev[-1], len(c), len(r))
