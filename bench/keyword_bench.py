"""Keyword search choices, measured in one process on the bundled corpus and every eval set:

1. bm25s vs SQLite FTS5 (its bm25() ranking) over the same normalised documents and query terms;
2. Voikko base forms vs Snowball stems for Finnish (index, query and sentence choice all switched),
   keyword-only and in the app's hybrid+graph mode.

    python bench/keyword_bench.py      # uses the built ./data (run `python -m core build` first)

The backend comparison is keyword-only (mode "bm25", dense search off), so it isolates the keyword side;
the answer's sentence choice and rerank run as in the app.
"""
from __future__ import annotations

import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import bm25s  # noqa: E402
import sqlite_utils  # noqa: E402

from core import evaluate, index, store  # noqa: E402
from core.config import data_dir  # noqa: E402
from core.normalize import analyzer  # noqa: E402
from core.retrieve import Retriever  # noqa: E402

SETS = {"en": ["exam_en", "graph_en", "exam_en_own"], "fi": ["exam_fi", "graph_fi", "exam_fi_own"]}


class Fts5Index:
    """The keyword index as an FTS5 table: same documents, same terms, same answer shape as Bm25Index."""

    def __init__(self, db: sqlite_utils.Database, lang: str) -> None:
        an = analyzer(lang)
        self.mem = sqlite_utils.Database(memory=True)
        # Index terms are written out space-separated; "_" joins a lemma bigram, so it is a token character.
        self.mem.execute("CREATE VIRTUAL TABLE docs USING fts5(terms, unit_id UNINDEXED, law_key UNINDEXED, "
                         "tokenize = \"unicode61 remove_diacritics 0 tokenchars '_'\")")
        rows = []
        self.df: dict[str, int] = {}
        self.corpus: list[list[str]] = []
        for law in (r for r in store.laws(db) if r["lang"] == lang):
            for _, unit_id, text in index.keyword_documents(db, law["key"]):
                terms = an.terms(text, bigrams=True)
                for t in set(terms):
                    self.df[t] = self.df.get(t, 0) + 1
                self.corpus.append(terms)
                rows.append({"terms": " ".join(terms), "unit_id": unit_id, "law_key": law["key"]})
        t = time.perf_counter()
        self.mem["docs"].insert_all(rows)
        self.build_seconds = time.perf_counter() - t
        self.n = len(rows)

    def idf(self, term: str) -> float:
        return math.log(1 + (self.n - self.df.get(term, 0) + 0.5) / (self.df.get(term, 0) + 0.5))

    def search(self, terms: list[str], laws: list[str] | None = None, k: int = 50) -> list[tuple[str, str, float]]:
        known = sorted({t for t in terms if t in self.df})
        if not known:
            return []
        match = " OR ".join('"' + t.replace('"', '""') + '"' for t in known)
        out, seen = [], set()
        for row in self.mem.query("SELECT unit_id, law_key, -bm25(docs) AS score FROM docs WHERE docs MATCH ? "
                                  "ORDER BY bm25(docs) LIMIT 2000", [match]):
            if row["unit_id"] in seen or (laws is not None and row["law_key"] not in laws):
                continue
            seen.add(row["unit_id"])
            out.append((row["law_key"], row["unit_id"], row["score"]))
            if len(out) >= k:
                break
        return out


def score_sets(retriever: Retriever, lang: str, mode: str = "bm25") -> dict[str, tuple[float, float]]:
    out = {}
    for name in SETS[lang]:
        items = evaluate.load_set(ROOT / "eval" / f"{name}.jsonl")
        m = evaluate.evaluate(retriever, items, mode=mode, set_name=name).metrics
        out[name] = (m["top1"], m["mrr"])
    return out


def search_latency(backend, lang: str) -> float:
    times = []
    for name in SETS[lang]:
        for item in evaluate.load_set(ROOT / "eval" / f"{name}.jsonl"):
            terms = analyzer(lang).terms(item["question"], bigrams=True)
            t = time.perf_counter()
            backend.search(terms, k=50)
            times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def backends() -> None:
    db = store.connect()
    print("bm25s vs FTS5 (keyword-only answers; top-1 % / MRR per set, search p50, index build)")
    for lang in ("en", "fi"):
        retriever = Retriever(db, dense=False)
        bm = retriever.bm25(lang)
        fts = Fts5Index(db, lang)
        t = time.perf_counter()
        bm25s.BM25().index(fts.corpus, show_progress=False)
        bm25s_build = time.perf_counter() - t
        rows = {"bm25s": (score_sets(retriever, lang), search_latency(bm, lang))}
        retriever._bm25[lang] = fts  # the same pipeline, keyword side swapped
        rows["FTS5"] = (score_sets(retriever, lang), search_latency(fts, lang))
        for name, (scores, p50) in rows.items():
            cells = "  ".join(f"{s}: {t1:.1f} % / {mrr:.3f}" for s, (t1, mrr) in scores.items())
            extra = f", index from the analysed terms {fts.build_seconds if name == 'FTS5' else bm25s_build:.2f} s"
            print(f"  {lang} {name:6} {cells}  search p50 {p50:.2f} ms{extra}")


def finnish_analysers() -> None:
    """Each analyser in a child process (it is chosen once per process) on its own copy of the data folder."""
    print("Voikko vs Snowball for Finnish (top-1 % / MRR per set; keyword-only, then hybrid+graph)")
    for name in ("voikko", "snowball"):
        tmp = Path(tempfile.mkdtemp(prefix=f"normipolku-{name}-"))
        try:
            shutil.copytree(data_dir(), tmp / "data")
            env = dict(os.environ, NORMIPOLKU_DATA=str(tmp / "data"))
            out = subprocess.run([sys.executable, __file__, "--analyser-child", name], env=env, capture_output=True,
                                 text=True, check=True).stdout
            for mode, scores in json.loads(out.strip().splitlines()[-1]).items():
                print(f"  {name:8} {mode:6} " + "  ".join(f"{s}: {t1:.1f} % / {mrr:.3f}"
                                                         for s, (t1, mrr) in scores.items()))
        finally:
            shutil.rmtree(tmp, ignore_errors=True)


def analyser_child(name: str) -> None:
    from core import normalize  # noqa: PLC0415

    if name == "snowball":
        normalize._get_voikko = lambda: None  # as on a machine without libvoikko
    db = store.connect()
    index.build_bm25(db, "fi", force=True)
    retriever = Retriever(db)
    print(json.dumps({mode: score_sets(retriever, "fi", mode) for mode in ("bm25", "graph")}))


if __name__ == "__main__":
    if "--analyser-child" in sys.argv:
        analyser_child(sys.argv[-1])
    else:
        backends()
        finnish_analysers()
