"""A long log read offline in fewer, larger leaves.

A provider the registry marks ``window_free`` (the built-in extractive one) is no model: it
reads any length at once, and the window it plans at (8,192 tokens unless set) only decides
how many leaves a run has. A log's figures are the same for every window and every split
(exact counts, merged by adding), so a 52 MB log read in 8,192-token leaves spent most of
its time on its 2,300 nodes — their events, prompts and folds — not on the log. With no
window set by the user, such a provider reads a long log in about :data:`LOG_LEAVES` leaves.
Other kinds keep the window: their summaries pick sentences leaf by leaf, so a larger leaf
would say less of it."""

from __future__ import annotations

import math

from gapless.engine.config import Settings
from gapless.engine.core.tokens import Capacity
from gapless.engine.core.transcript import Transcript
from gapless.engine.registry import PROVIDERS

LOG_LEAVES = 128
HEAD_BYTES = 64_000  # what the log's format is told by (as a leaf's is)
MOST_TOKENS = 2_000_000  # the largest window the settings take


def offline_window(settings: Settings, transcript: Transcript) -> Settings:
    """``settings`` with the window a long log is read in offline (the same settings for
    any other input, provider or a window the user set)."""
    if ("context_tokens" in settings.model_fields_set or settings.provider not in PROVIDERS
            or not PROVIDERS.get(settings.provider).window_free):
        return settings
    leaf_bytes = Capacity.for_context(settings.context_tokens).data_bytes
    times = math.ceil(len(transcript) / max(1, LOG_LEAVES * leaf_bytes))
    if times <= 1 or _several_files(transcript) or not _a_log(transcript):
        return settings
    tokens = min(MOST_TOKENS, settings.context_tokens * times)
    return settings.model_copy(update={"context_tokens": tokens})


def _several_files(transcript: Transcript) -> bool:
    """A folder's files read as one input: a log among them tells nothing of the rest."""
    account = transcript.account
    return account is not None and len(account.files) > 1


def _a_log(transcript: Transcript) -> bool:
    from gapless.engine.extractive.logs.detect import detect_format

    return detect_format(transcript.text(0, min(len(transcript), HEAD_BYTES))) is not None
