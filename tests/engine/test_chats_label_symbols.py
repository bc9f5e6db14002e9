"""Turn markers with a symbol beside the role word: a heading's label is read without an
emoji after it (``## USER 🧑‍💻`` / ``## MODEL ✨``) as without one before it, so such a
pair takes turns over the bold lines inside the turns (``**Tool Command**:``); and a line
holding only a symbol and a colon (``💬:`` / ``🤖:[ChatGPT4o]``) opens a turn, the person's
side being the one that asks, after a block of the chat's settings closed by a rule."""

from __future__ import annotations

from pathlib import Path

from gapless.engine.sources import load_transcript
from gapless.engine.sources.turns import label_key

ASKS = ["My deploy keeps failing with a health check timeout on port 8080, what should I check?",
        "How do I make the release command run the database migrations first?",
        "Can I keep one machine always running so the first request isn't slow?"]
ANSWERS = ["Your app probably listens on 127.0.0.1; bind it to 0.0.0.0:8080 instead.",
           "Add release_command = 'python manage.py migrate' under [deploy] in fly.toml.",
           "Yes: set min_machines_running = 1 under [http_service]."]


def _roles(path: Path) -> list[str]:
    text = load_transcript(path).data.decode()
    return [line.split()[1] for line in text.splitlines() if line.startswith("### ")]


def test_an_emoji_after_a_headings_label_is_no_part_of_it(tmp_path: Path):
    assert label_key("USER 🧑‍💻") == "user" and label_key("👤 User") == "user"
    assert label_key("What is new in 2.0?") == "what is new in 2.0?"  # ASCII kept
    turns = []
    for ask, answer in zip(ASKS, ANSWERS, strict=True):
        turns += [f"## USER 🧑‍💻\n\n{ask}",
                  "## MODEL ✨\n\n**Tool Command**:\n```json\n{\"name\": \"read_file\"}\n```",
                  "## USER 🧑‍💻\n\n**Tool Response**:\n```json\n{\"output\": \"ok\"}\n```",
                  f"## MODEL ✨\n\n{answer}"]
    f = tmp_path / "gemini-share.md"
    f.write_text("\n\n---\n\n".join(turns) + "\n", encoding="utf-8")
    roles = _roles(f)
    assert roles[:4] == ["user", "assistant", "user", "assistant"]
    assert len(roles) == 12


def test_a_symbol_alone_on_its_line_opens_a_turn(tmp_path: Path):
    head = ("# topic: Fly.io deploy\n\n- file: 2024-05-14.10-21-07.123.md\n- model: "
            "{\"model\":\"gpt-4o\"}\n- role: You are a general AI assistant.\n\nWrite your "
            "queries after 💬:. Use `<C-g><C-g>` or :GpChatRespond to generate a response.\n"
            "Response generation can be terminated by using `<C-g>s` or :GpChatStop.\n"
            "Chats are saved automatically. To delete this chat, use `<C-g>d`.\n\n---\n")
    body = "".join(f"\n💬:\n{ask}\n\n🤖:[ChatGPT4o]\n{answer}\n"
                   for ask, answer in zip(ASKS, ANSWERS, strict=True))
    f = tmp_path / "2024-05-14.10-21-07.123.md"
    f.write_text(head + body + "\n💬:\n", encoding="utf-8")
    text = load_transcript(f).data.decode()
    assert _roles(f) == ["user", "assistant"] * 3
    for ask in ASKS:
        assert f"user\n{ask}" in text.replace("### ", "")
