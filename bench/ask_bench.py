"""Ask latency (warm) per mode, graph expansion, build times and peak memory — all in one process.

    python bench/ask_bench.py              # uses the built ./data (run `python -m core build` first)
    python bench/ask_bench.py --fresh      # also times a first full build and a no-change rebuild

Questions: every eval/*.jsonl set, asked `--rounds` times per mode after one warm-up round.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def questions() -> list[str]:
    out = []
    for path in sorted((ROOT / "eval").glob("*.jsonl")):
        out += [json.loads(line)["question"] for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--fresh", action="store_true", help="time a first full build in a temporary data folder")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    if args.fresh:
        tmp = tempfile.mkdtemp(prefix="normipolku-bench-")
        os.environ["NORMIPOLKU_DATA"] = tmp
    from core import store
    from core.config import MODES
    from core.answer import answer
    from core.build import build_all
    from core.retrieve import Retriever

    db = store.connect()
    if args.fresh:
        t = time.perf_counter()
        build_all(db)
        print(f"first full build (parse, graph, BM25, embeddings): {time.perf_counter() - t:.1f} s (target ≤ 120 s)")
        t = time.perf_counter()
        report = build_all(db)
        print(f"rebuild with nothing changed: {time.perf_counter() - t:.2f} s, skipped {len(report.skipped)} laws "
              f"(target ≤ 5 s)")
    qs = questions()
    retriever = Retriever(db)
    t = time.perf_counter()
    retriever.warm()
    print(f"warm-up (indexes, model, graph): {time.perf_counter() - t:.2f} s; {len(qs)} questions")
    # Warm-up on half the questions; the other half, timed first, are questions this process has never seen (its
    # caches of question words cold, those of the provisions' sentences warm): what a student's new question costs.
    answered = [answer(retriever, q, mode="graph") for q in qs[::2]]
    unseen = [answer(retriever, q, mode="graph").latency_ms["total"] for q in qs[1::2]]
    if not any(a.primary for a in answered):
        # A stale or empty data folder answers nothing: timing that would measure nothing.
        notices = sorted({n for a in answered for n in a.notices})
        raise SystemExit("no question was answered from this data folder — run `python -m core build` first"
                         + (f" ({'; '.join(notices)})" if notices else ""))
    results: dict[str, list[float]] = {}
    expand: list[float] = []
    asked = len(qs)  # the warm-up half and the unseen half
    for mode in MODES:
        samples = []
        for _ in range(args.rounds):
            for q in qs:
                a = answer(retriever, q, mode=mode)
                samples.append(a.latency_ms["total"])
                asked += 1
                if mode == "graph" and "expand" in a.latency_ms:
                    expand.append(a.latency_ms["expand"])
        results[mode] = samples
    base = {m: statistics.median(v) for m, v in results.items()}
    print(f"{'mode':8} {'p50 ms':>8} {'p95 ms':>8} {'× bm25':>8} {'× dense':>8}")
    for mode, samples in results.items():
        p50 = statistics.median(samples)
        print(f"{mode:8} {p50:8.1f} {percentile(samples, 0.95):8.1f} {p50 / base['bm25']:8.1f} {p50 / base['dense']:8.2f}")
    print(f"graph, a question not asked before: p50 {statistics.median(unseen):.1f} ms, "
          f"p95 {percentile(unseen, 0.95):.1f} ms ({len(unseen)} questions)")
    print(f"graph expansion: p50 {statistics.median(expand):.2f} ms, p95 {percentile(expand, 0.95):.2f} ms "
          f"(target p50 ≤ 2 ms)")
    print("targets: graph p50 ≤ 40 ms, p95 ≤ 80 ms")
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS after {asked} questions: {peak_mb:.0f} MB")


if __name__ == "__main__":
    main()
