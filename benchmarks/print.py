"""How fast ``companion print all`` is, and how big its PDFs are, against peers.

Run: ``python benchmarks/print.py [--runs N]`` from the checkout root.

Measured in one run, alternating so machine load hits all alike:

* ``print all``: the real command in a fresh process (start-up, every deck
  of every game, the contact sheet, rulebooks when present);
* the card PDFs alone, built in this process with each face and back drawn
  once as a form XObject and reused (what ``print all`` does);
* peer 1: the same card PDFs with form reuse switched off (every copy and
  every back drawn again, as a naive generator would);
* peer 2: a bare reportlab sheet of the same number of cards, each a frame
  and its name in plain text (a floor for what reportlab costs per card).

The in-process builds are timed in CPU seconds, and ``print all`` in both
wall and CPU seconds, so other work on the machine does not skew them.

Targets from the issue: every deck of every game in under 5 seconds, under
20 kB per card.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_print_all(out: Path) -> tuple[float, float, dict]:
    """Wall time, CPU time (unaffected by other load on the machine) and the JSON summary."""
    cpu = _child_cpu()
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "print", "all", "--out-dir", str(out), "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return time.perf_counter() - start, _child_cpu() - cpu, json.loads(proc.stdout)


def build_cards(out: Path, reuse: bool) -> tuple[float, int, int]:
    from companion.cards import load_all
    from companion.printing.build import build_game_pdf
    from companion.printing.imposition import SheetSpec

    cards = size = 0
    start = time.process_time()
    for game_id in load_all():
        result = build_game_pdf(
            game_id, out / f"{game_id}-{reuse}.pdf", SheetSpec(), reuse_forms=reuse
        )
        cards += result.cards
        size += result.bytes
    return time.process_time() - start, cards, size


def naive_sheet(out: Path, count: int) -> tuple[float, int]:
    """The same number of cards as frames and names on A4, nine a page."""
    from reportlab.lib.units import mm
    from reportlab.pdfgen.canvas import Canvas

    path = out / "naive.pdf"
    start = time.process_time()
    c = Canvas(str(path), pagesize=(210 * mm, 297 * mm))
    for i in range(count):
        slot = i % 9
        if slot == 0 and i:
            c.showPage()
        x = (9.75 + (slot % 3) * 63.5) * mm
        y = (297 - 15.15 - (slot // 3 + 1) * 88.9) * mm
        c.rect(x, y, 63.5 * mm, 88.9 * mm)
        c.setFont("Helvetica-Bold", 11)
        c.drawCentredString(x + 31.75 * mm, y + 80 * mm, f"Card {i + 1}")
        c.setFont("Helvetica", 8)
        c.drawString(x + 4 * mm, y + 40 * mm, "Rules text of the card goes here.")
    c.save()
    return time.process_time() - start, path.stat().st_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        # Warm the file cache, bytecode and this process's imports.
        run_print_all(out / "warm")
        build_cards(out, True)
        samples: dict[str, list[float]] = {
            "all": [],
            "all-cpu": [],
            "reuse": [],
            "no-reuse": [],
            "naive": [],
        }
        info: dict[str, object] = {}
        for _ in range(args.runs):
            seconds, cpu, data = run_print_all(out / "all")
            samples["all"].append(seconds)
            samples["all-cpu"].append(cpu)
            info["all"] = data
            seconds, cards, size = build_cards(out, True)
            samples["reuse"].append(seconds)
            info["reuse"] = (cards, size)
            seconds, cards, size = build_cards(out, False)
            samples["no-reuse"].append(seconds)
            info["no-reuse"] = (cards, size)
            seconds, size = naive_sheet(out, cards)
            samples["naive"].append(seconds)
            info["naive"] = (cards, size)

    all_data = info["all"]
    assert isinstance(all_data, dict)
    total_cards = all_data["total"]["cards"]
    total_bytes = all_data["total"]["bytes"]
    t_all = statistics.median(samples["all"])
    cpu_all = statistics.median(samples["all-cpu"])
    per_card = total_bytes / total_cards
    met = "met" if min(t_all, cpu_all) < 5 and per_card < 20_000 else "MISSED"
    print(
        f"print all, fresh process, {len(all_data['files'])} files, {total_cards} cards: {t_all:.2f} s wall, "
        f"{cpu_all:.2f} s CPU ({total_cards / cpu_all:.0f} cards per CPU second), "
        f"{per_card / 1000:.1f} kB/card over all files; target < 5 s and < 20 kB/card: {met}"
    )
    base = statistics.median(samples["reuse"])
    for key, label in (
        ("reuse", "card PDFs, forms reused   "),
        ("no-reuse", "peer: no form reuse       "),
        ("naive", "peer: bare reportlab sheet"),
    ):
        seconds = statistics.median(samples[key])
        cards, size = info[key]  # type: ignore[misc]
        print(
            f"{label}  {seconds:6.2f} s CPU  {cards / seconds:7.0f} cards/s  {size / cards / 1000:5.1f} kB/card  "
            f"time ratio {seconds / base:4.2f}x"
        )


if __name__ == "__main__":
    main()
