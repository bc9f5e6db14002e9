"""Every kind's weights in one place, named: what its detector counts, and from which
share of a fold's children the fold is that kind's. Nothing here imports the engine, so the
kinds and the modules that do their work read the same numbers."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class LogWeights:
    sample_lines: int = 120  # non-blank lines sampled from the start (half as many mid, end)
    min_records: int = 3  # fewer records is no log
    min_share: float = 0.6  # of the sampled lines (continuations aside) that are records
    fold_share: float = 0.5  # of a fold's children that carry a log's figures
    # a line-start shape learned from the text (no known format): the share of sampled
    # lines whose first fields have the same shapes, and how many lines it is learned from
    shape_share: float = 0.8
    shape_min_lines: int = 8
    level_share: float = 0.95  # of records whose level column holds a level word
    # a context's bracket after the header's (a database's, a request's): records holding it
    context_share: float = 0.2
    # a log of multi-line records: the sampled lines that open with a time, at least
    multiline_share: float = 0.02


@dataclass(frozen=True, slots=True)
class CodeWeights:
    sniff_lines: int = 400  # non-blank lines read
    min_lines: int = 8
    code_share: float = 0.6  # of those lines that read as code
    min_definitions: int = 2


@dataclass(frozen=True, slots=True)
class MeetingWeights:
    min_turns: int = 3  # lines that open with a speaker's label
    turn_share: float = 0.5  # of the text's messages


@dataclass(frozen=True, slots=True)
class ConversationWeights:
    fold_share: float = 0.5  # of a fold's children read as conversations: laid out in sections


@dataclass(frozen=True, slots=True)
class ChangelogWeights:
    min_releases: int = 2  # release headings of one learned shape
    heading_chars: int = 90  # a release heading is a short line
    fold_share: float = 0.5
    # "which release …": an item's share of the question's word pairs, in order, weighs this
    # much beside its BM25 (1 for the best item); the best few items within a share of the
    # best one are the answer
    phrase_weight: float = 1.0
    answer_items: int = 3
    answer_keep: float = 0.6


LOG = LogWeights()
CODE = CodeWeights()
MEETING = MeetingWeights()
CONVERSATION = ConversationWeights()
CHANGELOG = ChangelogWeights()
