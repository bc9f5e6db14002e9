"""Text that is not UTF-8: one legacy encoding (Windows-1252, ISO-8859-2, KOI8-R, Shift-JIS…)
as older tools and Windows editors save a file, read as its own letters.

Decoding such a file as UTF-8 replaced every accented letter with a mark ("Caf� r�union"):
names and words lost, though counted as malformed lines. When every line that holds bytes
past ASCII fails as UTF-8 (one legacy encoding, not UTF-8 with a damaged line), ``chardet``
names the encoding from those lines (when they hold enough bytes past ASCII to tell), and
the file is read in it if that decodes it whole.
"""

from __future__ import annotations

from dataclasses import dataclass

SAMPLE_BYTES = 200_000  # of the lines past ASCII, what the detector looks at
MIXED_SHARE = 0.1  # more of the lines past ASCII valid UTF-8 than this: UTF-8, damaged
# fewer bytes past ASCII than this are too few to name an encoding by ("Caf\xe9 r\xe9union"
# reads as Greek as well as French): they stay invalid UTF-8, replaced and counted
MIN_EVIDENCE = 64


@dataclass(frozen=True, slots=True)
class Foreign:
    """A file's lines that hold bytes past ASCII: those that fail as UTF-8 (line numbers,
    1-based) and those that are valid UTF-8 (a count)."""

    bad: list[int]
    valid: int


def foreign_lines(raw: bytes) -> Foreign:
    """The lines of ``raw`` past ASCII, sorted into valid UTF-8 and not."""
    bad: list[int] = []
    valid = 0
    for n, line in enumerate(raw.split(b"\n"), 1):
        if line.isascii():
            continue
        try:
            line.decode("utf-8")
            valid += 1
        except UnicodeDecodeError:
            bad.append(n)
    return Foreign(bad, valid)


def legacy_text(raw: bytes, foreign: Foreign) -> tuple[str, str] | None:
    """The text of ``raw`` and its encoding's name, when it is in one legacy encoding that
    decodes it whole; None for UTF-8 with damaged lines, or when no encoding fits."""
    if not foreign.bad or foreign.valid > MIXED_SHARE * (foreign.valid + len(foreign.bad)):
        return None
    import chardet  # (only for a file that is not UTF-8)

    lines = raw.split(b"\n")
    sample = bytearray()
    for n in foreign.bad:
        sample += lines[n - 1] + b"\n"
        if len(sample) >= SAMPLE_BYTES:
            break
    if sum(1 for b in sample if b > 127) < MIN_EVIDENCE:
        return None
    found = chardet.detect(bytes(sample), prefer_superset=True)
    name = found.get("encoding")
    if not name or name.lower().replace("-", "").replace("_", "") in ("utf8", "ascii"):
        return None
    try:
        return raw.decode(name), name
    except (UnicodeDecodeError, LookupError):
        return None
