"""Parse + graph the whole bundled corpus, and 2-hop neighbourhood queries.

    python bench/graph_bench.py [--repeat 5]

Prints medians; the 2-hop query is timed both in SQLite and on the in-memory graph view.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core import graph, ingest, store  # noqa: E402
from core.build import build_all  # noqa: E402
from core.expand import GraphView  # noqa: E402


def parse_and_graph() -> float:
    t = time.perf_counter()
    laws = [ingest.parse_file(path, info) for info, path in ingest.iter_bundled()]
    corpus = graph.Corpus({law.info.key: graph.LawIndex.from_nodes(law.info, law.nodes) for law in laws})
    for law in laws:
        graph.build_graph(law, corpus)
    return time.perf_counter() - t


def two_hop(neighbours, node_id: str) -> int:
    """Nodes within two hops, following edges both ways; `neighbours(n)` gives n's edges."""
    seen, frontier = {node_id}, [node_id]
    for _ in range(2):
        nxt = []
        for n in frontier:
            for e in neighbours(n):
                other = e.target if e.source == n else e.source
                if other not in seen:
                    seen.add(other)
                    nxt.append(other)
        frontier = nxt
    return len(seen)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    times = [parse_and_graph() for _ in range(args.repeat)]
    print(f"parse + graph, whole corpus: median {statistics.median(times):.2f} s over {args.repeat} runs "
          f"(target ≤ 10 s)")
    with tempfile.TemporaryDirectory() as tmp:
        db = store.connect(Path(tmp) / "n.db")
        t = time.perf_counter()
        build_all(db, with_index=False)
        print(f"parse + graph + store (SQLite), whole corpus: {time.perf_counter() - t:.2f} s")
        nodes = [r["id"] for r in db.query("SELECT id FROM nodes WHERE kind IN ('MOMENT','SECTION') ORDER BY id")][::7][:300]
        view = GraphView(db)
        ways = (("SQLite", lambda n: store.edges_from(db, n) + store.edges_to(db, n)),
                ("in memory", lambda n: view.out.get(n, []) + view.inn.get(n, [])))
        for name, neighbours in ways:
            samples = []
            for nid in nodes:
                t = time.perf_counter()
                two_hop(neighbours, nid)
                samples.append((time.perf_counter() - t) * 1000)
            samples.sort()
            print(f"2-hop neighbourhood ({name}): p50 {statistics.median(samples):.3f} ms, "
                  f"p95 {samples[int(0.95 * (len(samples) - 1))]:.3f} ms over {len(samples)} nodes (target p50 ≤ 1 ms)")


if __name__ == "__main__":
    main()
