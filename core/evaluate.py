"""Evaluate: exam and graph-needed sets (JSONL), matched exactly as DESIGN.md defines it.

A node N matches an expected node E when N == E, N lies inside E (E + ":" is a prefix of N),
or N is a DEFINITION whose DEFINED_IN node matches E; a Finnish DEFINITION id and the kohta or
momentti it names are interchangeable.
"""
from __future__ import annotations

import json
import statistics
from dataclasses import dataclass, field
from pathlib import Path

import sqlite_utils

from core import patterns
from core.answer import answer, within
from core.expand import path_connects
from core.retrieve import Retriever



def load_set(path: Path | str) -> list[dict]:
    items = []
    for n, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                items.append(json.loads(line))
            except ValueError as exc:
                raise ValueError(f"{path}:{n}: not a JSON object ({exc})") from exc
    return items


class Matcher:
    def __init__(self, db: sqlite_utils.Database) -> None:
        self.db = db
        self._defined_in: dict[str, str | None] = {}

    @staticmethod
    def _canonical(node_id: str) -> str:
        m = patterns.FI_DEFINITION_ID.match(node_id)
        return f"{m.group(1)}:{m.group(2)}" if m else node_id

    def defined_in(self, node_id: str) -> str | None:
        if node_id not in self._defined_in:
            row = self.db.execute("SELECT target FROM edges WHERE source = ? AND type = 'DEFINED_IN'",
                                  [node_id]).fetchone()
            self._defined_in[node_id] = row[0] if row else None
        return self._defined_in[node_id]

    def matches(self, node_id: str, expected: str) -> bool:
        n, e = self._canonical(node_id), self._canonical(expected)
        if within(n, e):
            return True
        host = self.defined_in(node_id) if ":def:" in node_id else None
        return host is not None and host != node_id and self.matches(host, expected)

    def any_match(self, node_id: str, expected: list[str]) -> bool:
        return any(self.matches(node_id, e) for e in expected)


def _pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


@dataclass
class EvalResult:
    set_name: str
    mode: str
    kind: str  # exam or graph
    n: int = 0
    metrics: dict[str, float] = field(default_factory=dict)
    failures: list[dict] = field(default_factory=list)

    def as_json(self) -> dict:
        return {"set": self.set_name, "mode": self.mode, "kind": self.kind, "n": self.n, **self.metrics,
                "failures": self.failures}


def evaluate(retriever: Retriever, items: list[dict], mode: str = "graph", set_name: str = "") -> EvalResult:
    matcher = Matcher(retriever.db)
    kind = "graph" if any("primary" in it for it in items) else "exam"
    res = EvalResult(set_name, mode, kind, n=len(items))
    latencies, top1, top3, rr, recall10, verbatim = [], [], [], [], [], []
    primary_pass, support_pass, path_pass = [], [], []
    for it in items:
        a = answer(retriever, it["question"], mode=mode)
        latencies.append(a.latency_ms.get("total", 0.0))
        expected = it.get("expected") or it.get("primary") or []
        ranked = a.ranked
        hits = [matcher.any_match(r, expected) for r in ranked[:10]]
        ok1 = bool(hits[:1] and hits[0])
        top1.append(ok1)
        top3.append(any(hits[:3]))
        recall10.append(any(hits))
        rr.append(next((1.0 / (i + 1) for i, h in enumerate(hits) if h), 0.0))
        shown_ok = a.primary is not None and bool(a.quote) and a.quote in a.primary.text
        verbatim.append(shown_ok and (it.get("quote") is None or it["quote"] in a.quote))
        failure = {}
        if kind == "graph":
            primary_pass.append(ok1)
            supports = [n.id for n, _ in a.supporting]
            needed = it.get("support", [])
            matched = {s: next((x for x in supports if matcher.matches(x, s)), None) for s in needed}
            sp = all(matched.values())
            support_pass.append(sp)
            gp = sp and a.primary is not None and all(path_connects(a.path, a.primary.id, x) for x in matched.values())
            path_pass.append(gp)
            if not (ok1 and sp and gp):
                failure = {"id": it.get("id"), "got": a.primary.id if a.primary else None, "expected": expected,
                           "supporting": supports, "support": needed, "primary_pass": ok1, "support_pass": sp,
                           "path_pass": gp}
        elif not (ok1 and verbatim[-1]):
            failure = {"id": it.get("id"), "got": a.primary.id if a.primary else None, "expected": expected,
                       "quote": a.quote[:160], "want_quote": it.get("quote"), "ranked": ranked[:5]}
        if failure:
            res.failures.append(failure)
    mean = lambda xs: round(100.0 * sum(xs) / len(xs), 1) if xs else 0.0  # noqa: E731
    res.metrics = {"top1": mean(top1), "top3": mean(top3), "mrr": round(statistics.fmean(rr), 3) if rr else 0.0,
                   "recall@10": mean(recall10), "verbatim": mean(verbatim),
                   "latency_p50_ms": round(_pct(latencies, 0.5), 1), "latency_p95_ms": round(_pct(latencies, 0.95), 1)}
    if kind == "graph":
        res.metrics.update({"PRIMARY_PASS": mean(primary_pass), "SUPPORT_PASS": mean(support_pass),
                            "GRAPH_PATH_PASS": mean(path_pass)})
    return res


def format_table(results: list[EvalResult]) -> str:
    keys = ["top1", "top3", "mrr", "recall@10", "verbatim", "PRIMARY_PASS", "SUPPORT_PASS", "GRAPH_PATH_PASS",
            "latency_p50_ms", "latency_p95_ms"]
    keys = [k for k in keys if any(k in r.metrics for r in results)]
    header = ["set", "mode", "n"] + keys
    rows = [[r.set_name, r.mode, str(r.n)] + [str(r.metrics.get(k, "")) for k in keys] for r in results]
    widths = [max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(header)]
    line = lambda cells: "  ".join(c.ljust(w) for c, w in zip(cells, widths))  # noqa: E731
    return "\n".join([line(header), line(["-" * w for w in widths])] + [line(r) for r in rows])
