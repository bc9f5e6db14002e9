"""Files as strangers' machines save them. One with a UTF-8 byte-order mark (Windows editors
and PowerShell write one) reads as the same file without it: the mark hid a changelog's
newest release ("43 releases" of 44, the second named newest) and a log's first record
(counted as a line of no shape). Its three bytes stay covered; no figure changes. UTF-16
text and a compressed log are named for what they are, with the command that makes them
readable."""

from __future__ import annotations

import gzip
import json
import re
import sqlite3
from pathlib import Path

import pytest

from gapless.tui.cli.main import main
from tests.support.cli import isolate_cli, run_cli

DATA = Path(__file__).parent / "data"
MARK = b"\xef\xbb\xbf"


def _figures(out: str) -> str:
    """The summary as printed, less the lines that name the run, its bytes and its time."""
    return "\n".join(ln for ln in out.splitlines()
                     if not re.search(r"bytes read|run [0-9a-f]{12}|rendered|elapsed|·", ln))


@pytest.mark.parametrize(("verb", "name"), [
    ("summarize", "changelogs/tmux-CHANGES.txt"),
    ("summarize", "changelogs/gawk-ChangeLog.txt"),
    ("read", "changelogs/tmux-CHANGES.txt"),
    ("summarize", "logs/Apache_2k.log"),
    ("read", "logs/Apache_2k.log"),
])
def test_a_marked_file_reads_as_the_unmarked(verb: str, name: str, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    isolate_cli(tmp_path, monkeypatch)
    plain = tmp_path / Path(name).name
    plain.write_bytes((DATA / name).read_bytes())
    marked = tmp_path / f"marked-{plain.name}"
    marked.write_bytes(MARK + plain.read_bytes())
    code_plain, out_plain = run_cli(capsys, verb, str(plain))
    code_marked, out_marked = run_cli(capsys, verb, str(marked))
    assert code_plain == code_marked == 0
    assert _figures(out_marked) == _figures(out_plain)
    size = marked.stat().st_size  # every byte, the mark's too, read
    assert "complete" in out_marked
    assert re.search(rf"\b{size}(/{size})? bytes", out_marked.replace(",", ""))


def test_utf16_text_is_named_with_its_conversion_and_leaves_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    isolate_cli(tmp_path, monkeypatch)
    wide = tmp_path / "events.log"  # as Windows PowerShell's `>` writes a log
    wide.write_bytes((DATA / "logs/Apache_2k.log").read_text(encoding="utf-8")
                     .encode("utf-16"))
    capsys.readouterr()
    code = main(["summarize", str(wide)])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert "is UTF-16 text, not UTF-8" in err and "iconv -f UTF-16 -t UTF-8" in err
    assert "Traceback" not in err
    db = tmp_path / "cli.db"  # a refused request stores no run
    if db.exists():
        with sqlite3.connect(db) as con:
            assert con.execute("SELECT count(*) FROM runs").fetchone() == (0,)
    code, out = run_cli(capsys, "read", str(wide))  # the read names it, not summarized
    assert code == 0 and "UTF-16 text, not UTF-8; convert it first" in out


def test_a_compressed_log_is_named_with_the_command_that_opens_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    isolate_cli(tmp_path, monkeypatch)
    rotated = tmp_path / "app.log.2.gz"  # as logrotate leaves yesterday's log
    rotated.write_bytes(gzip.compress((DATA / "logs/Apache_2k.log").read_bytes()))
    capsys.readouterr()
    code = main(["summarize", str(rotated)])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "Traceback" not in err
    assert "is gzip-compressed" in err and f"gunzip -k {rotated}" in err
    code, out = run_cli(capsys, "read", str(rotated))  # named, with the way, not summarized
    assert code == 0 and "gzip data; decompress it first, e.g. gunzip -k" in out
    # a text that merely opens with a compressor's magic letters is still text
    text = tmp_path / "notes.txt"
    text.write_text("BZh is what a bzip2 stream opens with.\nThis file is plain text.\n")
    code, out = run_cli(capsys, "summarize", str(text))
    assert code == 0 and "bzip2 stream" in out


# A French team's notes and a Russian service's log, as Windows editors and older tools save
# them: one legacy code page each, every accented or Cyrillic letter a byte of its own.
NOTES = "\n".join(f"Réunion {i} : l'équipe a validé la migration ; prochaine étape à "
                  f"définir avec François (coût estimé {i * 3} k€)." for i in range(1, 41))


def _russian_log() -> str:
    lines = (DATA / "logs/Linux_2k.log").read_text(encoding="utf-8").splitlines()[:400]
    # every fifth record's message names its host in Cyrillic, as a localized syslog does
    return "\n".join(ln.replace("combo", "сервер-комбо") if i % 5 == 0 else ln
                     for i, ln in enumerate(lines)) + "\n"


@pytest.mark.parametrize(("name", "text", "codec", "named"), [
    ("notes.txt", NOTES, "cp1252", "Windows-1252"),
    ("messages.log", _russian_log(), "cp1251", "Windows-1251"),
])
def test_a_legacy_encoding_reads_as_its_letters(name: str, text: str, codec: str, named: str,
                                                tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    isolate_cli(tmp_path, monkeypatch)
    utf8 = tmp_path / f"utf8-{name}"
    utf8.write_text(text, encoding="utf-8")
    legacy = tmp_path / name
    legacy.write_bytes(text.encode(codec))
    code_utf8, out_utf8 = run_cli(capsys, "summarize", str(utf8))
    code, out = run_cli(capsys, "summarize", str(legacy))
    assert code == code_utf8 == 0 and "complete" in out
    assert "\ufffd" not in out  # no replacement marks: the letters themselves
    assert _figures(out) == _figures(out_utf8)  # the same summary, the same figures
    assert f"read as {named}, not UTF-8" in out
    code, out = run_cli(capsys, "summarize", str(legacy), "--json", "--force")
    got = json.loads(out)
    assert got["source"]["files"][0]["encoding"] == named
    assert got["malformed_lines"] == 0


def test_utf8_with_a_damaged_line_keeps_utf8_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    isolate_cli(tmp_path, monkeypatch)
    path = tmp_path / "notes.txt"
    # a UTF-8 file whose one line a bad copy cut inside a letter
    path.write_bytes(NOTES.encode("utf-8").replace("François".encode(), b"Fran\xc3", 1))
    code, out = run_cli(capsys, "summarize", str(path))
    assert code == 0 and "Réunion" in out  # the rest read as UTF-8
    assert "1 line of invalid UTF-8, bad bytes replaced" in out
    code, out = run_cli(capsys, "summarize", str(path), "--json", "--force")
    got = json.loads(out)
    assert got["source"]["files"][0]["encoding"] == ""  # (UTF-8, as a file of no bad line)
    assert got["source"]["files"][0]["replaced_lines"] == 1 and got["malformed_lines"] == 1
