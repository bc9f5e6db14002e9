"""Source code, offline: its purpose in its own words and what it defines (this project's own
modules and a JavaScript file), across chunks of ``gapless read``; transcripts that quote
code stay transcripts."""

from __future__ import annotations

import argparse
import ast
import re
from pathlib import Path

from gapless.engine import Settings
from gapless.engine.extractive import fold_extractions, summarize_text
from gapless.engine.extractive.code import definitions, looks_like_code
from gapless.engine.sources import load_transcript
from gapless.engine.strategies.chunked.read import read_summary
from tests.support.paths import REPO_ROOT, TEST_DATA

TREE = REPO_ROOT / "engine" / "strategies" / "tree_plan.py"
# a large module of this project, frozen as it stood before issue 31 split it by idea
CONTEXT = Path(__file__).parent / "data" / "run_context_1187_lines.py"

JS = """\
// Shopping cart helpers shared by the checkout pages.
import { formatPrice } from "./format";

export class Cart {
  constructor() { this.items = []; }
}

/** Adds one item to the cart. */
export function addItem(cart, item) {
  cart.items.push(item);
}

const total = (cart) => cart.items.reduce((sum, i) => sum + i.price, 0);

export default async function checkout(cart) {
  return formatPrice(total(cart));
}
"""


def test_a_python_module_is_its_docstring_and_its_definitions() -> None:
    text = TREE.read_text(encoding="utf-8")
    ex = summarize_text(text)
    doc = text.split('"""')[1]
    assert ex.headline == " ".join(doc.split()).split(". ")[0] + "."
    defines = next(ln for ln in ex.summary.splitlines() if ln.startswith("Defines ("))
    top = re.findall(r"^(?:async )?def (\w+)|^class (\w+)", text, re.M)
    names = [f"class {c}" if c else f"{f}()" for f, c in top]
    assert defines.split(": ", 1)[1].rstrip(".").split(", ") == names
    assert "plan_tree" in ex.topics and not any(t.startswith("_") for t in ex.topics)
    data = text.encode("utf-8")
    lines = [data[a.start:a.end].decode() for a in ex.anchors
             if a.label.startswith("definition: ")]
    assert lines and all(re.match(r"(?:async )?(?:def|class) \w+", ln) for ln in lines)
    assert "return " not in ex.summary  # no code lines quoted as if they were prose
    # then what each definition says of itself, its docstring's first sentence
    assert "- plan_tree(): Plan the tree over ``scope``." in ex.summary.splitlines()


def test_javascript_definitions() -> None:
    assert looks_like_code(JS)
    assert [(d.kind, d.name) for d in definitions(JS)] == [
        ("class", "Cart"), ("function", "addItem"), ("function", "total"),
        ("function", "checkout")]
    ex = summarize_text(JS)
    assert ex.headline == "Shopping cart helpers shared by the checkout pages."
    assert "Defines (1 type, 3 functions): class Cart, addItem(), total(), checkout()." in (
        ex.summary)
    assert "- addItem(): Adds one item to the cart." in ex.summary.splitlines()


RUST = """\
//! Parsing of the wire format.
use std::io;

pub struct Frame { pub len: u32 }

pub fn parse(buf: &[u8]) -> io::Result<Frame> {
    Ok(Frame { len: buf.len() as u32 })
}

impl Frame {
    pub fn is_empty(&self) -> bool { self.len == 0 }
}

fn helper() {}
"""


def test_rust_doc_comments_and_impl_blocks() -> None:
    """A ``//!`` doc comment is the purpose; an ``impl`` block defines nothing itself (its
    methods count)."""
    ex = summarize_text(RUST)
    assert ex.headline == "Parsing of the wire format."
    assert "Defines (1 type, 3 functions): struct Frame, parse(), helper()." in ex.summary


def test_a_transcript_that_quotes_code_is_not_code() -> None:
    session = next((TEST_DATA / "claude-projects").glob("*/*.jsonl"))
    text = load_transcript(session).data.decode("utf-8")
    assert not looks_like_code(text)
    assert not looks_like_code(text[len(text) // 2:])  # a leaf that starts anywhere in it


def test_pieces_of_one_file_fold_into_its_definitions() -> None:
    text = CONTEXT.read_text(encoding="utf-8")
    data = text.encode("utf-8")
    cut = [0]
    for at in (len(data) // 3, 2 * len(data) // 3):
        # chunks end at lines, as read plans them: here between two top-level definitions
        # (a piece cut inside a class lists that class's methods, which the whole does not)
        cut.append(data.index(b"\n\n\n", at) + 3)
    cut.append(len(data))
    parts = [summarize_text(data[a:b].decode("utf-8"), a)
             for a, b in zip(cut, cut[1:], strict=False)]
    root = fold_extractions(parts, max_summary_chars=4000)
    whole = summarize_text(text, max_summary_chars=4000)
    assert root.headline == whole.headline  # the file's own opening, not a chunk's comment

    def split(summary: str) -> tuple[list[str], list[str]]:
        lines = summary.splitlines()
        return [ln for ln in lines if not ln.startswith("- ")], [
            ln for ln in lines if ln.startswith("- ")]

    (head, said), (whole_head, whole_said) = split(root.summary), split(whole.summary)
    assert head == whole_head  # the purpose, then every definition, counted as the whole's
    # what the definitions say of themselves: what the pieces had room for, in file order
    assert said and [ln for ln in whole_said if ln in said] == said


async def test_read_of_a_module_in_chunks(tmp_path: Path) -> None:
    r = await read_summary(CONTEXT, settings=Settings(context_tokens=4000))
    assert r.status == "complete" and r.stats.chunks_total > 1
    first_sentence = CONTEXT.read_text(encoding="utf-8").split('"""')[1].split(".")[0]
    assert r.summary.startswith(" ".join(first_sentence.split()))
    assert "run_leaf()" in r.summary and "class RunContext" in r.summary
    # a "# comment" line of code is not a heading of the outline
    assert not any(e.title.startswith(("what servers say", "vLLM")) for e in r.outline)


def test_a_folder_of_modules_opens_with_its_first_files_docstring(tmp_path: Path) -> None:
    """A folder is rendered with a "## File name" header per file: that header is no
    comment of the code, so the first module's docstring is the purpose."""
    (tmp_path / "a.py").write_text(TREE.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "b.py").write_text('"""Helpers."""\n\n\ndef helper():\n    return 1\n\n\n'
                                   'def other():\n    return 2\n', encoding="utf-8")
    text = load_transcript(tmp_path).data.decode("utf-8")
    assert text.startswith("## File a.py")
    ex = summarize_text(text)
    assert ex.headline == summarize_text(TREE.read_text(encoding="utf-8")).headline
    assert "helper()" in ex.summary and "plan_tree()" in ex.summary


def test_a_licence_or_author_header_is_not_the_files_purpose() -> None:
    """Most published source opens with who wrote it and under which licence; the purpose
    is the block under it (a real stdlib module whose docstring follows an author comment,
    and a Go file whose package comment follows its copyright)."""
    module = Path(argparse.__file__)
    text = module.read_text(encoding="utf-8")
    assert text.lstrip().startswith("#")  # the author comment comes before the docstring
    docstring = ast.get_docstring(ast.parse(text)) or ""
    assert summarize_text(text).headline.startswith(" ".join(docstring.split()[:3]))
    go = ("// Copyright 2009 The Go Authors. All rights reserved.\n"
          "// Use of this source code is governed by a BSD-style\n"
          "// license that can be found in the LICENSE file.\n\n"
          "// Package fmt implements formatted I/O with functions analogous to C's printf.\n"
          "package fmt\n\nimport \"os\"\n\n"
          + "".join(f"// {n} writes to standard output.\nfunc {n}(a ...any) (int, error) {{\n"
                    f"\treturn Fprint(os.Stdout, a...)\n}}\n\n"
                    for n in ("Print", "Println", "Printf", "Sprint", "Sprintln")))
    assert summarize_text(go).headline.startswith("Package fmt implements formatted I/O")
    only_header = "# Copyright 2020 Example Ltd.\n\nimport os\n\n" + "".join(
        f"\ndef {n}(path):\n    return os.path.{n}(path)\n\n" for n in ("exists", "isdir",
                                                                          "isfile", "getsize"))
    ex = summarize_text(only_header)
    assert ex.kind == "code" and "Copyright" not in ex.headline
    assert ex.headline.startswith("Source code defining exists()")
