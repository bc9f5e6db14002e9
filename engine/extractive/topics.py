"""Topics: short keyphrases and identifiers for a leaf and for a fold.

Never log levels, dates, hex ids or the generic verbs of work narration, which are frequent
in transcripts and say nothing about what the work was.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence

from gapless.engine.core.extraction import Extraction
from gapless.engine.extractive.limits import MAX_TOPICS
from gapless.engine.extractive.noise import TIMESTAMP_ONLY
from gapless.engine.extractive.paths import HAS_FILE_EXT
from gapless.engine.extractive.terms import (
    CJK_CHAR,
    STOPWORDS,
    WORD,
    content_terms,
    depath,
    word_set,
)
from gapless.engine.extractive.units import ROLE_WEIGHT, Unit

_LOG_LEVELS = word_set("trace debug info notice warn warning warnings error errors fatal critical "
                       "severe verbose")


def pick_topics(units: Sequence[Unit], files: dict[str, float], errors: Sequence[str],
                limit: int = MAX_TOPICS) -> list[str]:
    """Short keyphrases: runs of 1-3 content words scored by weighted frequency and IDF.
    Prose (user, assistant, plain text) is read first; tool output only if that gives fewer
    than three."""
    topics = _topics_from(units, files, errors, limit, min_weight=0.3)
    if len(topics) < 3:
        topics = _topics_from(units, files, errors, limit, min_weight=0.05)
    return topics


# Words that never make a topic on their own: generic verbs and nouns of work narration,
# hedges, numbers in words, dates, log levels.
_TOPIC_STOP = word_set(
    """
    add added adding adds address addressed apply applied applies applying build builds built
    change changed changes changing confirm confirmed cover covered covers create created
    creates decide decided describe described did fail failed fails figure find finding finds
    found fix fixed fixes fixing follow followed handle handled handles happen happened happens
    implement implemented keep keeps kept leave left looks looked mean means move moved
    note noted noting pass passed passes plan planned plans read reads remove removed
    replace replaced return returns returned runs ran seem seemed show shows showed shown
    start started stop stopped suggest suggested think thought touch touched touches update
    updated updates write writes wrote wired work worked works called calling wait waiting
    issue issues problem problems stuff part bit lot end case cases point step steps error
    errors failure failures detail details info data value values item items line lines file
    files code test tests version new old big small bad final last next maybe probably likely
    locally quickly really currently again later earlier today morning yesterday tomorrow
    tonight week weeks day days hour hours minute minutes seconds ten one two three four five
    six seven eight nine handful couple several whole simple clear able only fine better best
    correct correctly wrong instead already done finished complete completed successfully
    expected actual looks thanks sorry question questions answer answers idea ideas reason
    january february march april june july august september october november december jan feb
    mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday thursday friday saturday
    sunday am pm utc updating reading applying writing checking running looking trying adding
    fixing removing making using getting starting waiting bash path sort kind mean guess
    stuff anyway anyways
    """
) | _LOG_LEVELS
# Nouns among them may still head a phrase ("legacy plan", "flaky webhook test", "config
# file"); the rest (verbs, adverbs, numbers, dates, log levels) end a phrase.
_PHRASE_NOUNS = word_set(
    """
    build builds change changes fix fixes plan plans update updates work note issue issues
    problem problems part case cases point step steps error errors failure failures detail
    details data value values item items line lines file files code test tests version
    question questions answer answers idea ideas reason path
    """
)
_PHRASE_BREAK = _TOPIC_STOP - _PHRASE_NOUNS
_HEX_ID = re.compile(r"^(?=[a-f]*\d)[0-9a-f]{7,}$|^[0-9a-f]{8}-[0-9a-f]{4}-")
_BACKTICKED = re.compile(r"`([^`\s][^`\n]{1,38}?)`")
_IDENTIFIER = re.compile(r"^[-@<>=~./\w]{2,40}$")


def _topic_word_ok(lw: str) -> bool:
    """A lower-cased word that may stand alone as a topic."""
    if lw in _TOPIC_STOP or _HEX_ID.match(lw) or lw[:1].isdigit():
        return False
    # Adverbs and past tenses ("locally", "bumped") are not topics.
    return not (lw.isalpha() and len(lw) > 4 and lw.endswith(("ly", "ed")))


def _identifier_like(surface: str) -> bool:
    """``due_on``, ``redis.asyncio``, ``TTLCache``, ``--since``, ``SQLite``: names, not words."""
    if surface.isalpha() and surface.islower():
        return False
    core = surface.strip("-")
    return bool(core) and (
        "_" in core or "." in core or any(c.isdigit() for c in core)
        or surface.startswith("-") or any(c.isupper() for c in core[1:])
    )


def _topics_from(units: Sequence[Unit], files: dict[str, float], errors: Sequence[str],
                 limit: int, min_weight: float) -> list[str]:
    if not units:
        return []
    df: Counter[str] = Counter()
    for u in units:
        df.update(set(u.terms))
    total = len(units)
    phrase_score: dict[str, float] = {}
    phrase_count: Counter[str] = Counter()
    surface: dict[str, str] = {}
    first_seen: dict[str, int] = {}

    def note(key: str, shown: str, score: float, order: int, count: int = 1) -> None:
        phrase_score[key] = phrase_score.get(key, 0.0) + score
        phrase_count[key] += count
        if key not in surface:
            surface[key] = shown
            first_seen[key] = order

    for u in units:
        w = u.noise * ROLE_WEIGHT.get(u.role, 1.0) * (0.3 if u.meta else 1.0)
        if w < min_weight:
            continue
        for phrase_words, shown in _phrases(u.text):
            if len(phrase_words) == 1 and not _topic_word_ok(phrase_words[0]):
                continue
            key = " ".join(phrase_words)
            idf = sum(math.log((total + 1) / (df.get(t, 0) + 0.5)) + 0.1
                      for t in phrase_words) / len(phrase_words)
            boost = 1.0 + 0.35 * (len(phrase_words) - 1)
            if len(phrase_words) == 1 and _identifier_like(shown):
                boost *= 1.6
            note(key, shown, w * idf * boost, u.order)
        if "`" in u.text and w >= 0.3:
            # A name the user or the agent quoted (`due_on`, `--since`): an identifier topic.
            for m in _BACKTICKED.finditer(u.text):
                name = m.group(1).strip().rstrip(".,:;")
                if (not _IDENTIFIER.match(name) or "/" in name.strip("/")
                        or not _topic_word_ok(name.lower().strip("-."))):
                    continue
                note(name.lower(), name, w * 2.5, u.order)
    for path, count in files.items():
        name = path.rstrip("/").rsplit("/", 1)[-1]
        if not name or not HAS_FILE_EXT.search(name) or count < 0.9:
            continue
        note(name.lower(), name, 0.8 * min(count, 4.0), 10**9, max(1, math.ceil(count)))
    for err in errors[:3]:
        em = re.match(r"(?:[\w]+\.)*([A-Z]\w*(?:Error|Exception))", err)
        if em:
            note(em.group(1).lower(), em.group(1), 2.0, 10**9, 2)
    tiny = total < 6
    ranked = sorted(
        phrase_score,
        key=lambda k: (-(phrase_score[k] if phrase_count[k] > 1 or tiny else
                         phrase_score[k] * 0.3), first_seen[k], k),
    )
    chosen: list[str] = []
    covered: set[str] = set()
    for key in ranked:
        words = key.split()
        if len(words) > 1 and phrase_count[key] < 2 and not tiny:
            continue
        if all(w in covered for w in words):
            continue
        if any(key in c or c in key for c in chosen):
            continue
        chosen.append(key)
        covered.update(words)
        if len(chosen) >= limit:
            break
    if chosen:
        best = phrase_score[chosen[0]]
        keep = [k for k in chosen if phrase_score[k] >= best * 0.12]
        chosen = keep if len(keep) >= 3 else chosen[: max(3, len(keep))]
    return [surface[k] for k in chosen]


def _phrases(text: str) -> list[tuple[list[str], str]]:
    """Candidate keyphrases of a sentence: maximal runs of content words, at most 3 long."""
    out: list[tuple[list[str], str]] = []
    run: list[tuple[str, str]] = []

    def flush() -> None:
        while run:
            chunk = run[:3]
            del run[:3]
            words = [w for w, _ in chunk]
            out.append((words, " ".join(s for _, s in chunk)))
            for w, s in chunk if len(chunk) > 1 else []:
                out.append(([w], s))

    prev_end = 0
    text = depath(text)
    for m in WORD.finditer(text):
        gap = text[prev_end : m.start()]
        prev_end = m.end()
        w = m.group(0)
        if gap.strip(" ") and run:  # punctuation between words ends a phrase
            flush()
        if CJK_CHAR.match(w):
            flush()
            for t in content_terms(w)[:12]:
                out.append(([t], t))
            continue
        lw = w.lower().strip("'")
        if (len(lw) < 3 or lw in STOPWORDS or lw.isdigit() or len(lw) > 40
                or lw in _PHRASE_BREAK):
            flush()
            continue
        run.append((lw, w))
    flush()
    return out


def fold_topics(live: Sequence[Extraction]) -> list[str]:
    """Topics of the whole: first those that most parts name (the thread through the text),
    then each part's best in turn, so that every stretch of the timeline is represented.
    File names (the Files: line has them) come last; log levels, dates and ids never."""
    count: Counter[str] = Counter()
    weight: dict[str, float] = {}
    shown: dict[str, str] = {}
    lists: list[list[str]] = []
    for child in live:
        keys: list[str] = []
        for rank, topic in enumerate(child.topics):
            key = topic.strip().lower()
            if not key or key in keys or not _fold_topic_ok(key):
                continue
            keys.append(key)
            count[key] += 1
            weight[key] = weight.get(key, 0.0) + 1.0 / (1 + rank)
            shown.setdefault(key, topic.strip())
        lists.append(keys)
    chosen: list[str] = []
    n = len(live)
    if n > 2:
        common = [k for k in weight if count[k] >= max(2, (n + 1) // 2)]
        common.sort(key=lambda k: (-count[k], -weight[k], k))
        chosen.extend(common[:3])
    for files_pass in (False, True):
        depth = max((len(keys) for keys in lists), default=0)
        for rank in range(depth):
            for keys in lists:
                if len(chosen) >= MAX_TOPICS:
                    break
                if rank < len(keys):
                    key = keys[rank]
                    if key not in chosen and bool(HAS_FILE_EXT.search(key)) == files_pass:
                        chosen.append(key)
    return [shown[k] for k in chosen[:MAX_TOPICS]]


def _fold_topic_ok(key: str) -> bool:
    words = key.split()
    if not words or TIMESTAMP_ONLY.match(key):
        return False
    return not (len(words) == 1 and not _topic_word_ok(words[0].strip("-.")))
