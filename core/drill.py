"""Drill: practise the bundled exam question sets and record how each answer went.

The sets are the exam-style JSONL files in eval/ (public and our own). Each self-grade
(again / hard / good / easy) is stored in SQLite with the session it belongs to, so progress can
be shown per session and over time.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

import sqlite_utils

from core import patterns
from core.config import ROOT
from core.normalize import analyzer
from core.store import transaction

EVAL_DIR = ROOT / "eval"
RATINGS = ("again", "hard", "good", "easy")
PUBLIC_SETS = ("exam_en", "exam_fi")  # the bundled exam sets; the other files are our own evaluation sets

SCHEMA = """
CREATE TABLE IF NOT EXISTS drill_reviews (
    id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL, set_name TEXT NOT NULL, item_id TEXT NOT NULL,
    question TEXT NOT NULL, node_id TEXT, rating TEXT NOT NULL CHECK (rating IN ('again','hard','good','easy')),
    reviewed_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS idx_drill_time ON drill_reviews(reviewed_at);
"""


@dataclass
class DrillItem:
    set_name: str
    id: str
    question: str
    lang: str
    expected: list[str]
    quote: str = ""  # the words of the expected provision that answer it, where the set gives them


def ensure_schema(db: sqlite_utils.Database) -> None:
    db.conn.executescript(SCHEMA)


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def list_sets(eval_dir: Path = EVAL_DIR) -> list[str]:
    """Exam-style sets (items with `expected`), by file stem: the bundled exam sets first, then our own."""
    out = []
    for path in sorted(eval_dir.glob("*.jsonl")):
        rows = _rows(path)
        if rows and "expected" in rows[0]:
            out.append(path.stem)
    return sorted(out, key=lambda name: (name not in PUBLIC_SETS, name))


def set_label(set_name: str, eval_dir: Path = EVAL_DIR) -> str:
    """How a set is offered: its name, size and where it comes from."""
    n = len(_rows(eval_dir / f"{Path(set_name).name}.jsonl"))
    origin = "exam questions" if set_name in PUBLIC_SETS else "our evaluation questions"
    return f"{set_name} · {n} {origin}"


def load_items(set_name: str, law_key: str | None = None, eval_dir: Path = EVAL_DIR) -> list[DrillItem]:
    items = []
    for row in _rows(eval_dir / f"{Path(set_name).name}.jsonl"):
        item = DrillItem(set_name, row["id"], row["question"], row.get("lang", "en"), row.get("expected", []),
                         row.get("quote", ""))
        if law_key is None or any(e.split(":")[0] == law_key for e in item.expected):
            items.append(item)
    return items


def record(db: sqlite_utils.Database, session_id: str, item: DrillItem, rating: str, node_id: str | None,
           at: float | None = None) -> None:
    if rating not in RATINGS:
        raise ValueError(f"rating must be one of {', '.join(RATINGS)}")
    ensure_schema(db)
    with transaction(db) as conn:
        conn.execute("INSERT INTO drill_reviews (session_id, set_name, item_id, question, node_id, rating, reviewed_at) "
                     "VALUES (?,?,?,?,?,?,?)", (session_id, item.set_name, item.id, item.question, node_id, rating,
                                                 at if at is not None else time.time()))


def progress(db: sqlite_utils.Database, session_id: str | None = None) -> list[dict]:
    """Reviews per day and rating (all sessions, or one)."""
    ensure_schema(db)
    where, args = ("WHERE session_id = ?", [session_id]) if session_id else ("", [])
    return list(db.query(
        f"SELECT date(reviewed_at, 'unixepoch', 'localtime') AS day, rating, COUNT(*) AS n FROM drill_reviews {where} "
        "GROUP BY day, rating ORDER BY day", args))


def reviewed_items(db: sqlite_utils.Database, session_id: str) -> set[str]:
    ensure_schema(db)
    return {r["item_id"] for r in db.query("SELECT DISTINCT item_id FROM drill_reviews WHERE session_id = ?", [session_id])}


def words_recalled(typed: str, quote: str, lang: str) -> tuple[list[str], list[str]]:
    """The statute's key words (no stopwords, each once, as printed) that a typed answer has, in any inflection
    ("filed" for "file", "velallisen" for "velallinen") and numbers as digits or words ("10" for "ten"), and those
    it lacks."""
    an = analyzer(lang)
    numbers = patterns.FI_NUMBER_WORDS if lang == "fi" else patterns.EN_NUMBER_WORDS

    def read(word: str) -> set[str]:
        value = numbers.get(word.lower())
        return set(an.terms(word, compounds=False)) | ({str(value)} if value else set())

    typed_terms = set().union(*(read(w) for w in patterns.WORD.findall(typed)))
    found, missing, seen = [], [], set()
    for word in patterns.WORD.findall(quote):
        terms = read(word)
        if not terms or terms <= seen:
            continue
        seen |= terms
        (found if terms & typed_terms else missing).append(word)
    return found, missing
