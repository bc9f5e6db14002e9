"""The severity words logs write, on a common scale: what tells a log's level field (and a
log's records from a conversation's messages, whose speakers are no severities)."""

from __future__ import annotations

LEVELS = {
    "emerg": "error", "emergency": "error", "alert": "error", "crit": "error",
    "critical": "error", "fatal": "error", "severe": "error", "error": "error", "err": "error",
    "panic": "error", "warn": "warning", "warning": "warning", "notice": "info",
    "info": "info", "information": "info", "debug": "debug", "trace": "debug", "fine": "debug",
    "verbose": "debug", "log": "info",
    # three- and four-letter spellings (Serilog and zerolog "INF", .NET's console "dbug")
    "inf": "info", "wrn": "warning", "dbg": "debug", "ftl": "error", "vrb": "debug",
    "trc": "debug", "fail": "error", "dbug": "debug", "trce": "debug",
    "ntc": "info", "fat": "error",  # (Nim's chronicles: "NTC", "FAT")
    # four-letter cuts (logrus's text "ERRO[0001]", supervisord's "DEBG", "BLAT")
    "erro": "error", "fata": "error", "pani": "error", "debu": "debug", "debg": "debug",
    "trac": "debug", "blat": "debug",
}


def level_of(word: str | None) -> str | None:
    """A level word (any case, syslog's or Java's spelling) as error | warning | info |
    debug, or None. A log writes a handful of level words a record each: each is looked up
    once (up to _WORDS_KEPT of them)."""
    if not word:
        return None
    try:
        return _WORDS[word]
    except KeyError:
        level = LEVELS.get(word.strip().lower())
        if len(_WORDS) < _WORDS_KEPT:
            _WORDS[word] = level
        return level


_WORDS: dict[str, str | None] = {}
_WORDS_KEPT = 512
