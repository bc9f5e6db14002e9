"""Messages whose roles were written from the other side's view.

A chat API's roles are relative to the model being called, so a framework whose agent
acts for the person can save a chat as the *agent's* view: the person's proxy's messages
carry ``role`` assistant and the model's carry ``role`` user, each message also naming
its sender in a ``name`` field. When the names of the user and assistant messages are two,
one of them names a person (``user_proxy``, ``human``) and it is always the name of the
``assistant`` messages — the other always of the ``user`` ones — the names say who spoke
and the two roles are read the other way round.
"""

from __future__ import annotations

from typing import Any

from gapless.engine.sources.chat_shape import AGENT, PERSON, tokens

SWAP = {"user": "assistant", "assistant": "user"}


def roles_swapped(msgs: Any) -> bool:
    """Whether a list of messages holds its user and assistant roles the other way round,
    by the sender names the messages carry."""
    if not isinstance(msgs, list):
        return False
    names: dict[str, set[str]] = {"user": set(), "assistant": set()}
    for m in msgs:
        if not isinstance(m, dict) or m.get("role") not in names:
            continue
        name = m.get("name")
        if not isinstance(name, str) or not name.strip():
            return False  # a message of the two without a sender's name: roles as given
        names[str(m["role"])].add(name)
    said_user, said_assistant = names["user"], names["assistant"]
    if len(said_user) != 1 or len(said_assistant) != 1 or said_user == said_assistant:
        return False
    (as_user,), (as_assistant,) = said_user, said_assistant
    person = tokens(as_assistant) & PERSON and not tokens(as_assistant) & AGENT
    return bool(person) and not tokens(as_user) & PERSON
