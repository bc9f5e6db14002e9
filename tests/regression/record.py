"""Record the CLI outputs: ``python -m tests.regression.record [CASE ...]``.

Runs every case (or the named ones) twice, refuses to record a case whose two runs differ
after normalisation (it would not be a reliable comparison), and writes
``tests/regression/recorded/<case>.json``. ``--check`` only compares with what is recorded.
"""

from __future__ import annotations

import argparse
import sys
import time

from tests.regression.harness import RECORDED, diff, recorded_path, run_cases
from tests.regression.recorded_cases import BY_NAME, CASES


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.regression.record")
    parser.add_argument("cases", nargs="*", help="case names (default: all)")
    parser.add_argument("--check", action="store_true",
                        help="compare with the recorded files instead of writing them")
    parser.add_argument("--once", action="store_true",
                        help="run each case once (skip the determinism check)")
    args = parser.parse_args(argv)
    unknown = [n for n in args.cases if n not in BY_NAME]
    if unknown:
        parser.error(f"unknown case(s) {unknown}; known: {sorted(BY_NAME)}")
    cases = [BY_NAME[n] for n in args.cases] if args.cases else list(CASES)
    t0 = time.perf_counter()
    first = run_cases(cases)
    second = first if args.once or args.check else run_cases(cases)
    status = 0
    RECORDED.mkdir(exist_ok=True)
    for case in cases:
        a, b = first[case.name], second[case.name]
        if a.text != b.text:
            print(f"NOT DETERMINISTIC {case.name}:\n{diff(a.text, b.text, case.name)}")
            status = 1
            continue
        path = recorded_path(case.name)
        if args.check:
            old = path.read_text(encoding="utf-8") if path.exists() else ""
            same = old == a.text
            print(f"{'same' if same else 'DIFFERS'} {case.name} ({a.seconds:.1f} s)")
            if not same:
                print(diff(old, a.text, case.name))
                status = 1
            continue
        path.write_text(a.text, encoding="utf-8")
        print(f"recorded {case.name} ({a.seconds:.1f} s, {len(a.text)} chars)")
    print(f"{len(cases)} cases in {time.perf_counter() - t0:.1f} s")
    return status


if __name__ == "__main__":
    sys.exit(main())
