"""A chat export's turn markers, learned from the text: whatever the tool that saved it.

A marker is a line that is nothing but markup around a short label: a heading (``## kekyo``,
``## @user``, ``## Copilot``) or a bold line (``**User**``, ``_**Agent (model time)**_``);
the label is read without its bracketed part, its ``@``, a leading symbol (``## 👤 User``)
and a trailing colon. Two labels of one markup style that both repeat and take turns (the
first to speak, then the other, and back) are the conversation's two sides: the first is the
user, the other the assistant. Other exports write the user's asks *as* headings of one
level (``#### fix the parser``) with the answer below them: a heading level whose lines read
as requests (a slash command, a question or a sentence, not a title) is such an ask, and
``> `` lines under an answer are tool output. Org's headings (``*** fix the parser``: two
stars or more, a space, the title) are such asks too when no heading of fewer stars is
above them (an outline's ``** `` items under each ``* `` release are its sections), never a
pair of labels (a Markdown list's ``* `` items would look like one). Nothing here knows an
exporter, a product or a person by name.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from itertools import pairwise

_MARKER = re.compile(
    r"^(?:(?P<hashes>#{1,6})[ \t]+(?P<h>[^\n#]{1,300}?)|(?P<u>_?)\*\*(?P<b>[^*\n]{1,80}?)"
    r"\*\*_?)[ \t]*:?[ \t]*$")
_BRACKETED = re.compile(r"\s*[(\[][^)\]]*[)\]]\s*")
_LEADING_SYMBOL = re.compile(r"^[^\w\s]{1,3}\s*")  # an emoji or a bullet before the label
# an emoji after the label (``## USER 🧑‍💻``): a symbol outside ASCII, apart from the word
_TRAILING_SYMBOL = re.compile(r"\s+[^\w\s\x00-\x7f]{1,4}$")
_MAX_LABEL_WORDS = 3
_NAME = re.compile(r"^\w[\w .-]*$")  # a speaker's name: no path, no command, no sentence
_ASK_WORDS = 6  # a heading this long (or a command, or a question) is a request, not a title
# an Org heading below the top level: stars, a space, the title (only ever an ask's level)
_ORG = re.compile(r"^(?P<stars>\*{2,8})[ \t]+(?P<o>\S[^\n]{0,299}?)[ \t]*$")
_ORG_STYLE = "org:"
_STARS = re.compile(r"^(\*+)[ \t]+\S")  # any line opened by stars and a space
_CLOCK = re.compile(r"(?<![\d:.])\d{2}:\d{2}(?::\d{2})?(?![\d:])")  # a time of day


@dataclass
class Turns:
    """The learned markers: label key -> role, per markup style; ``ask_style``: the heading
    level whose lines are the user's asks themselves (None when there is none)."""

    roles: dict[tuple[str, str], str] = field(default_factory=dict)
    ask_style: str | None = None

    def at(self, line: str) -> tuple[str, bool] | None:
        """:meth:`role` of a file's line, which is a marker only where it starts: an
        indented ``# comment`` is code (the caller skips fenced code)."""
        s = line.strip()
        if not s or s[0] not in "#*_" or line[0] != s[0]:
            return None
        return self.role(s)

    def role(self, stripped: str) -> tuple[str, bool] | None:
        """A marker line's role and whether the line itself is what the user said."""
        m = _MARKER.match(stripped)
        if m is None:
            org = _ORG.match(stripped) if self.ask_style else None
            if org is not None and self.ask_style == _ORG_STYLE + org.group("stars"):
                return "user", True
            return None
        style, label = _style(m), _key(m.group("h") or m.group("b") or "")
        found = self.roles.get((style, label))
        if found is not None:
            return found, False
        if self.ask_style is not None and style == self.ask_style:
            return "user", True
        return None


def _style(m: re.Match[str]) -> str:
    return m.group("hashes") or ("_**" if m.group("u") else "**")


def _key(label: str) -> str:
    words = " ".join(_BRACKETED.sub(" ", label).replace("@", " ").split()).rstrip(":")
    return _TRAILING_SYMBOL.sub("", _LEADING_SYMBOL.sub("", words)).lower()


def label_key(label: str) -> str:
    """A label as the learner compares it: lower case, without brackets, ``@``, a leading
    symbol or a trailing colon."""
    return _key(label)


def marker_label(stripped: str) -> str:
    """The label of a marker line as written (``Agent (claude-opus-4-5 …)``), or ""."""
    m = _MARKER.match(stripped)
    if m is None and (org := _ORG.match(stripped)) is not None:
        return org.group("o").strip()
    return (m.group("h") or m.group("b") or "").strip() if m else ""


_USER_WORDS = frozenset(("user", "human", "you", "me", "question"))
_AGENT_WORDS = frozenset(("assistant", "agent", "ai", "bot", "model", "answer"))


def _asks_less(text: str, a: tuple[str, str], b: tuple[str, str]) -> bool:
    """Whether side ``a`` is the user rather than ``b``: a role word says so ("User",
    "Assistant"); else the user is the side whose turns are shorter (asks against answers;
    a leaf may open on either side's turn, so who speaks first says nothing)."""
    for side, other in ((a, b), (b, a)):
        if side[1] in _USER_WORDS or other[1] in _AGENT_WORDS:
            return side == a
    sizes: dict[tuple[str, str], list[int]] = {a: [], b: []}
    current: tuple[str, str] | None = None
    for line in text.split("\n"):
        s = line.strip()
        m = _MARKER.match(s) if s[:1] in ("#", "*", "_") and line[:1] == s[:1] else None
        if m is not None:
            key = (_style(m), _key(m.group("h") or m.group("b") or ""))
            if key in sizes:
                current = key
                sizes[key].append(0)
                continue
        if current is not None:
            sizes[current][-1] += len(s)
    mean = {k: sum(v) / len(v) if v else 0.0 for k, v in sizes.items()}
    return mean[a] < mean[b]


def _is_ask(text: str) -> bool:
    """A heading that reads as a request: a question (even one naming a release: "a
    changelog entry for 2.4.1?"), or a command or a sentence that names no release and is
    not laid out as a document's section title."""
    words = text.split()
    if not words:
        return False
    if text.rstrip().endswith("?"):
        return True
    if text.startswith("/"):
        return True
    return not _RELEASE.search(text) and len(words) >= _ASK_WORDS and not _TITLE.search(text)


# a section's title, not a request: a short label and a colon ("Step 2: load the table",
# "sign3: signing a file with…"), a topic and a dash ("High level approach - workflow"), or
# markup that names code or anchors (`` `opts` for `publish` ``, ``<a name="x">``)
_TITLE = re.compile(r"^\S+(?: \S+){0,2}: |\s[-–—]\s|`|<[a-z/]|\]\(")


# a heading naming a release ("2023-11-22, Version 20.10.0", "Changes between 3.2.0 and
# 3.2.1 [30 Jan 2024]"): a changelog's, not an ask
_RELEASE = re.compile(r"(?<![\w.])v?\d+\.\d+\.\d+|(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)")
# a setext heading's underline: the line above it is a heading of level 1 ("=") or 2 ("-")
_SETEXT = re.compile(r"^(=+|-+)[ \t\r]*$")  # (Windows ends a line "\r\n")


def _nested(seq: list[tuple[str, str]], levels: list[int], pair: tuple[tuple[str, str], ...],
            listed: list[bool | None] | None = None, stamped: list[bool] | None = None) -> bool:
    """Whether the pair's headings sit under headings of a higher level that keep coming
    back between them (a changelog's "### Fixed" under each "## [1.2.0]", or beside each
    "### [1.2.1]"): sections of a document, not turns of a conversation. A pair of bold
    labels is such sections when nearly every label opens a list (``listed``: "**Bug
    Fixes**" over its bullets under each "### Version 1.7.2"): a person's turn opens with
    words, not a list, so a conversation's pair never does (a part of a document cut between
    two headings holds no heading to tell it by). A heading above them that holds a time of
    day (``stamped``: ``# 2024-04-20T10:00:17 …``) is an exchange's stamp, no section: a
    document's versions carry dates, never the minute they were written."""
    level = len(pair[0][0]) if pair[0][0].startswith("#") else 0
    if not level:
        return listed is not None and _bold_sections(seq, pair, listed)
    gaps = above = 0
    seen = False
    higher = False
    for k, (key, lv) in enumerate(zip(seq, levels, strict=True)):
        if key in pair:
            if seen:
                gaps += 1
                above += 1 if higher else 0
            seen, higher = True, False
        elif (0 < lv < level or (lv == level and key == ("", ""))) and not (
                stamped is not None and stamped[k]):
            higher = True  # a heading above them, or beside them naming a version or a date
    return gaps > 0 and above * 10 >= gaps * 3


def _bold_sections(seq: list[tuple[str, str]], pair: tuple[tuple[str, str], ...],
                   listed: list[bool | None]) -> bool:
    known = [listed[i] for i, key in enumerate(seq) if key in pair and listed[i] is not None]
    return len(known) >= 2 and sum(map(bool, known)) >= LISTED_SHARE * len(known)


LISTED_SHARE = 0.8  # of a pair of bold labels opening a list: sections, not turns


def _opens_list(lines: list[str], n: int) -> bool | None:
    """Whether the next line with words after line ``n`` is a list item (None when the text
    ends first: a part cut right under a label)."""
    for k in range(n + 1, len(lines)):
        if lines[k].strip():
            return _ITEM.match(lines[k]) is not None
    return None


_ITEM = re.compile(r"^\s*(?:[-*+]|\d{1,3}[.)])\s+\S")


def learn_turns(text: str) -> Turns | None:
    """The turn markers of a chat export, or None when the text has none."""
    seq: list[tuple[str, str]] = []
    levels: list[int] = []  # each marker's heading level (0 for a bold line), in order
    listed: list[bool | None] = []  # whether each marker's line opens a list
    stamped: list[bool] = []  # whether each marker holds a time of day
    top_stars = 99  # the fewest stars that open a line (Org's top heading level in use)
    headings: dict[str, list[str]] = {}
    in_code = False
    all_lines = text.split("\n")
    for n, line in enumerate(all_lines):
        s = line.strip()
        if s.startswith(("```", "~~~")):
            in_code = not in_code
            continue
        under = all_lines[n + 1] if n + 1 < len(all_lines) else ""
        if (not in_code and s and line[0] == s[0] and s[0] not in "#*_-=>|"
                and len(under) >= 3 and _SETEXT.match(under)):
            seq.append(("", ""))  # a setext heading: a section above any "###" pair
            levels.append(1 if under[0] == "=" else 2)
            listed.append(False)
            stamped.append(False)
            continue
        if in_code or not s or s[0] not in "#*_" or line[0] != s[0]:
            continue  # (an indented "# comment" is code, no marker)
        m = _MARKER.match(s)
        if m is None:
            if (stars := _STARS.match(line)) is not None:
                top_stars = min(top_stars, len(stars.group(1)))
            if (org := _ORG.match(line)) is not None:
                headings.setdefault(_ORG_STYLE + org.group("stars"), []).append(org.group("o"))
            continue
        style = _style(m)
        raw = m.group("h") or m.group("b") or ""
        if m.group("hashes"):
            headings.setdefault(style, []).append(raw)
        key = _key(raw)
        levels.append(len(m.group("hashes") or ""))
        listed.append(_opens_list(all_lines, n))
        stamped.append(bool(_CLOCK.search(raw)))
        seq.append((style, key) if key and len(key.split()) <= _MAX_LABEL_WORDS
                   and _NAME.match(key) else ("", ""))
    counts = Counter(k for k in seq if k[0])
    best: tuple[int, tuple[str, str], tuple[str, str]] | None = None
    ranked = [k for k, c in counts.most_common(8) if c >= 2]
    for a in ranked:
        for b in ranked:
            if a == b or a[0] != b[0] or _nested(seq, levels, (a, b), listed, stamped):
                continue
            sub = [k for k in seq if k in (a, b)]
            there = sum(1 for x, y in pairwise(sub) if x == a and y == b)
            back = sum(1 for x, y in pairwise(sub) if x == b and y == a)
            if there < 2 or back < 1 or sub[0] != a:
                continue
            # of two pairs that both take turns, the one that opens first: a conversation's
            # markers open its turns, a pair inside an answer ("**Pros**", "**Cons**") later
            at = -min(seq.index(a), seq.index(b))
            if best is None or at > best[0]:
                best = (at, a, b)
    if best is not None:
        a, b = best[1], best[2]
        if _asks_less(text, b, a):
            a, b = b, a
        return Turns({a: "user", b: "assistant"})
    # asks written as headings: the deepest level used several times, most lines requests
    for style in sorted(headings, key=len, reverse=True):
        if len(style) < 2:
            continue  # a title's level: no ask is written as a document's title
        if style.startswith(_ORG_STYLE) and len(style) - len(_ORG_STYLE) > top_stars:
            continue  # Org headings under headings of fewer stars: an outline's sections
        lines = headings[style]
        if len(lines) >= 3 and sum(1 for h in lines if _is_ask(h)) * 4 >= len(lines) * 3:
            return Turns(ask_style=style)
    return None
