"""The recursive strategy's model protocol: one JSON object per turn, one or more actions.

Offsets in actions are relative to the invocation's scope. Parsing never raises: bad turns
become a list of problems that are handed back to the model as the turn's result.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ValidationError

from gapless.engine.core.jsonrepair import LlmJsonError, parse_llm_json

ACTIONS = ("search", "read_range", "spawn", "done")


class SearchAction(BaseModel):
    action: Literal["search"]
    query: str


class ReadRangeAction(BaseModel):
    action: Literal["read_range"]
    start: int
    end: int


class SpawnAction(BaseModel):
    action: Literal["spawn"]
    start: int
    end: int
    sub_question: str | None = None


class DoneAction(BaseModel):
    action: Literal["done"]
    coherence_token: str = ""


Action = SearchAction | ReadRangeAction | SpawnAction | DoneAction
_MODELS: dict[str, type[BaseModel]] = {
    "search": SearchAction,
    "read_range": ReadRangeAction,
    "spawn": SpawnAction,
    "done": DoneAction,
}


@dataclass
class Turn:
    reasoning: str = ""
    actions: list[Action] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def parse_turn(text: str) -> Turn:
    """Parse one model turn: ``{"reasoning", "actions": [...]}`` or a bare action object."""
    try:
        obj = parse_llm_json(text)
    except LlmJsonError as exc:
        return Turn(problems=[f"the reply was not a usable JSON object: {exc}"])
    turn = Turn(reasoning=str(obj.get("reasoning", ""))[:2000])
    raw_actions: Any
    if "actions" in obj:
        raw_actions = obj["actions"]
        if isinstance(raw_actions, dict):
            raw_actions = [raw_actions]
        if not isinstance(raw_actions, list):
            turn.problems.append("'actions' must be a list of action objects")
            return turn
    elif "action" in obj:
        raw_actions = [obj]
    else:
        turn.problems.append("the reply has no 'actions' list and no 'action' field")
        return turn
    for i, raw in enumerate(raw_actions):
        action = _parse_action(raw, i, turn.problems)
        if action is not None:
            turn.actions.append(action)
    if not raw_actions:
        turn.problems.append("'actions' is empty")
    return turn


def _parse_action(raw: Any, index: int, problems: list[str]) -> Action | None:
    if not isinstance(raw, dict):
        problems.append(f"action {index} is not an object")
        return None
    name = raw.get("action")
    model = _MODELS.get(name) if isinstance(name, str) else None
    if model is None:
        problems.append(f"action {index} has unknown action {name!r} (use one of {ACTIONS})")
        return None
    try:
        parsed = model.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()))
        problems.append(f"action {index} ({name}) is invalid: {where} {first.get('msg', '')}")
        return None
    return parsed  # type: ignore[return-value]


def action_schema() -> dict[str, Any]:
    """JSON schema of a turn, for servers with structured output."""
    return {
        "type": "object",
        "properties": {
            "reasoning": {"type": "string"},
            "actions": {
                "type": "array",
                "minItems": 1,
                "items": {
                    "type": "object",
                    "properties": {
                        "action": {"type": "string", "enum": list(ACTIONS)},
                        "query": {"type": "string"},
                        "start": {"type": "integer"},
                        "end": {"type": "integer"},
                        "sub_question": {"type": "string"},
                        "coherence_token": {"type": "string"},
                    },
                    "required": ["action"],
                },
            },
        },
        "required": ["actions"],
    }
