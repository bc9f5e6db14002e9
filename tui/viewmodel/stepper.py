"""Stepping through a run: the state after step k (the fold of the first k events), moved by
steps or jumps from the checkpoints the run model keeps."""

from __future__ import annotations

import bisect

from gapless.engine.core.events import Event, InvocationStarted
from gapless.engine.core.state import RunState, copy_node, copy_state, reduce
from gapless.tui.viewmodel.run_model import Absorbed, RunModel


def snapshot(s: RunState) -> RunState:
    """A copy that shares the node objects (copy-on-write: see :class:`Stepper`)."""
    return copy_state(s, share_nodes=True)


class Stepper:
    """The state after step k, moved by steps or jumps.

    Jumps start from the nearest checkpoint at or before k. Checkpoints share node objects
    with each other and with this state; a node is copied the first time an event changes
    it (copy-on-write), so checkpoints and steps stay cheap on a 10,000-node run.
    """

    FORWARD = 2000  # a jump forward by at most this many events folds on from here

    def __init__(self, model: RunModel) -> None:
        self.model = model
        self.k = 0
        self.state = snapshot(model.cps[0])
        self._owned: set[str] = set()

    def _reduce(self, ev: Event) -> None:
        st = self.state
        if isinstance(ev, InvocationStarted):
            p = ev.parent
            if p is not None and p in st.nodes and p not in self._owned:
                st.nodes[p] = copy_node(st.nodes[p])
                self._owned.add(p)
            self._owned.add(ev.inv)
        else:
            inv = getattr(ev, "inv", None)
            if inv is not None and inv in st.nodes and inv not in self._owned:
                st.nodes[inv] = copy_node(st.nodes[inv])
                self._owned.add(inv)
        reduce(st, ev)

    def start_at_end(self) -> None:
        """Start at the last step cheaply: a finished run's live state no longer changes,
        so it can be shared (copy-on-write) instead of folded again."""
        model = self.model
        if model.finished:
            self.state = snapshot(model.live)
            self._owned = set()
            self.k = len(model.events)
        else:
            self.goto(len(model.events))

    def warm(self, upto: int) -> None:
        """Build the checkpoints up to ``upto`` (so stepping back is fast everywhere)."""
        model = self.model
        step = model._interval()
        i = bisect.bisect_right(model.cp_keys, upto) - 1
        base = model.cp_keys[i]
        if upto - base < step:
            return
        st = Stepper(model)
        st.state = snapshot(model.cps[base])
        st.k = base
        st.goto(min(upto, base + self.FORWARD))

    def goto(self, k: int) -> Absorbed | None:
        """Move to step ``k``. Returns what changed when it folded on from the current
        step (views can update just that), None after a jump (redraw everything)."""
        model = self.model
        k = max(0, min(k, len(model.events)))
        out: Absorbed | None = Absorbed()
        if not self.k <= k <= self.k + self.FORWARD:
            i = bisect.bisect_right(model.cp_keys, k) - 1
            base = model.cp_keys[i]
            self.state = snapshot(model.cps[base])
            self._owned = set()
            self.k = base
            out = None
        step = model._interval()
        for j in range(self.k, k):
            ev = model.events[j]
            self._reduce(ev)
            if out is not None:
                out.count += 1
                inv = getattr(ev, "inv", None)
                if inv is not None:
                    out.touched.add(inv)
                if isinstance(ev, InvocationStarted):
                    out.new_nodes.append(ev.inv)
            n = j + 1
            if n % step == 0 and n not in model.cps:
                model.cps[n] = snapshot(self.state)
                bisect.insort(model.cp_keys, n)
                self._owned = set()  # the checkpoint shares every node now
        self.k = k
        return out


def state_at(model: RunModel, k: int) -> RunState:
    """The fold of the first ``k`` events of ``model`` (a state of its own)."""
    stepper = Stepper(model)
    stepper.goto(k)
    return stepper.state
