"""The loopback names both served front ends check (``gapless serve``, ``gapless mcp
--http``): one reading, so the MCP command's warning and the guards never disagree."""

from __future__ import annotations

import pytest

from gapless.tui.loopback import is_loopback, url_host


@pytest.mark.parametrize("host", ["localhost", "LocalHost", "127.0.0.1", "127.8.9.10", "::1",
                                  "[::1]"])
def test_loopback_hosts_in_any_spelling(host: str) -> None:
    assert is_loopback(host)


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "[::]", "192.168.1.4", "example.com",
                                  "localhost.example.com", "", "[not an address]"])
def test_other_hosts_are_not_loopback(host: str) -> None:
    assert not is_loopback(host)


@pytest.mark.parametrize(("host", "written"), [("::1", "[::1]"), ("[::1]", "[::1]"),
                                               ("fe80::2", "[fe80::2]"),
                                               ("127.0.0.1", "127.0.0.1"),
                                               ("localhost", "localhost")])
def test_a_url_brackets_ipv6_only(host: str, written: str) -> None:
    assert url_host(host) == written
