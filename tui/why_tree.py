"""A run's invocation tree as rich text: what ``gapless why`` prints and the MCP ``why`` tool
returns (from ``engine.why_report``'s JSON-ready report)."""

from __future__ import annotations

from typing import Any

from rich.markup import escape
from rich.tree import Tree

from gapless.engine import INTERRUPTED, percent_text

GLYPH = {"complete": "[green]✔[/green]", "incomplete": "[yellow]◐[/yellow]",
         "failed": "[red]✘[/red]", "running": "[cyan]…[/cyan]", "skipped": "[dim]–[/dim]"}



def _span(s: list[int]) -> str:
    return f"[{s[0]}, {s[1]})"


def _label(n: dict[str, Any]) -> str:
    glyph = GLYPH.get(n["status"], "?")
    bits = [f"{glyph} {n['inv']}", n["mode"], _span(n["scope"]), f"{n['coverage']:.0%}"]
    if n["action_budget"]:
        bits.append(f"actions {n['actions_used']}/{n['action_budget']}")
    if n["rejected_dones"]:
        bits.append(f"[yellow]{len(n['rejected_dones'])} rejected done[/yellow]")
    if n["reused"]:
        bits.append("[dim]reused[/dim]")
    if n["engine_spawned"]:
        bits.append("[dim]engine-spawned[/dim]")
    tokens = sum(c["tokens_in"] for c in n["calls"]), sum(c["tokens_out"] for c in n["calls"])
    if n["calls"]:
        latency = sum(c["latency_ms"] for c in n["calls"])
        bits.append(f"{len(n['calls'])} call(s) {tokens[0]}→{tokens[1]} tok {latency:.0f} ms")
    if n["gaps"]:
        bits.append("[red]gaps " + " ".join(_span(g) for g in n["gaps"]) + "[/red]")
    if n["reason"] and n["status"] != "complete":
        bits.append(f"[red]{escape(n['reason'])}[/red]")
    return " · ".join(bits)


def _details(tree: Tree, n: dict[str, Any], full: bool) -> None:
    limit = None if full else 5
    if n["question"]:
        tree.add(f"[dim]question:[/dim] {escape(n['question'])}")
    for a in n["actions"][:limit]:
        mark = "✓" if a["ok"] else "✗"
        tree.add(f"[dim]action {a['n']} {mark}[/dim] {a['action']} {escape(str(a['args']))} → "
                 f"{escape(a['result'][:120])}")
    if limit is not None and len(n["actions"]) > limit:
        tree.add(f"[dim]… {len(n['actions']) - limit} more actions (--full)[/dim]")
    for r in n["rejected_dones"]:
        tree.add(f"[yellow]done rejected:[/yellow] {escape(r['reason'])}; gaps "
                 + " ".join(_span(g) for g in r["gaps"]))
    frags = n["fragments"]
    for f in frags[: limit or len(frags)][:3 if not full else None]:
        where = f" {escape(f['where'])}" if f.get("where") else ""
        tree.add(f"[dim]read {_span([f['start'], f['end']])}{where} {f['category']} "
                 f"{f['checksum'][:8]}:[/dim] {escape(f['preview'][:100])}")
    for c in n["calls"]:
        if not c["ok"]:
            tree.add(f"[red]call failed after {c['retries']} retries: "
                     f"{escape(c['error'] or '')}[/red]")
    ex = n["extraction"]
    if ex and ex.get("headline"):
        tree.add(f"[bold]→ {escape(ex['headline'])}[/bold]")


def render(report: dict[str, Any], *, depth: int | None, full: bool) -> Tree:
    status = INTERRUPTED if report.get("interrupted") else report["status"]
    head = (f"run {report['run_id']} · {status} · coverage {percent_text(report['coverage'])} · "
            f"{report['calls']} calls · {report['tokens_in']}→{report['tokens_out']} tokens · "
            f"{escape(report['source'])}")
    verified = report.get("verified")
    if verified is not None:  # the run's claims checked against its ledger (gapless verify)
        head += " · " + ("[green]verified[/green]" if verified else "[red]CONTRADICTED[/red]")
    root = Tree(head)
    for c in report.get("contradictions") or []:
        root.add(f"[red]✘ {escape(c)}[/red] (gapless verify)")
    root.add(f"[dim]strategy:[/dim] {report['strategy']} — {escape(report['router_reason'])}")
    if report.get("source_line"):
        root.add(f"[dim]input:[/dim] {escape(report['source_line'])}; coverage is of the "
                 "rendering")
    if report["residual_gaps"]:
        root.add("[red]residual gaps: " + " ".join(_span(g) for g in report["residual_gaps"])
                 + "[/red]")
    nodes = report["nodes"]

    def add(parent: Tree, inv: str, level: int) -> None:
        n = nodes[inv]
        branch = parent.add(_label(n))
        _details(branch, n, full)
        if depth is not None and level >= depth:
            if n["children"]:
                branch.add(f"[dim]… {len(n['children'])} children (--depth)[/dim]")
            return
        for child in n["children"]:
            add(branch, child, level + 1)

    if report["root"]:
        add(root, report["root"], 1)
    entry = report.get("entry")
    if entry:
        e = root.add(f"[bold]entry:[/bold] {escape(entry.get('headline', ''))}")
        e.add(escape(entry.get("summary", "")))
    return root
