"""``gapless summarize PATH`` asks whether the server answers while it renders the input
(issue 42): one question per run, taken by the run; an input that fails to load, or a
finished run reused, is not failed by a server that does not answer."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from gapless.engine.core.errors import UserError
from gapless.engine.providers.preflight import start_preflight, take_preflight
from gapless.engine.usecases.summarize_path import summarize_file
from tests.support.fault_server import FaultServer, fast_settings
from tests.support.helpers import make_transcript


@pytest.fixture
def source(tmp_path: Path) -> Path:
    p = tmp_path / "session.md"
    p.write_bytes(make_transcript(60, 40).data)
    return p


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def gets(server: FaultServer) -> list[str]:
    return [r["path"] for r in server.requests if r["method"] == "GET"]


async def test_a_run_asks_the_server_once_and_its_first_request_is_that_question(
        tmp_path: Path, source: Path) -> None:
    with FaultServer() as server:
        settings = fast_settings(server.url + "/v1", context_tokens=4096)
        result = await summarize_file(tmp_path / "db.sqlite", str(source), settings)
        assert result.status == "complete"
        # the run took the command's pre-flight and its provider: the server's list and
        # Ollama's are asked for once each, the list first of all
        asked = gets(server)
        assert asked[0] == "/v1/models" and len(asked) == len(set(asked)), asked
        assert server.requests[0]["path"] == "/v1/models"
        assert any(r["method"] == "POST" for r in server.requests)


async def test_a_dead_server_is_the_runs_one_sentence_and_a_bad_path_comes_first(
        tmp_path: Path, source: Path) -> None:
    settings = fast_settings(f"http://127.0.0.1:{closed_port()}/v1")
    with pytest.raises(UserError, match="cannot connect"):
        await summarize_file(tmp_path / "db.sqlite", str(source), settings)
    with pytest.raises(UserError, match="No such file"):
        await summarize_file(tmp_path / "db.sqlite", str(tmp_path / "missing.md"), settings)


async def test_a_finished_run_is_reused_whatever_the_server(tmp_path: Path,
                                                           source: Path) -> None:
    db = tmp_path / "db.sqlite"
    with FaultServer() as server:
        settings = fast_settings(server.url + "/v1", context_tokens=4096)
        first = await summarize_file(db, str(source), settings)
        assert first.status == "complete"
        url = server.url
    # the same server, gone: the finished run is the result, nothing is sent
    again = await summarize_file(db, str(source), fast_settings(url + "/v1",
                                                                context_tokens=4096),
                                 reuse=True)
    assert again.status == "complete" and again.reused_run == first.run_id


async def test_a_preflight_no_run_takes_is_dropped_with_its_answer() -> None:
    settings = fast_settings(f"http://127.0.0.1:{closed_port()}/v1")
    async with start_preflight(settings):
        pass  # (its answer, an error, is never raised nor left unretrieved)
    assert take_preflight(settings) is None
