"""Phrases that change a sentence's weight: decisions, conclusions, outcomes, announced plans,
filler and questions. Shared so that salience, headline, entities and questions agree."""

from __future__ import annotations

import re

DECISION = re.compile(
    r"\b(?:decided|decide to|decision|let's|let us|we will|we'll|we're going to|i will use|"
    r"i'll use|i'll go with|going with|go with|switch(?:ed|ing)? to|instead of|instead|"
    r"opt(?:ed|ing)? for|chose|choose to|the plan is|plan:|agreed|settled on|we should use|"
    r"prefer|rather than|will use|approach is)\b"
    r"|决定|改用|换成|采用|选择",
    re.IGNORECASE,
)
CONCLUSION = re.compile(
    r"\b(?:root cause|the (?:problem|issue|bug|fix) (?:is|was)|fixed|resolved|works now|now "
    r"works|succeeded|successfully|completed|complete|verified|confirmed|in summary|"
    r"summary|conclusion|result(?:s)? (?:is|are|was|were)|turns out|because|verdict|"
    r"found that|key findings?|does not|doesn't|cannot|can't|failed)\b"
    r"|完成|成功|失败|原因|结论|总结|验证|问题",
    re.IGNORECASE,
)
FILLER = re.compile(
    r"^(?:(?:now |first |next |ok(?:ay)?,? |good,? |great,? |perfect,? )?let me\b|"
    r"(?:now )?i'll (?:check|look|read|run|start|examine|search|wait|see|verify|try|"
    r"investigate|take a look|explore)|let's (?:check|look|see|wait|read)|"
    r"(?:good|great|perfect|excellent|okay|ok|sure|alright|got it|i see|understood)\b[.!,]?$|"
    r"i need to|i should|now i|让我|我来|好的|现在让我|我需要|"
    r"(?:now |next,? )?(?:updating|applying|reading|writing|checking|looking at|running|opening|"
    r"searching|inspecting|examining|re-?running|listing|grepping)\b|final touch\b)",
    re.IGNORECASE,
)
# Spoken fillers and backchannels of a transcribed meeting: never a topic, never in a
# headline (a headline quoting a speaker leaves them out).
SPOKEN_FILLER = re.compile(
    r"(?<![\w'-])(?:u+m+|u+h+|h+m+|m+-?h+m+|m{2,}|mhm|uh-huh|er+m?|yeah|yep|yup|okay|ok)"
    r"(?![\w'-])[ \t]*[,.]?",
    re.IGNORECASE,
)
NUMBER_WORDS = frozenset({
    "zero", "oh", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "hundred", "thousand",
})


def without_spoken_fillers(text: str) -> str:
    """``text`` with spoken fillers (um, uh, yeah, okay …) taken out, spacing tidied."""
    out = SPOKEN_FILLER.sub(" ", text)
    out = re.sub(r"\s+([,.;:!?])", r"\1", re.sub(r"[ \t]{2,}", " ", out)).strip(" ,;")
    return re.sub(r"^[,.;:]\s*", "", out)


# What got done: a report that opens with a past-tense verb of work, or says tests pass.
_OUTCOME_START = re.compile(
    r"^(?:i |we )?(?:fixed|added|replaced|implemented|migrated|removed|resolved|switched|"
    r"refactored|created|converted|upgraded|renamed|deleted|enabled|disabled|documented|"
    r"rewrote|reverted|merged|shipped|landed|deployed)\b",
    re.IGNORECASE,
)
_OUTCOME_ANY = re.compile(
    r"\b(?:is|are) (?:now )?(?:green|passing|fixed|resolved|working)\b"
    r"|\ball (?:\d+ )?(?:tests?|checks) (?:now )?pass|\bnow (?:passes|pass|works|succeeds|builds)\b"
    r"|\bpassed \d+ (?:runs|times|tests)\b|\btests? (?:cover|pass(?:es)?)\b"
    r"|\b(?:has|have) been (?:successfully )?[a-z]+ed\b|\bsuccessfully\b",
    re.IGNORECASE,
)
_OUTCOME_HINTS = ("pass", "green", "fixed", "resolved", "working", "works", "succeeds",
                  "builds", "cover", "been", "success")

# A plan announced before doing it ("I'll reproduce it first …"): the doing matters more.
PLAN = re.compile(r"^(?:(?:first|next|then|now),? )?(?:i'll|i will|i'm going to|i am going to|"
                  r"we'll|let me|i plan to|my plan is)\b", re.IGNORECASE)

QUESTION_END = re.compile(r"[?？]\s*[)\"'`*]*\s*$")


def is_outcome(text: str) -> bool:
    """Whether a sentence reports what got done ("Fixed …", "CI is green again …")."""
    if _OUTCOME_START.match(text):
        return True
    low = text.lower()
    return any(h in low for h in _OUTCOME_HINTS) and _OUTCOME_ANY.search(text) is not None
