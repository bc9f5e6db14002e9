"""A changelog as strangers' files are written: a byte-order mark before its first line,
Windows' "\\r\\n" line ends. Each is the same history: the same releases counted, the same
newest one named, as the file written plainly (read whole, through the product's path)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from gapless.engine.config import Settings
from gapless.engine.extractive.kinds.registry import summarize
from gapless.engine.run.request import RunRequest
from gapless.engine.service import summarize_path
from tests.support.changelogs import news


def _news() -> str:
    """A NEWS under its editor's file variables, the newest release right below them."""
    return news("-*- coding: utf-8; -*-")


def _changes() -> str:
    """A CHANGES whose indented mode line opens the file, above its first heading."""
    out = ["                                                         -*- coding: utf-8 -*-"]
    for k in range(9, 0, -1):
        out += [f"Changes with Frobd 2.4.{k}", "",
                f"  *) core: Fix the retry policy on 32-bit platforms. PR {6000 + k}.",
                "     [Ann Other]", "",
                "  *) mod_cache: Speed up lookups of long keys.", "     [Some One]", ""]
    return "\n".join(out)


def _notes() -> str:
    """Release notes of underlined titles (reStructuredText), an unreleased section on
    top and "###" groups inside each release."""
    out = ["Working version", "---------------", "", "### Language features:", "",
           "- #12500: Add effects syntax", "  (Someone, review by Other)", ""]
    for k in range(7, 0, -1):
        title = f"Frob 5.{k}.0 (2{k} June 2023)"
        out += [title, "-" * len(title), "", "### Bug fixes:", "",
                f"- #{12100 + k}: Document the encoder when the input is empty",
                "  (Author Name, review by Reviewer Name)", "",
                "### Standard library:", "", f"- #{12200 + k}: Faster maps", ""]
    return "\n".join(out)


def _dated() -> str:
    """Dated version lines over indented groups of items, an unreleased section on top."""
    out = ["Unreleased Changes (C++/Java/Python)", "", "  Compiler",
           "  * Fix a crash when the descriptor pool is empty (#10345)", ""]
    for k in range(9, 0, -1):
        out += [f"2023-{k:02d}-07 version 21.{k} (C++/Java/Python)", "", "  Python",
                f"  * Improve the Windows build for non-UTF-8 paths (#9{k}65)",
                "  * Document the scheduler for non-UTF-8 paths (#10096)", "", "  C++",
                "  * Speed up the parser for long names (#10087)", ""]
    return "\n".join(out)


_HISTORIES = {"NEWS": (_news, "changes in foo-2.3.8 relative to foo-2.3.7", 8),
              "CHANGES": (_changes, "Changes with Frobd 2.4.9", 9),
              "Changes.md": (_notes, "Frob 5.7.0", 7),
              "CHANGES.txt": (_dated, "2023-09-07 version 21.9", 9)}


def _read(path: Path) -> tuple[str, str]:
    entry = asyncio.run(summarize_path(path, RunRequest(Settings()))).entry or {}
    return str(entry.get("headline", "")), str(entry.get("summary", ""))


@pytest.mark.parametrize("name", list(_HISTORIES))
@pytest.mark.parametrize("written", ["bom", "crlf", "bom+crlf"])
def test_a_history_reads_alike_however_its_file_is_written(tmp_path: Path, name: str,
                                                          written: str) -> None:
    make, newest, releases = _HISTORIES[name]
    text = make() + "\n"
    plain = tmp_path / name
    plain.write_text(text, encoding="utf-8")
    data = text.encode("utf-8")
    if "crlf" in written:
        data = data.replace(b"\n", b"\r\n")
    if "bom" in written:
        data = b"\xef\xbb\xbf" + data
    other = tmp_path / "other" / name
    other.parent.mkdir()
    other.write_bytes(data)
    headline, summary = _read(plain)
    assert headline.startswith(f"Newest release: {newest}")
    assert f"{releases} releases" in summary
    assert _read(other) == (headline, summary)
    # the kind alone, on the text as a part of a file would hold it
    ex = summarize(data.decode("utf-8"))
    assert ex.headline == summarize(text).headline
