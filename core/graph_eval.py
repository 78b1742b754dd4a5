"""Graph evaluation: precision and recall of REFERS_TO, EXCEPTS and DEFINES against a hand-checked sample.

The sample (tests/data/reference_sample.jsonl) lists, for each sampled section, every such edge whose
source lies in that section. Predicted edges are the stored edges of those types whose source node
belongs to a sampled section.
"""
from __future__ import annotations

import json
from pathlib import Path

import sqlite_utils

TYPES = ("REFERS_TO", "EXCEPTS", "DEFINES")


def load_sample(path: Path) -> list[dict]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [r for r in rows if "section" in r]


def evaluate_sample(db: sqlite_utils.Database, path: Path) -> dict:
    sample = load_sample(path)
    sections = [s["section"] for s in sample]
    gold = {(e[0], e[1], e[2]) for s in sample for e in s["edges"]}
    q = (f"SELECT e.source, e.type, e.target FROM edges e JOIN nodes n ON n.id = e.source "
         f"WHERE n.section_id IN ({','.join('?' * len(sections))}) AND e.type IN ({','.join('?' * len(TYPES))})")
    predicted = {(r[0], r[1], r[2]) for r in db.execute(q, sections + list(TYPES)).fetchall()}
    report: dict = {"sections": len(sections), "gold_edges": len(gold), "predicted_edges": len(predicted), "by_type": {}}
    for etype in TYPES + ("ALL",):
        g = {e for e in gold if etype in ("ALL", e[1])}
        p = {e for e in predicted if etype in ("ALL", e[1])}
        tp = len(g & p)
        report["by_type"][etype] = {
            "gold": len(g), "predicted": len(p), "correct": tp,
            "precision": round(100.0 * tp / len(p), 1) if p else 100.0,
            "recall": round(100.0 * tp / len(g), 1) if g else 100.0,
        }
    report["missed"] = sorted(gold - predicted)
    report["spurious"] = sorted(predicted - gold)
    return report


def format_report(report: dict) -> str:
    lines = [f"{report['sections']} sections, {report['gold_edges']} hand-checked edges, "
             f"{report['predicted_edges']} predicted", "", f"{'type':10} {'gold':>5} {'pred':>5} {'ok':>5} "
             f"{'precision':>10} {'recall':>7}"]
    for etype, m in report["by_type"].items():
        lines.append(f"{etype:10} {m['gold']:5} {m['predicted']:5} {m['correct']:5} {m['precision']:9.1f}% "
                     f"{m['recall']:6.1f}%")
    if report["missed"]:
        lines += ["", "missed:"] + [f"  {s} {t} {g}" for s, t, g in report["missed"]]
    if report["spurious"]:
        lines += ["", "spurious:"] + [f"  {s} {t} {g}" for s, t, g in report["spurious"]]
    return "\n".join(lines)
