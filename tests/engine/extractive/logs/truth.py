"""The true template counts of the loghub samples, and whether a summary names a template.

``*_templates.csv`` holds the true templates without their occurrences, so the counts are
computed here: each line's message (after the format's header) is matched against every
true template (``<*>`` as any text), the most specific match wins.
"""

from __future__ import annotations

import collections
import csv
import re
from pathlib import Path

DATA = Path(__file__).resolve().parents[3] / "data" / "logs"
SAMPLES = ("OpenSSH", "HDFS", "Linux", "Apache")
# every loghub system in tests/data (the ground truth's line formats, as loghub's benchmark
# writes them; the product's detection never sees these)
ALL_SAMPLES = ("OpenSSH", "HDFS", "Linux", "Apache", "Android", "HealthApp", "HPC", "Mac",
               "OpenStack", "Proxifier", "Windows")
# loghub's log_format per system: ``<Content>`` is the message, ``<Level>`` a level column
_FORMATS = {
    "OpenSSH": "<Date> <Day> <Time> <Component> sshd\\[<Pid>\\]: <Content>",
    "HDFS": "<Date> <Time> <Pid> <Level> <Component>: <Content>",
    "Linux": "<Month> <Date> <Time> <Host> <Component>(\\[<PID>\\])?: <Content>",
    "Apache": "\\[<Time>\\] \\[<Level>\\] <Content>",
    "Android": "<Date> <Time>  <Pid>  <Tid> <Level> <Component>: <Content>",
    "HealthApp": "<Time>\\|<Component>\\|<Pid>\\|<Content>",
    "HPC": "<LogId> <Node> <Component> <State> <Time> <Flag> <Content>",
    "Mac": "<Month>  <Date> <Time> <User> <Component>\\[<PID>\\]( \\(<Address>\\))?: <Content>",
    "OpenStack": "<Logrecord> <Date> <Time> <Pid> <Level> <Component> \\[<ADDR>\\] <Content>",
    "Proxifier": "\\[<Time>\\] <Program> - <Content>",
    "Windows": "<Date> <Time>, <Level>                  <Component>    <Content>",
}


def _format_regex(log_format: str) -> re.Pattern[str]:
    """loghub's own conversion: a field is ``(?P<name>.*?)``, blanks are ``\\s+``."""
    parts = re.split(r"(<[^<>]+>)", log_format)
    out = ""
    for k, part in enumerate(parts):
        if k % 2 == 0:
            out += re.sub(" +", "\\\\s+", part)
        else:
            out += f"(?P<{part.strip('<>')}>.*?)"
    return re.compile("^" + out + "$")

_HEADERS = {
    "OpenSSH": re.compile(r"^\w{3} +\d+ [\d:]{8} \S+ [^:\[]+(?:\[\d+\])?: (.*)$"),
    "Linux": re.compile(r"^\w{3} +\d+ [\d:]{8} \S+ +[^:\[]+(?:\[\d+\])?: ?(.*)$"),
    "HDFS": re.compile(r"^\d{6} \d{6} \d+ \w+ [\w.$]+: (.*)$"),
    "Apache": re.compile(r"^\[[^\]]+\] \[\w+\] (.*)$"),
}
_WORD = re.compile(r"[A-Za-z]{2,}")


def sample(name: str) -> Path:
    return DATA / f"{name}_2k.log"


def true_counts(name: str) -> collections.Counter[str]:
    with open(DATA / f"{name}_2k.log_templates.csv", encoding="utf-8") as fh:
        templates = [row["EventTemplate"] for row in csv.DictReader(fh)]
    compiled = [(t, re.compile("^" + "(.*?)".join(re.escape(p) for p in t.split("<*>")) + "$"),
                 len(t.replace("<*>", "")), [p for p in t.split("<*>") if p])
                for t in templates]
    counts: collections.Counter[str] = collections.Counter()
    for line in sample(name).read_text(encoding="utf-8", errors="replace").splitlines():
        content = _content(name, line)
        # (a template whose pieces are not all in the line cannot match it: the regex, which
        # can take seconds to fail on a long line, is only tried on the others)
        best = max(((w, t) for t, r, w, pieces in compiled
                    if all(p in content for p in pieces) and r.match(content)), default=None)
        if best is not None:
            counts[best[1]] += 1
    return counts


def _content(name: str, line: str) -> str:
    if name in _HEADERS:
        m = _HEADERS[name].match(line)
        return (m.group(1) if m else line).strip()
    f = _format_regex(_FORMATS[name]).match(line.strip())
    return (f.group("Content") if f else line).strip()


def true_levels(name: str) -> collections.Counter[str] | None:
    """The values of the log's level column and their counts; None when it has none."""
    regex = _format_regex(_FORMATS[name])
    if "Level" not in regex.groupindex:
        return None
    counts: collections.Counter[str] = collections.Counter()
    for line in sample(name).read_text(encoding="utf-8", errors="replace").splitlines():
        m = regex.match(line.strip())
        if m:
            counts[m.group("Level").strip()] += 1
    return counts


def top_true(name: str, k: int = 5) -> list[tuple[str, int]]:
    """The ``k`` most frequent true templates (all of those tied with the k-th)."""
    ranked = true_counts(name).most_common()
    floor = ranked[k - 1][1]
    return [(t, c) for t, c in ranked if c >= floor]


def words(template: str) -> list[str]:
    return _WORD.findall(template.replace("<*>", " "))


_LINE = re.compile(r"^\s*(?:- )?([\d,]+) × `(.*)`\s*$")


def named_counts(summary: str) -> list[tuple[int, str]]:
    """The ``N × `template``` lines of a summary."""
    out = []
    for line in summary.splitlines():
        m = _LINE.match(line)
        if m:
            out.append((int(m.group(1).replace(",", "")), m.group(2)))
    return out


def _generalizes(general: str, specific: str) -> bool:
    """Each ``<*>`` of ``general`` stands for some text of ``specific`` (its own ``<*>``s
    read as a word)."""
    pattern = "^" + r".*?".join(re.escape(p) for p in " ".join(general.split()).split("<*>"))
    plain = " ".join(specific.replace("<*>", "x").split())
    return re.match(pattern + "$", plain) is not None


_JOINED = re.compile(r"<\*>(?:[.:_/-]<\*>)+")


def names(mined: str, true: str) -> bool:
    """A mined template names a true one: one generalizes the other (the mined one may
    keep a part constant that never varied, or leave variable a part the truth keeps) and
    it keeps most of the true one's words. Wildcards joined by punctuation alone
    (``<*>.<*>``, ``<*>:<*>``) are one value (``0.2477829``, ``10.0.0.1:80``)."""
    mined, true = _JOINED.sub("<*>", mined), _JOINED.sub("<*>", true)
    tw, mw = words(true), set(words(mined))
    return ((_generalizes(mined, true) or _generalizes(true, mined))
            and sum(1 for w in tw if w in mw) >= 0.6 * len(tw))


def recall_at_5(name: str, summary: str) -> tuple[int, int]:
    """How many of the top true templates the summary names with their exact count."""
    top = top_true(name)
    lines = named_counts(summary)
    hit = sum(1 for t, c in top if any(n == c and names(m, t) for n, m in lines))
    return hit, len(top)
