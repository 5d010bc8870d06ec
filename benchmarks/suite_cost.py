"""Where the test suite spends its CPU: per file and per test, in one process.

    python benchmarks/suite_cost.py [pytest arguments...]   # default: the whole suite

Runs pytest in this process (no xdist, so nothing is shared between
workers) and charges each test's setup, call and teardown with the CPU this
process and the children it waited for used meanwhile (a subprocess test pays
for its interpreter). Prints the CPU of collection, of the tests, and the
twenty costliest files and tests. Wall time is not used: on a shared machine
it measures the neighbours.
"""

from __future__ import annotations

import resource
import sys
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


class CpuPerTest:
    def __init__(self) -> None:
        self.by_test: Counter[str] = Counter()
        self.collection = 0.0

    @pytest.hookimpl(wrapper=True)
    def pytest_collection(self, session: pytest.Session) -> Iterator[Any]:
        start = _cpu()
        try:
            return (yield)
        finally:
            self.collection = _cpu() - start

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item, nextitem: Any) -> Iterator[Any]:
        start = _cpu()
        try:
            return (yield)
        finally:
            self.by_test[item.nodeid] += _cpu() - start


def main(argv: list[str]) -> int:
    plugin = CpuPerTest()
    code = pytest.main(["-n", "0", "-q", "-p", "no:randomly", *argv], plugins=[plugin])
    by_file: Counter[str] = Counter()
    for node, seconds in plugin.by_test.items():
        by_file[node.split("::")[0]] += seconds
    print(f"\nCPU: collection {plugin.collection:.1f} s, tests {sum(by_file.values()):.1f} s")
    for title, table in (("files", by_file), ("tests", plugin.by_test)):
        print(f"\ncostliest {title} (CPU seconds):")
        for name, seconds in table.most_common(20):
            print(f"{seconds:7.2f}  {name}")
    return int(code)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
