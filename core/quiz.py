"""Quiz: exam cards from approved duty relationships and provisions, scheduled with FSRS.

Card kinds: who / when / what (from duty fields; the answer is the verbatim sentence), cloze (a
deadline, amount, actor or modal blanked out of the verbatim sentence; the answer is the exact
missing span), "which provision says this?" (distractors are nearby provisions of the same law with
other text) and "shall or may?" / "on velvollinen vai saa?" modal cards. Every answer and quote is
checked to be an exact substring of its provision before a card is stored. Generation is
deterministic and idempotent (a card's key is a hash of what it asks).
"""
from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import dataclass

import sqlite_utils
from fsrs import Card, Rating, Scheduler, State

from core import extract, patterns, review, store
from core.store import transaction
from core.text import fold, is_verbatim

RATINGS = {"again": Rating.Again, "hard": Rating.Hard, "good": Rating.Good, "easy": Rating.Easy}
DEFAULT_NEW_PER_DAY = 20
BLANK = "_____"

SCHEMA = """
CREATE TABLE IF NOT EXISTS quiz_cards (
    id INTEGER PRIMARY KEY, card_key TEXT NOT NULL UNIQUE, kind TEXT NOT NULL, law_key TEXT NOT NULL, deck TEXT NOT NULL,
    node_id TEXT NOT NULL, relationship_id INTEGER, lang TEXT NOT NULL, prompt TEXT NOT NULL, answer TEXT NOT NULL,
    quote TEXT NOT NULL, options TEXT, citation TEXT NOT NULL, created_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS quiz_state (
    card_id INTEGER PRIMARY KEY REFERENCES quiz_cards(id), fsrs TEXT NOT NULL, due REAL NOT NULL, state TEXT NOT NULL,
    reps INTEGER NOT NULL DEFAULT 0, lapses INTEGER NOT NULL DEFAULT 0, first_review REAL
);
CREATE TABLE IF NOT EXISTS quiz_reviews (
    id INTEGER PRIMARY KEY, card_id INTEGER NOT NULL, rating TEXT NOT NULL, reviewed_at REAL NOT NULL,
    interval_days REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS quiz_settings (key TEXT PRIMARY KEY, value TEXT);
"""


@dataclass
class QuizCard:
    id: int
    kind: str
    law_key: str
    deck: str
    node_id: str
    lang: str
    prompt: str
    answer: str
    quote: str
    options: list[str]
    citation: str
    relationship_id: int | None = None


def ensure_schema(db: sqlite_utils.Database) -> None:
    review.ensure_schema(db)
    db.conn.executescript(SCHEMA)


def _now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc)


def _deck(db: sqlite_utils.Database, node_id: str) -> str:
    """Per-law and per-chapter deck: "KonkL 13 luku", "BIA PART III — Proposals", or the law."""
    node = store.get_node(db, node_id)
    section = store.get_node(db, node.section_id) if node and node.section_id else node
    if section is None:
        return node_id.split(":")[0]
    law = db.execute("SELECT abbrev FROM laws WHERE key = ?", [section.law_key]).fetchone()
    abbrev = law[0] if law else section.law_key
    if section.lang == "fi":
        chapter = section.id.split(":")[-2]
        return f"{abbrev} {chapter} luku" if chapter != "0" else abbrev
    part = section.top_heading()
    return f"{abbrev} {part}".strip()


# --- generation ------------------------------------------------------------------------------
def _questions(row: dict) -> list[tuple[str, str, str]]:
    """(kind, prompt, answer) from one duty relationship's fields; answers are verbatim spans."""
    en = row["lang"] != "fi"
    text, actor, proc, modal = row["relationship_text"], row["actor"] or "", row["procedure"] or "", row["modal_verb"]
    out = []
    if en:
        deadline = f" {row['deadline']}" if row["deadline"] else ""
        out.append(("who", f"Who {modal} {proc}{deadline}?", text))
        out.append(("what", f"What {modal} the {actor} do{deadline}?", text))
        if row["deadline"] and is_verbatim(row["deadline"], text):
            out.append(("when", f"By when {modal} the {actor} {proc}?", row["deadline"]))
    else:
        # The subject's case follows the modal: "pesänhoitajan on tehtävä", "velkojalla on oikeus", "velkoja voi".
        subject = (extract.fi_actor_as_printed(text, actor) if modal in _FI_CASED_SUBJECT else "") or actor
        out.append(("who", f"{_FI_WHO.get(modal, 'Kuka')} {modal} {proc}?", text))
        out.append(("what", f"Mitä {subject} {_FI_WHAT_TO_DO.get(modal, modal + ' tehdä')}?", text))
        if row["deadline"] and is_verbatim(row["deadline"], text):
            out.append(("when", f"Missä ajassa {subject} {modal} {proc}?", row["deadline"]))
    return out


# Finnish modals whose subject is not nominative (genitive "X:n on tehtävä / tulee", adessive "X:llä on oikeus"),
# and how each asks "what … do": "Mitä pesänhoitajan on tehtävä?", "Mitä velallinen on velvollinen tekemään?".
_FI_CASED_SUBJECT = ("on", "tulee", "on oikeus", "ei ole oikeutta")
_FI_WHAT_TO_DO = {"on": "on tehtävä", "on velvollinen": "on velvollinen tekemään"}
_FI_WHO = {"on": "Kenen", "tulee": "Kenen", "on oikeus": "Kenellä", "ei ole oikeutta": "Kenellä"}


def _clozes(text: str, row: dict) -> list[tuple[str, str]]:
    """(kind, span) to blank out of the sentence: deadline, amount, actor (as printed) and modal."""
    spans = []
    if row["deadline"] and is_verbatim(row["deadline"], text):
        spans.append(("cloze", row["deadline"]))
    for m in patterns.AMOUNT.finditer(text):
        if len(m.group(0).strip()) > 2:
            spans.append(("cloze", m.group(0).strip()))
            break
    modal_pat = patterns.whole_word(row['modal_verb']) if row["modal_verb"] not in ("on",) else None
    if modal_pat and modal_pat.search(text):
        spans.append(("modal", modal_pat.search(text).group(0)))
    return spans


def _modal_options(modal: str, lang: str) -> list[str]:
    if lang == "fi":
        return ["on velvollinen", "saa"] if modal not in ("ei saa", "ei voi") else ["saa", "ei saa"]
    return ["shall", "may"] if modal in ("shall", "may", "must") else ["shall not", "may"]


def _distractors(db: sqlite_utils.Database, node_id: str, quote: str, n: int = 3) -> list[str]:
    """Citations of nearby provisions of the same law that do not say the quoted words (so never the
    provision itself, its section or its parts)."""
    node = store.get_node(db, node_id)
    rows = list(db.query(
        "SELECT citation, text FROM nodes WHERE law_key = ? AND kind IN ('MOMENT','SECTION') AND repealed = 0 "
        "AND text != '' AND id != ? ORDER BY abs(ordinal - ?), id LIMIT 40", [node.law_key, node_id, node.ordinal]))
    out = []
    for r in rows:
        if quote not in r["text"] and r["text"] not in node.text and r["citation"] != node.citation \
                and r["citation"] not in out:
            out.append(r["citation"])
        if len(out) == n:
            break
    return out


def _insert(conn, kind: str, node, rel_id: int | None, deck: str, prompt: str, answer: str, quote: str,
            options: list[str] | None, citation: str) -> bool:
    if not is_verbatim(quote, node.text):
        return False  # every quote shown must be the statute's own words
    if kind not in ("which",) and not is_verbatim(answer, node.text):
        return False
    key = hashlib.sha256(json.dumps([kind, node.id, prompt, answer], ensure_ascii=False).encode()).hexdigest()[:32]
    exists = conn.execute("SELECT 1 FROM quiz_cards WHERE card_key = ?", (key,)).fetchone() is not None
    if not exists and rel_id is not None:
        # The same card with a prompt an earlier version worded differently: reword it, keep its id and schedule.
        exists = conn.execute(
            "UPDATE quiz_cards SET card_key = ?, prompt = ? WHERE id = (SELECT max(id) FROM quiz_cards WHERE kind = ? "
            "AND node_id = ? AND relationship_id = ? AND answer = ?)", (key, prompt, kind, node.id, rel_id, answer)
        ).rowcount > 0
    # A rerun keeps the card (its id and schedule) but refreshes what is derived: options, deck, citation.
    conn.execute(
        "INSERT INTO quiz_cards (card_key, kind, law_key, deck, node_id, relationship_id, lang, prompt, answer, "
        "quote, options, citation, created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?) ON CONFLICT(card_key) DO UPDATE SET "
        "options = excluded.options, deck = excluded.deck, citation = excluded.citation, quote = excluded.quote",
        (key, kind, node.law_key, deck, node.id, rel_id, node.lang, prompt, answer, quote,
         json.dumps(options, ensure_ascii=False) if options else None, citation, _now().timestamp()))
    return not exists


def generate(db: sqlite_utils.Database) -> dict[str, int]:
    """Cards from approved relationships and their provisions. Idempotent."""
    ensure_schema(db)
    created = 0
    rows = review.query(db, status="approved", limit=1_000_000)
    nodes = store.get_nodes(db, sorted({r["node_id"] for r in rows}))
    with transaction(db) as conn:
        for row in rows:
            node = nodes.get(row["node_id"])
            if node is None:
                continue
            deck, text = _deck(db, node.id), row["relationship_text"]
            for kind, prompt, answer in _questions(row):
                created += _insert(conn, kind, node, row["id"], deck, prompt, answer, text, None, node.citation)
            for kind, span in _clozes(text, row):
                prompt = text.replace(span, BLANK, 1)
                options = _modal_options(row["modal_verb"], node.lang) if kind == "modal" else None
                if options and span.lower() not in [o.lower() for o in options]:
                    options = sorted(set(options + [span]))
                created += _insert(conn, kind, node, row["id"], deck, prompt, span, text, options, node.citation)
            distractors = _distractors(db, node.id, text)
            if len(distractors) == 3:
                options = sorted(distractors + [node.citation])
                prompt = ("Which provision says this?" if node.lang != "fi" else "Mikä säännös sanoo näin?")
                created += _insert(conn, "which", node, row["id"], deck, prompt, node.citation, text, options,
                                   node.citation)
    return {"created": created, "cards": db.execute("SELECT COUNT(*) FROM quiz_cards").fetchone()[0]}


# --- scheduling ------------------------------------------------------------------------------
def _card(row: dict) -> QuizCard:
    return QuizCard(row["id"], row["kind"], row["law_key"], row["deck"], row["node_id"], row["lang"], row["prompt"],
                    row["answer"], row["quote"], json.loads(row["options"]) if row["options"] else [], row["citation"],
                    row["relationship_id"])


def get_setting(db, key: str, default: str | None = None) -> str | None:
    ensure_schema(db)
    row = db.execute("SELECT value FROM quiz_settings WHERE key = ?", [key]).fetchone()
    return row[0] if row else default


def set_setting(db, key: str, value: str | None) -> None:
    ensure_schema(db)
    with transaction(db) as conn:
        conn.execute("INSERT OR REPLACE INTO quiz_settings (key, value) VALUES (?, ?)", (key, value))


def decks(db) -> list[str]:
    ensure_schema(db)
    return [r[0] for r in db.execute("SELECT DISTINCT deck FROM quiz_cards ORDER BY deck").fetchall()]


def due_queue(db: sqlite_utils.Database, deck: str | None = None, law: str | None = None, now: dt.datetime | None = None,
              new_per_day: int | None = None, limit: int = 50) -> list[QuizCard]:
    """Cards due now (learning and review) first, then new cards up to today's limit."""
    ensure_schema(db)
    now = now or _now()
    new_per_day = int(get_setting(db, "new_per_day", str(DEFAULT_NEW_PER_DAY))) if new_per_day is None else new_per_day
    where, args = [], []
    if deck:
        where.append("c.deck = ?")
        args.append(deck)
    if law:
        where.append("c.law_key = ?")
        args.append(law)
    filt = (" AND " + " AND ".join(where)) if where else ""
    due = [dict(r) for r in db.query(
        f"SELECT c.* FROM quiz_cards c JOIN quiz_state s ON s.card_id = c.id WHERE s.due <= ?{filt} "
        "ORDER BY s.due, c.id LIMIT ?", [now.timestamp()] + args + [limit])]
    start_of_day = now.replace(hour=0, minute=0, second=0, microsecond=0).timestamp()
    started_today = db.execute("SELECT COUNT(*) FROM quiz_state WHERE first_review >= ?", [start_of_day]).fetchone()[0]
    room = max(0, new_per_day - started_today)
    new = [dict(r) for r in db.query(
        f"SELECT c.* FROM quiz_cards c LEFT JOIN quiz_state s ON s.card_id = c.id WHERE s.card_id IS NULL{filt} "
        "ORDER BY c.deck, c.node_id, c.id LIMIT ?", args + [min(room, limit)])]
    return [_card(r) for r in due + new][:limit]


def rate(db: sqlite_utils.Database, card_id: int, rating: str, now: dt.datetime | None = None) -> dict:
    """Record a rating (again / hard / good / easy); returns the new due time and interval."""
    ensure_schema(db)
    if rating not in RATINGS:
        raise ValueError(f"rating must be one of {', '.join(RATINGS)}")
    now = now or _now()
    row = db.execute("SELECT fsrs, reps, lapses, first_review FROM quiz_state WHERE card_id = ?", [card_id]).fetchone()
    updated = _scheduled(row, card_id, rating, now)
    interval = (updated.due - now).total_seconds() / 86400
    with transaction(db) as conn:
        conn.execute("INSERT OR REPLACE INTO quiz_state (card_id, fsrs, due, state, reps, lapses, first_review) "
                     "VALUES (?,?,?,?,?,?,?)",
                     (card_id, json.dumps(updated.to_dict()), updated.due.timestamp(), State(updated.state).name,
                      (row[1] if row else 0) + 1, (row[2] if row else 0) + (rating == "again"),
                      row[3] if row and row[3] else now.timestamp()))
        conn.execute("INSERT INTO quiz_reviews (card_id, rating, reviewed_at, interval_days) VALUES (?,?,?,?)",
                     (card_id, rating, now.timestamp(), interval))
    return {"due": updated.due, "interval_days": interval, "state": State(updated.state).name}


def _scheduled(state_row, card_id: int, rating: str, now: dt.datetime) -> Card:
    card = Card.from_dict(json.loads(state_row[0])) if state_row else Card(card_id=card_id)
    # No interval fuzzing: the rating buttons show the interval each rating gives, so it must be the one stored.
    return Scheduler(enable_fuzzing=False).review_card(card, RATINGS[rating], review_datetime=now)[0]


def next_intervals(db: sqlite_utils.Database, card_id: int, now: dt.datetime | None = None) -> dict[str, float]:
    """Days until the card is due again after each rating — shown on the rating buttons, nothing stored."""
    ensure_schema(db)
    now = now or _now()
    row = db.execute("SELECT fsrs FROM quiz_state WHERE card_id = ?", [card_id]).fetchone()
    return {rating: (_scheduled(row, card_id, rating, now).due - now).total_seconds() / 86400 for rating in RATINGS}


def check_typed(card: QuizCard, typed: str) -> bool:
    """A typed cloze answer, compared with case and whitespace normalised."""
    return fold(typed).casefold() == fold(card.answer).casefold()


# --- progress --------------------------------------------------------------------------------
def stats(db) -> list[dict]:
    ensure_schema(db)
    return list(db.query("SELECT law_key, kind, COUNT(*) AS n FROM quiz_cards GROUP BY law_key, kind ORDER BY law_key, kind"))


def progress(db) -> dict[str, list[dict]]:
    ensure_schema(db)
    return {
        "per_day": list(db.query("SELECT date(reviewed_at, 'unixepoch', 'localtime') AS day, rating, COUNT(*) AS n "
                                 "FROM quiz_reviews GROUP BY day, rating ORDER BY day")),
        "retention": list(db.query("SELECT date(reviewed_at, 'unixepoch', 'localtime') AS day, "
                                   "ROUND(AVG(rating != 'again'), 3) AS retention, COUNT(*) AS n FROM quiz_reviews "
                                   "GROUP BY day ORDER BY day")),
        "states": list(db.query("SELECT COALESCE(s.state, 'New') AS state, COUNT(*) AS n FROM quiz_cards c "
                                "LEFT JOIN quiz_state s ON s.card_id = c.id GROUP BY 1 ORDER BY 1")),
        "weakest": list(db.query("SELECT c.citation, COUNT(*) AS reviews, SUM(r.rating = 'again') AS again, "
                                 "ROUND(AVG(r.rating != 'again'), 3) AS retention FROM quiz_reviews r "
                                 "JOIN quiz_cards c ON c.id = r.card_id GROUP BY c.citation HAVING again > 0 "
                                 "ORDER BY retention, again DESC LIMIT 10")),
    }


def reviews_before_exam(db, exam: dt.date, now: dt.datetime | None = None) -> int:
    """Reviews scheduled before the exam date plus the new cards the daily limit lets in until then."""
    ensure_schema(db)
    now = now or _now()
    end = dt.datetime.combine(exam, dt.time(23, 59), tzinfo=dt.timezone.utc).timestamp()
    scheduled = db.execute("SELECT COUNT(*) FROM quiz_state WHERE due <= ?", [end]).fetchone()[0]
    unseen = db.execute("SELECT COUNT(*) FROM quiz_cards c LEFT JOIN quiz_state s ON s.card_id = c.id "
                        "WHERE s.card_id IS NULL").fetchone()[0]
    days = max(0, (exam - now.date()).days + 1)
    return scheduled + min(unseen, days * int(get_setting(db, "new_per_day", str(DEFAULT_NEW_PER_DAY))))
