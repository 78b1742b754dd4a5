"""Misspelt questions: top-1 with and without spelling correction, and what the correction costs — one process.

    python bench/spelling_bench.py      # uses the built ./data (run `python -m core build` first)

Every eval/*.jsonl question is asked three ways, in hybrid+graph mode:
- as written (the correction must change nothing);
- the Finnish questions typed without ä / ö / å (a keyboard without them);
- each question with one slip in one word of six letters or more (two letters swapped, one dropped or one
  doubled; seeded per set, so every run asks the same questions).
"""
from __future__ import annotations

import json
import random
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from core import retrieve, store  # noqa: E402
from core.evaluate import evaluate  # noqa: E402
from core.retrieve import Retriever, clean_query, detect_language  # noqa: E402

WITHOUT_DOTS = str.maketrans("äöåÄÖÅ", "aoaAOA")


def with_a_slip(question: str, rng: random.Random) -> str:
    words = re.findall(r"[A-Za-zÀ-ÖØ-öø-ÿ]{6,}", question)
    if not words:
        return question
    w = rng.choice(words)
    i = rng.randrange(1, len(w) - 1)
    slip = rng.choice([w[:i] + w[i + 1] + w[i] + w[i + 2:], w[:i] + w[i + 1:], w[:i] + w[i] + w[i:]])
    return question.replace(w, slip, 1)


def variants(name: str, items: list[dict]) -> dict[str, list[dict]]:
    rng = random.Random(name)
    finnish = [it for it in items if detect_language(it["question"]) == "fi"]
    return {"as written": items,
            "Finnish without ä/ö": [dict(it, question=it["question"].translate(WITHOUT_DOTS)) for it in finnish],
            "one slip per question": [dict(it, question=with_a_slip(it["question"], rng)) for it in items]}


def main() -> None:
    retriever = Retriever(store.connect())
    retriever.warm()
    sets = {p.stem: [json.loads(line) for line in p.read_text(encoding="utf-8").splitlines() if line.strip()]
            for p in sorted((ROOT / "eval").glob("*.jsonl"))}
    asked = {name: variants(name, items) for name, items in sets.items()}
    on = dict(retrieve.SPELLING_MIN_LETTERS)
    off = {lang: 10 ** 6 for lang in on}  # no word is long enough to be corrected
    print(f"{sum(len(v) for v in sets.values())} questions in {len(sets)} sets, hybrid+graph top-1:")
    for variant in ("as written", "Finnish without ä/ö", "one slip per question"):
        row = []
        for setting in (off, on):
            retrieve.SPELLING_MIN_LETTERS = setting
            right = n = 0
            for name in sets:
                items = asked[name][variant]
                if items:
                    res = evaluate(retriever, items, "graph", name)
                    right += round(res.metrics["top1"] * res.n / 100)
                    n += res.n
            row.append(f"{right}/{n}")
        print(f"  {variant:<24} without correction {row[0]:>8}   with correction {row[1]:>8}")
    retrieve.SPELLING_MIN_LETTERS = on
    typed = [clean_query(with_a_slip(it["question"], random.Random(i)))
             for i, it in enumerate(it for items in sets.values() for it in items)]
    times = []
    for q in typed:
        lang = detect_language(q)
        t = time.perf_counter()
        retriever.correct_spelling(q, lang)
        times.append((time.perf_counter() - t) * 1000)
    print(f"correct_spelling on the slipped questions: p50 {statistics.median(times):.2f} ms, "
          f"max {max(times):.1f} ms")


if __name__ == "__main__":
    main()
