"""log4j's mapped context between the level and the logger (Atlassian's
``%d %t %p %X{user} %X{request.id} %X{session} %X{ip} %X{url} [%c] %m``): five context fields
on a record made within a request, none on one made outside. The header ends at the logger's
bracket, so the context no longer opens the messages (a user's name split each template by
user); a bracketed name inside messages is no header's."""

from __future__ import annotations

import collections
import random

from gapless.engine.extractive.logs.detect import detect_format
from gapless.engine.extractive.logs.scan import scan_log
from tests.support.helpers import clock, folds_alike

EVENTS = [("INFO", "Issue {n} updated by user"), ("WARN", "Plugin {n} took {n} ms to enable"),
          ("ERROR", "Unable to index issue {n}: lock timeout"),
          ("INFO", "Scheduled job {n} ran in {n} ms")]


def _jira(lines: int = 400) -> tuple[str, collections.Counter[str]]:
    r = random.Random(6)
    out, levels = [], collections.Counter[str]()
    for k in range(lines):
        level, event = r.choice(EVENTS)
        levels[level] += 1
        logger = f"[c.a.jira.{r.choice(['issue', 'plugin', 'web'])}.Manager]"
        head = f"2024-03-01 {clock(k * 3)},{r.randint(0, 999):03d}+0000"
        if r.random() < 0.3:  # outside a request: no context, the level padded
            out.append(f"{head} Caesium-1-3 {level:<9} {logger} {event.format(n=k)}")
        else:
            context = (f"{r.choice(['admin', 'jdoe', 'asmith'])} {r.randint(600, 700)}x"
                       f"{r.randint(1000, 9999)}x1 1wcjixd 10.0.0.{r.randint(1, 250)} "
                       "/rest/api/2/issue")
            out.append(f"{head} http-nio-8080-exec-{r.randint(1, 20)} {level} {context} "
                       f"{logger} {event.format(n=k)}")
    return "\n".join(out) + "\n", levels


def test_the_logger_bracket_closes_the_header() -> None:
    text, levels = _jira()
    fmt = detect_format(text)
    assert fmt is not None and fmt.endswith(",K_s"), fmt
    stats = scan_log(text, fmt).stats
    assert stats is not None and stats.records == 400
    assert stats.levels == {"info": levels["INFO"], "warning": levels["WARN"],
                            "error": levels["ERROR"]}
    templates = {t.template for t in stats.templates}
    assert "Issue <*> updated by user" in templates
    assert not any("admin" in t or "rest/api" in t for t in templates)
    folds_alike(text, fmt)


def test_a_bracket_at_one_place_or_inside_messages_is_no_closing_logger() -> None:
    text, _ = _jira()
    fixed = "\n".join(ln.replace(" Caesium-1-3 ", " http-nio-8080-exec-1 ").replace(
        "INFO      [", "INFO admin 1x1x1 s 10.0.0.1 /x [").replace(
        "WARN      [", "WARN admin 1x1x1 s 10.0.0.1 /x [").replace(
        "ERROR     [", "ERROR admin 1x1x1 s 10.0.0.1 /x [") for ln in text.splitlines())
    fmt = detect_format(fixed + "\n")
    assert fmt is not None and not fmt.endswith(",K_s")  # (one place in every row: a column)
    plain = "\n".join(f"2024-03-01 {clock(k)} INFO worker started task {k} [a.b.Task] ok"
                      if k % 2 else f"2024-03-01 {clock(k)} INFO worker idle"
                      for k in range(200))
    fmt = detect_format(plain + "\n")
    assert fmt is not None and not fmt.endswith(",K_s")  # (on half the records only)
