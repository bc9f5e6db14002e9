"""The lines of a Go program's stack, written at the margin below the record that dumped it.

A Go program that panics, or logs ``debug.Stack()`` with an error, writes its goroutines'
stacks: a goroutine's heading ("goroutine 7 [running]:"), then for each call the function
at the margin ("main.(*Server).handle(0xc000a1b2, 0x4)", "runtime/debug.Stack()",
"main.main(...)") and its file's line indented below it ("\\t/app/main.go:12 +0x1d"),
the panic's own line ("panic: runtime error: …"), the signal ("[signal SIGSEGV: …]") and
where a goroutine was started ("created by main.main in goroutine 1"). None opens a record:
they continue the record above, as a Java trace's frames do. A function's line is told by
its form: a qualified name (a package path, a dot, the function, a receiver's type in
parentheses maybe) and its arguments in parentheses, nothing after them and no blank in the
name, which no record's line is.
"""

from __future__ import annotations

# (a pattern of :data:`.level_first.CONTINUATION`'s, at a line's start)
GO_STACK = (r"goroutine \d+ \[[^\]\n]+\]:$|panic: |created by [\w./(*)-]+|\[signal "
            r"|(?=[\w/-]*\.)[\w./(*)-]+\([^()\n]*\)$")
