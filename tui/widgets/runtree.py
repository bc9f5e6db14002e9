"""The invocation tree: lazy (a node's children are added only when it is expanded, a page
at a time) and relabelled in place on status changes, so a 10,000-node run stays quick."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from gapless.engine.core.spans import Span
from gapless.engine.core.state import NodeState, RunState, lost_spans, read_fraction
from gapless.tui.viewmodel.formatting import STATUS, pct
from gapless.tui.viewmodel.problems import with_problems

MORE = "+"  # data prefix of the "… more" pseudo-node of a parent


def headline(n: NodeState) -> str:
    """The node's headline once its extraction has one (one line)."""
    ex = n.extraction or {}
    head = ex.get("headline") if isinstance(ex, dict) else None
    return " ".join(str(head).split()) if head else ""


def node_label(n: NodeState, state: RunState | None = None,
               lost: Sequence[Span] | None = None) -> Text:
    """One line: status, id, coverage, depth, mode, scope and, once the node has one, its
    headline. While running (with ``state``): ``read``, what calls have read of its scope
    (its descendants' reads too, so a fold shows its children's progress: the same rule as
    the bars), and ``done``, the engine's coverage (its own reads and complete parts)."""
    glyph, colour, _word = STATUS.get(n.status, STATUS["running"])
    t = Text(no_wrap=True, overflow="ellipsis")
    t.append(f"{glyph} ", style=f"bold {colour}")
    t.append(n.inv, style="bold")
    t.append(" ")
    # the status before the scope, so that a narrow pane cuts the scope and the headline
    if n.status == "running":
        if state is not None:
            t.append(f"read {pct(read_fraction(state, n, lost))} · ", style=colour)
        t.append(f"done {pct(n.done)}", style=colour)
    else:
        t.append(pct(n.coverage), style=colour)
    t.append(f" d{n.depth} {n.mode} [{n.start}, {n.end})", style="")
    if n.action_budget:
        t.append(f" {len(n.actions)}/{n.action_budget} act", style="cyan")
    if n.rejected:
        t.append(f" ✗{len(n.rejected)} rej", style="magenta")
    if n.reused:
        t.append(" memo", style="dim")
    head = headline(n)
    if head:
        t.append(f" — {head}", style="italic")
    return t


class RunTree(Tree[str]):
    """Tree of a run's invocations. Call :meth:`sync` with the state to show.

    ``→`` expands the selected node (again: to its first child), ``←`` collapses it (again:
    to its parent)."""

    PAGE = 200
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "expand_node", "Expand", show=False),
        Binding("left", "collapse_node", "Collapse", show=False),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("waiting for the run to start…", id=id)
        self.guide_depth = 2
        self._tnodes: dict[str, TreeNode[str]] = {}
        self._shown: dict[str, int] = {}  # inv -> children added (populated nodes only)
        self._more: dict[str, TreeNode[str]] = {}
        self._labels: dict[str, str] = {}
        self._state: RunState | None = None
        # "failed only": the invocations shown (failed or incomplete ones and their
        # ancestors), None when every invocation is
        self.only: set[str] | None = None
        self._lost: list[Span] = []  # the state's lost spans, once per sync (for labels)

    def _kids(self, inv: str) -> list[str]:
        """The children of ``inv`` the tree shows (all, or those the filter keeps)."""
        state = self._state
        assert state is not None
        kids = state.nodes[inv].children
        only = self.only
        return kids if only is None else [c for c in kids if c in only]

    @property
    def failed_only(self) -> bool:
        return self.only is not None

    def set_failed_only(self, on: bool) -> None:
        """Show only the failed or incomplete invocations and their ancestors (or all)."""
        state = self._state
        self.only = with_problems(state) if on and state is not None else (set() if on
                                                                           else None)
        if state is not None:
            self._reset(state)

    @property
    def loaded(self) -> int:
        return len(self._tnodes)

    def tree_node(self, inv: str) -> TreeNode[str] | None:
        return self._tnodes.get(inv)

    # building ----------------------------------------------------------------------------
    def _reset(self, state: RunState) -> None:
        self.clear()
        self._tnodes.clear()
        self._shown.clear()
        self._more.clear()
        self._labels.clear()
        root = state.root
        if root is None or root not in state.nodes:
            self.root.data = None
            self.root.set_label("waiting for the run to start…")
            return
        self.root.data = root
        self._tnodes[root] = self.root
        self._relabel(state.nodes[root])
        self._populate(root)
        self.root.expand()

    def _add_child(self, parent: str, inv: str) -> None:
        state = self._state
        assert state is not None
        n = state.nodes[inv]
        pnode = self._tnodes[parent]
        more = self._more.get(parent)
        label = node_label(n, state, self._lost)
        tn = pnode.add(label, data=inv, before=more, allow_expand=bool(self._kids(inv)))
        self._tnodes[inv] = tn
        self._labels[inv] = label.plain
        self._shown[parent] = self._shown.get(parent, 0) + 1

    def _populate(self, inv: str, page: int | None = None) -> None:
        """Add the next page of ``inv``'s children (it becomes a populated node)."""
        state = self._state
        assert state is not None
        shown = self._shown.setdefault(inv, 0)
        limit = shown + (page or self.PAGE)
        for child in self._kids(inv)[shown:limit]:
            if child in state.nodes:
                self._add_child(inv, child)
        self._update_more(inv)

    def _update_more(self, inv: str) -> None:
        state = self._state
        assert state is not None
        total = len(self._kids(inv))
        shown = self._shown.get(inv, 0)
        more = self._more.get(inv)
        if shown < total:
            page = min(self.PAGE, total - shown)
            label = Text(f"… {total - shown:,} more (enter to show {page})", style="italic dim")
            if more is None:
                self._more[inv] = self._tnodes[inv].add(label, data=MORE + inv,
                                                        allow_expand=False)
            else:
                more.set_label(label)
        elif more is not None:
            more.remove()
            del self._more[inv]

    def _relabel(self, n: NodeState) -> None:
        tn = self._tnodes.get(n.inv)
        if tn is None:
            return
        label = node_label(n, self._state, self._lost)
        if self._labels.get(n.inv) != label.plain:
            self._labels[n.inv] = label.plain
            tn.set_label(label)
        if n.children and not tn.allow_expand and self._kids(n.inv):
            tn.allow_expand = True

    def _remove(self, inv: str) -> None:
        tn = self._tnodes.pop(inv, None)
        if tn is None:
            return
        for k in [k for k, v in self._tnodes.items() if _is_below(v, tn)]:
            self._tnodes.pop(k, None)
            self._shown.pop(k, None)
            self._labels.pop(k, None)
            self._more.pop(k, None)
        self._shown.pop(inv, None)
        self._labels.pop(inv, None)
        self._more.pop(inv, None)
        parent = tn.parent
        tn.remove()
        if parent is not None and parent.data in self._shown:
            self._shown[parent.data] = max(0, self._shown[parent.data] - 1)

    # syncing -----------------------------------------------------------------------------
    def sync(self, state: RunState, *, new_nodes: Iterable[str] | None = None,
             touched: Iterable[str] | None = None) -> None:
        """Show ``state``. With ``new_nodes``/``touched`` (a live batch) only those are
        looked at; without them every loaded node is checked (after a jump in stepping)."""
        old = self._state
        self._state = state
        self._lost = lost_spans(state)
        if self.only is not None:
            keep = with_problems(state)
            if keep != self.only:  # the filter's set moved: rebuild (it holds few nodes)
                self.only = keep
                self._reset(state)
                return
        if state.root is None or self.root.data != state.root or old is None:
            self._reset(state)
            return
        if new_nodes is None or touched is None:
            self._full_sync(state)
            return
        parents: set[str] = set()
        for inv in new_nodes:
            n = state.nodes.get(inv)
            if n is not None and n.parent is not None:
                parents.add(n.parent)
        for p in parents:
            if p in self._shown and p in self._tnodes:
                self._top_up(p)
            elif p in self._tnodes:
                self._relabel(state.nodes[p])
        # a node's read share moves with its descendants' reads: relabel the ancestors of
        # what changed too (each once; the loaded ones only)
        todo: set[str] = set()
        for inv in touched:
            cur: str | None = inv
            while cur is not None and cur not in todo:
                n = state.nodes.get(cur)
                if n is None:
                    break
                todo.add(cur)
                cur = n.parent
        for inv in todo:
            n = state.nodes.get(inv)
            if n is not None and inv in self._tnodes:
                self._relabel(n)

    def _top_up(self, inv: str) -> None:
        """Add children that appeared under a populated node (within its shown pages)."""
        state = self._state
        assert state is not None
        kids = self._kids(inv)
        shown = self._shown.get(inv, 0)
        pages = max(1, -(-shown // self.PAGE))
        want = min(len(kids), pages * self.PAGE)
        for child in kids[shown:want]:
            if child in state.nodes and child not in self._tnodes:
                self._add_child(inv, child)
        self._update_more(inv)

    def _full_sync(self, state: RunState) -> None:
        for inv in [i for i in self._tnodes if i not in state.nodes]:
            self._remove(inv)
        for inv in list(self._shown):
            if inv not in state.nodes or inv not in self._tnodes:
                continue
            shown_children = [c for c in self._kids(inv) if c in self._tnodes]
            if len(shown_children) != self._shown[inv]:
                self._shown[inv] = len(shown_children)
            self._top_up(inv)
        for inv in list(self._tnodes):
            n = state.nodes.get(inv)
            if n is not None:
                self._relabel(n)
                tn = self._tnodes[inv]
                if not self._kids(inv) and inv not in self._shown:
                    tn.allow_expand = False

    # keys --------------------------------------------------------------------------------
    def action_expand_node(self) -> None:
        node = self.cursor_node
        if node is None:
            return
        if node.allow_expand and not node.is_expanded:
            node.expand()
        elif node.is_expanded and node.children:
            self.move_cursor(node.children[0])

    def action_collapse_node(self) -> None:
        node = self.cursor_node
        if node is None:
            return
        if node.is_expanded and node.allow_expand:
            node.collapse()
        elif node.parent is not None:
            self.move_cursor(node.parent)

    # events ------------------------------------------------------------------------------
    def _on_tree_node_expanded(self, event: Tree.NodeExpanded[str]) -> None:
        inv = event.node.data
        if inv and not inv.startswith(MORE) and inv not in self._shown and self._state \
                and inv in self._state.nodes:
            self._populate(inv)

    def _on_tree_node_selected(self, event: Tree.NodeSelected[str]) -> None:
        data = event.node.data
        if data and data.startswith(MORE) and self._state:
            parent = data[len(MORE):]
            if parent in self._tnodes:
                self._populate(parent)

    def reveal(self, inv: str) -> TreeNode[str] | None:
        """Load the path to ``inv`` (expanding its ancestors) and move the cursor there."""
        state = self._state
        if state is None or inv not in state.nodes:
            return None
        if self.only is not None and inv not in self.only:
            self.set_failed_only(False)  # the node is not a failure's: show every node
        path = []
        cur: str | None = inv
        while cur is not None and cur in state.nodes:
            path.append(cur)
            cur = state.nodes[cur].parent
        for anc in reversed(path[1:]):
            tn = self._tnodes.get(anc)
            if tn is None:
                return None
            if anc not in self._shown:
                self._populate(anc)
            if inv not in self._tnodes:
                kids = self._kids(anc)
                nxt = path[path.index(anc) - 1]
                if nxt in kids and nxt not in self._tnodes:
                    while nxt not in self._tnodes and self._shown.get(anc, 0) < len(kids):
                        self._populate(anc)
            tn.expand()
        tn = self._tnodes.get(inv)
        if tn is not None:
            _ = self._tree_lines  # rebuild the lines now, so the node's line is current
            self.move_cursor(tn)
        return tn


def _is_below(node: TreeNode[str], ancestor: TreeNode[str]) -> bool:
    p = node.parent
    while p is not None:
        if p is ancestor:
            return True
        p = p.parent
    return False
