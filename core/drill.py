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
from core.text import number_value

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


def _latest_grades(db: sqlite_utils.Database, session_id: str | None = None) -> list[dict]:
    """Each graded question's latest grade (set_name, item_id, question, rating, at), in one session or all."""
    ensure_schema(db)
    where, args = ("WHERE session_id = ?", [session_id]) if session_id else ("", [])
    # SQLite returns the bare columns from the row that holds max(reviewed_at).
    return list(db.query(f"SELECT set_name, item_id, question, rating, max(reviewed_at) AS at FROM drill_reviews "
                         f"{where} GROUP BY set_name, item_id", args))


def latest_ratings(db: sqlite_utils.Database, session_id: str, set_name: str) -> dict[str, str]:
    """Each question of a set graded in this session, with its latest grade."""
    return {r["item_id"]: r["rating"] for r in _latest_grades(db, session_id) if r["set_name"] == set_name}


def queue(items: list[DrillItem], latest: dict[str, str]) -> list[DrillItem]:
    """What is left this session: questions not yet graded, then those last graded "again" (both in set order),
    so a missed question comes back before the set is done."""
    return [it for it in items if it.id not in latest] + [it for it in items if latest.get(it.id) == "again"]


def sets_summary(db: sqlite_utils.Database) -> list[dict]:
    """Per set, over all sessions: questions in it, graded at least once, and known (latest grade good or easy),
    with the share of the set's questions known."""
    latest = _latest_grades(db)
    out = []
    for name in sorted({r["set_name"] for r in latest}):
        mine = [r for r in latest if r["set_name"] == name]
        path = EVAL_DIR / f"{Path(name).name}.jsonl"
        known = sum(r["rating"] in ("good", "easy") for r in mine)
        questions = len(_rows(path)) if path.exists() else len(mine)  # a set since removed: what was graded
        out.append({"set": name, "questions": questions, "graded": len(mine), "known": known,
                    "share_known": round(known / max(questions, len(mine)), 3)})
    return out


def to_revisit(db: sqlite_utils.Database, limit: int = 20) -> list[dict]:
    """Questions whose latest grade, in any session, was again or hard — again first, latest first: the ones to
    drill next."""
    weak = sorted((r for r in _latest_grades(db) if r["rating"] in ("again", "hard")),
                  key=lambda r: (r["rating"] == "hard", -r["at"]))
    return [{"set": r["set_name"], "id": r["item_id"], "question": r["question"], "rating": r["rating"],
             "day": time.strftime("%Y-%m-%d", time.localtime(r["at"]))} for r in weak[:limit]]


def words_recalled(typed: str, quote: str, lang: str) -> tuple[list[str], list[str]]:
    """The statute's key words (no stopwords, each once, as printed) that a typed answer has, in any inflection
    ("filed" for "file", "velallisen" for "velallinen") and numbers as digits or words ("10" for "ten"), and those
    it lacks."""
    an = analyzer(lang)

    def read(word: str) -> set[str]:
        value = number_value(word, lang)
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
