"""A person's reply that a coding agent's harness wraps in a tool's result (``<feedback>``
after ``[attempt_completion] Result:``) is theirs whatever blanks an editor left at the
ends of its lines: the same asks are listed as from the file without them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.support.helpers import summarized_asks

_TASK = """\
**User:**

<task>
I have a Flask app that returns 500 on /login since the upgrade. Can you find out why?
</task>

---

**Assistant:**

<attempt_completion>
<result>
The login view calls an API that Flask 3 removed; I replaced it with the new one.
</result>
</attempt_completion>

---

**User:**

[attempt_completion] Result:
The user has provided feedback on the results. Consider their input to continue the task, and then attempt completion again.
<feedback>
Please apply that fix and add a regression test for the remember-me checkbox.
</feedback>

---

**Assistant:**

Done: the fix is applied and a regression test covers the remember-me checkbox.
"""


def test_a_reply_in_a_tools_result_is_the_persons_with_blanks_at_line_ends(
        tmp_path: Path, capsys: Any) -> None:
    plain, blanked = tmp_path / "a" / "cline_task.md", tmp_path / "b" / "cline_task.md"
    for path, text in ((plain, _TASK), (blanked, _TASK.replace("\n", " \n"))):
        path.parent.mkdir()
        path.write_text(text, encoding="utf-8")
    asked = summarized_asks(plain.parent, plain, capsys)
    assert any("remember-me checkbox" in a for a in asked), asked
    assert summarized_asks(blanked.parent, blanked, capsys) == asked
