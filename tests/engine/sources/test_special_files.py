"""Special files never hang a verb: a named pipe, a socket or a device in a folder is
skipped and counted with what it is; given alone it is one sentence; a file whose read fails
is one sentence (or a skipped answer) in every verb, never a traceback.

A FIFO with no writer blocks a plain ``open`` forever, so every test here has a timeout: on
code that opens one, the test fails instead of passing.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from gapless.engine import load_transcript
from gapless.engine.sources.common import SourceError, open_regular
from tests.support.cli import isolate_cli

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")

TEXT = "The build failed on the linker step.\nThe cache was cleared and it passed.\n"


@contextlib.contextmanager
def special_folder(tmp_path: Path) -> Iterator[Path]:
    """A folder with a text file, a named pipe (no writer) and a listening Unix socket."""
    folder = tmp_path / "inputs"
    folder.mkdir()
    (folder / "notes.txt").write_text(TEXT)
    os.mkfifo(folder / "pipe.log")
    sock = socket.socket(socket.AF_UNIX)
    # a socket path must be short; bind relative to the folder
    here = Path.cwd()
    os.chdir(folder)
    try:
        sock.bind("server.sock")
    finally:
        os.chdir(here)
    try:
        yield folder
    finally:
        sock.close()


@pytest.mark.timeout(10)
def test_a_folder_reads_its_regular_files_and_counts_the_special_ones(tmp_path: Path) -> None:
    with special_folder(tmp_path) as folder:
        t = load_transcript(folder)
    assert TEXT.encode() in t.data and t.account is not None
    skipped = {Path(s.path).name: s.reason for s in t.account.skipped}
    assert "named pipe" in skipped["pipe.log"], skipped
    assert "socket" in skipped["server.sock"], skipped
    assert "notes.txt" not in skipped


@pytest.mark.timeout(10)
def test_a_special_file_alone_is_one_sentence_naming_what_it_is(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.txt")
    for path, kind in ((tmp_path / "pipe.txt", "named pipe"), (Path("/dev/null"), "device")):
        with pytest.raises(SourceError) as caught:
            load_transcript(path)
        assert kind in str(caught.value) and "\n" not in str(caught.value)
        with pytest.raises(SourceError):
            open_regular(path)  # never blocks, even on a pipe without a writer


@pytest.mark.timeout(30)
@pytest.mark.parametrize("verb", ["summarize", "read", "compact"])
def test_every_verb_answers_a_pipe_and_a_failing_read_without_a_traceback(
        verb: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from gapless.tui.cli.main import main

    isolate_cli(tmp_path, monkeypatch)
    os.mkfifo(tmp_path / "pipe.txt")
    failing = Path("/proc/self/mem")  # a regular file whose read fails (EIO)
    for path in (tmp_path / "pipe.txt", failing):
        if path == failing and not failing.exists():
            continue
        code = main([verb, str(path)])
        out, err = capsys.readouterr()
        assert "Traceback" not in out + err
        if code != 0:
            assert err.startswith("gapless: ") and err.count("\n") == 1, err
        else:  # gapless read answers an unreadable file as skipped, with why
            assert verb == "read" and "unreadable" in out, out


@pytest.mark.timeout(30)
def test_summarize_of_a_folder_with_a_pipe_completes(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    from gapless.tui.cli.main import main

    isolate_cli(tmp_path, monkeypatch)
    with special_folder(tmp_path) as folder:
        code = main(["summarize", str(folder), "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0 and report["status"] == "complete", report
    reasons = {Path(s["path"]).name: s["reason"] for s in report["source"]["skipped_files"]}
    assert "named pipe" in reasons["pipe.log"] and "socket" in reasons["server.sock"]


def test_a_sentence_for_a_read_that_fails_midway(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """The command line's net: an OSError no verb expected is one sentence, exit 2."""
    from gapless.tui.cli import main as cli_main

    def fails(args: object) -> int:
        raise OSError(5, "Input/output error", str(tmp_path / "disk.bin"))

    isolate_cli(tmp_path, monkeypatch)
    parser = cli_main.build_parser(only="skipped")
    monkeypatch.setattr(cli_main, "build_parser", lambda only=None: parser)
    parser._subparsers._group_actions[0].choices["skipped"].set_defaults(_run=fails)  # type: ignore[union-attr]
    assert cli_main.main(["skipped"]) == 2
    err = capsys.readouterr().err
    assert err == f"gapless: could not read or write {tmp_path / 'disk.bin'}: Input/output error\n"
    assert sys.exc_info() == (None, None, None)
