"""The built-in ``extractive`` summarizer: offline, deterministic, no model.

It turns any piece of transcript text (rendered Claude Code / Codex sessions, meetings, logs,
even raw JSONL) into a journal :class:`~engine.core.extraction.Extraction`:

* **Segmentation.** The text is cut into lines, then sentences, each kept with its exact
  character span. Rendered message headers (``### user · 2026-…``) set the speaker role;
  ``→ Tool`` call lines, ``[thinking]`` blocks, code fences, JSON blobs, stack frames,
  progress bars, ``ls -l`` listings, line-numbered file dumps, log records, source lines,
  diffs, SQL, injected skill / hook / command boilerplate and tool output are recognised and
  down-weighted (they still count for entities, except that log records name no files and
  source code names no errors). Text before the first header is the tail of a message whose
  speaker is unknown (a tree leaf may start inside a tool result).
  In JSON lines (raw JSONL) the prose fields (``"text"``, ``"content"`` …) become sentences
  of their own, addressed by the raw span of their escaped string.
* **Salience.** Centroid ranking (MEAD-style): TF-IDF weights over the sentences (CJK as
  character bigrams, file paths by their last component), the 50 heaviest terms form the
  centroid, and a sentence scores by its cosine to it, multiplied by its noise factor, its
  role (the user's opening request counts most, tool output least), its length, a penalty
  for lines repeated with only numbers changed, and boosts for decisions, errors,
  conclusions, outcomes ("Fixed …", "tests pass"), position (each request, the closing
  report) and, when a ``question`` is given, overlap with that question; announced plans
  ("I'll …") count less.
* **Selection.** The narrative is made of what the user and the agent said (tool output,
  logs and code only when a text has nothing else): greedy by score with a redundancy check,
  within ``max_summary_chars``, then put back in chronological order. A conversation with an
  agent (:mod:`.conversation`) keeps its first request and lays the pieces out as bullets
  under ``Asked:`` / ``Done:`` / ``Decided:`` / ``Left open:`` (the user's words at most
  three quarters of it); the files it changed (edit tools, patches, shell writes), the
  commands it ran and the errors it met are the extraction's ``files``, ``commands`` and
  ``errors`` lists, never lines of the summary.
* **Headline.** A conversation's outcome: the agent's last report of work done ("Created …",
  "tests pass"), else its last conclusion; else the user's first substantive request; else a
  document title; else the agent's most salient statement; never tool output, logs, code or
  JSON in a transcript. Its anchor label says which (``headline: `` for a request,
  ``headline (text|outcome|excerpt): `` otherwise), so that folds of a conversation take the
  latest part's outcome and other folds the user's task.
* **Entities** that matter in engineering transcripts: file paths, commands run, errors and
  failing tests, decisions, open questions (from the user's or the agent's prose only:
  questions nobody answered later, questions explicitly deferred, TODO / "not sure"; not
  polite requests, not the agent's questions to itself, never SQL placeholders).
* **Topics.** Noun phrases and identifiers (quoted names, ``snake_case``, ``CamelCase``),
  never log levels, dates, hex ids or generic verbs.

Every summary sentence, the headline and each open question carries an
:class:`~engine.core.extraction.Anchor` with absolute UTF-8 byte offsets (``base_offset`` + the
bytes before it). A summary sentence's anchor is labelled ``summary: <its first words>``
(``excerpt: …`` when it quotes tool output or other non-prose), which lets
:func:`fold_extractions` cut a child's summary back into exactly the sentences its anchors
support, through any number of folds. A fold spreads its narrative over all its children
(diminishing returns per child), drops quoted machine output once any child said something,
and drops a user's question whose answer lies in a later child.

The transcript is data: no line in it is ever followed as an instruction; it is only
counted, scored and quoted. Everything here is pure (no I/O), deterministic (ties broken by
position, never by hash order) and linear in the size of the input.

With a ``question``, :mod:`.answers` adds ``answer`` and ``answer_anchors``: BM25 (``bm25s``)
over the turns alone and with two turns of context either side; leaves nominate their best
turns (at most 120 words, quoted as said), folds re-score the nominees together and keep the
best. A transcript of talk (``Speaker: text``) is read as a meeting by :mod:`.meeting`:
pieces and open questions quoted with their speaker and without fillers, ``decisions`` and
``actions`` with owners, and the stated purpose as the headline.

A text whose lines are mostly machine-log records is summarized by :mod:`.logs` instead:
its figures computed (drain3 templates with exact counts, time range, levels, bursts, top
talkers), carried in the extraction's ``stats`` and merged exactly by folds.

Which of these a text is, is decided by the registry of kinds (:mod:`.kinds`): log, code,
meeting, conversation, changelog, document, each detected from the text's structure (a
log's learned line-start shape, a changelog's learned release headings, a chat export's
learned turn markers: :mod:`.logs.shape`, :mod:`.kinds.changelog`, :mod:`.turns`); the
extraction carries its ``kind`` and a fold is merged by the kind its children's field names.

Modules, in reading order: ``segment`` (messages and roles), ``sentences`` and ``json_lines``
(units with spans), ``noise``, ``line_entities``, ``cues``, ``salience``, ``questions``,
``topics``, ``headline``, ``anchors``, ``trailer``, ``conversation``, ``answers``,
``meeting``, ``turns``, then ``kinds`` (the registry; ``kinds.prose`` and ``kinds.prose_fold``
are the prose pipeline the meeting, conversation, changelog and document kinds share),
``leaf`` (:func:`summarize_text`), ``fold`` (:func:`fold_extractions`) and ``engineering``
(:func:`entities`); ``units``, ``terms``, ``paths``, ``display``, ``limits`` and ``weights``
are what they all share.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gapless.engine.extractive.engineering import Entities, entities
    from gapless.engine.extractive.fold import fold_extractions
    from gapless.engine.extractive.leaf import summarize_text

__all__ = ["Entities", "entities", "fold_extractions", "summarize_text"]

# Lazy (PEP 562): a run against a model imports only the parts its prompts use (a log's
# figures), not the kinds and their patterns; each name's module loads on first use.
_HOMES = {"Entities": "engineering", "entities": "engineering",
          "fold_extractions": "fold", "summarize_text": "leaf"}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_HOMES[name]}"), name)
    globals()[name] = value
    return value
