"""Review: duty relationships in SQLite — the one gate every writer passes, and the reviewer's actions.

`store_relationship` is the only way a relationship gets stored: it rejects (and logs why) any
relationship whose `relationship_text` is not an exact substring of its node's text, or whose type
or modal is unknown. Reviewer actions use optimistic concurrency on `version`: a save based on a
stale version raises `ConflictError` and changes nothing. Every action is in the audit log (who,
when, before, after) and the last action of a reviewer can be undone. Only approved relationships
become DUTY edges and quiz material. All queries bind parameters; user text never builds SQL.
"""
from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass, field

import sqlite_utils

from core import store
from core.store import transaction
from core.text import is_verbatim

log = logging.getLogger("normipolku.review")

DUTY_TYPES = ("mandatory", "discretionary", "prohibited")
STATUSES = ("pending", "approved", "rejected")
MODALS = ("shall", "shall not", "must", "must not", "may", "may not", "is required to", "is not entitled to",
          "is entitled to", "is the duty of", "on", "tulee", "saa", "ei saa", "voi", "ei voi", "on velvollinen",
          "on oikeus", "ei ole oikeutta")

SCHEMA = """
CREATE TABLE IF NOT EXISTS actors (id INTEGER PRIMARY KEY, name TEXT NOT NULL, lang TEXT NOT NULL, UNIQUE(name, lang));
CREATE TABLE IF NOT EXISTS procedures (id INTEGER PRIMARY KEY, name TEXT NOT NULL, lang TEXT NOT NULL, UNIQUE(name, lang));
CREATE TABLE IF NOT EXISTS deadlines (id INTEGER PRIMARY KEY, text TEXT NOT NULL, amount REAL, unit TEXT,
                                      lang TEXT NOT NULL, UNIQUE(text, lang));
CREATE TABLE IF NOT EXISTS consequences (id INTEGER PRIMARY KEY, text TEXT NOT NULL, lang TEXT NOT NULL, UNIQUE(text, lang));
CREATE TABLE IF NOT EXISTS duty_relationships (
    id INTEGER PRIMARY KEY,
    actor_id INTEGER REFERENCES actors(id), procedure_id INTEGER REFERENCES procedures(id),
    deadline_id INTEGER REFERENCES deadlines(id), consequence_id INTEGER REFERENCES consequences(id),
    relationship_text TEXT NOT NULL, node_id TEXT NOT NULL, section_label TEXT, law_key TEXT, lang TEXT,
    duty_type TEXT NOT NULL CHECK (duty_type IN ('mandatory','discretionary','prohibited')),
    modal_verb TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','approved','rejected')),
    extractor TEXT NOT NULL, confidence REAL NOT NULL DEFAULT 0.5, reject_reason TEXT,
    version INTEGER NOT NULL DEFAULT 1, created_at REAL NOT NULL, updated_at REAL NOT NULL,
    dedup_key TEXT NOT NULL UNIQUE
);
CREATE INDEX IF NOT EXISTS idx_duty_node ON duty_relationships(node_id);
CREATE INDEX IF NOT EXISTS idx_duty_status ON duty_relationships(status);
CREATE TABLE IF NOT EXISTS duty_audit (
    id INTEGER PRIMARY KEY, relationship_id INTEGER NOT NULL, reviewer TEXT NOT NULL, action TEXT NOT NULL,
    before TEXT, after TEXT, at REAL NOT NULL, undone INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS extraction_rejections (
    id INTEGER PRIMARY KEY, node_id TEXT, extractor TEXT, reason TEXT NOT NULL, at REAL NOT NULL
);
CREATE VIEW IF NOT EXISTS v_complete_duties AS
SELECT d.id, d.node_id, d.section_label, d.law_key, d.lang, d.relationship_text, d.duty_type, d.modal_verb, d.status,
       d.extractor, d.confidence, d.version, a.name AS actor, p.name AS procedure, dl.text AS deadline,
       dl.amount AS deadline_amount, dl.unit AS deadline_unit, c.text AS consequence
FROM duty_relationships d
LEFT JOIN actors a ON a.id = d.actor_id
LEFT JOIN procedures p ON p.id = d.procedure_id
LEFT JOIN deadlines dl ON dl.id = d.deadline_id
LEFT JOIN consequences c ON c.id = d.consequence_id;
"""

EDITABLE = ("actor", "procedure", "deadline", "consequence", "modal_verb", "duty_type", "relationship_text")


class ConflictError(RuntimeError):
    """Someone else saved this relationship first; reload and apply your change again."""


class RejectedRelationship(ValueError):
    """A relationship that cannot be stored (the reason says why)."""


@dataclass
class DutyCandidate:
    """What an extractor proposes. `relationship_text` must be an exact substring of the node's text."""
    node_id: str
    relationship_text: str
    actor: str
    procedure: str
    modal_verb: str
    duty_type: str
    extractor: str
    deadline: str = ""
    deadline_amount: float | None = None
    deadline_unit: str = ""
    consequence: str = ""
    confidence: float = 0.5
    extra: dict = field(default_factory=dict)


def ensure_schema(db: sqlite_utils.Database) -> None:
    db.conn.executescript(SCHEMA)


def _entity(conn, table: str, name: str, lang: str, extra: dict | None = None) -> int | None:
    name = (name or "").strip()
    if not name:
        return None
    column = "text" if table in ("deadlines", "consequences") else "name"
    row = conn.execute(f"SELECT id FROM {table} WHERE {column} = ? AND lang = ?", (name, lang)).fetchone()
    if row:
        return row[0]
    cols, vals = [column, "lang"], [name, lang]
    for k, v in (extra or {}).items():
        cols.append(k)
        vals.append(v)
    cur = conn.execute(f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})", vals)
    return cur.lastrowid


def _reject(db: sqlite_utils.Database, node_id: str, extractor: str, reason: str) -> None:
    log.warning("relationship rejected for %s (%s): %s", node_id, extractor, reason)
    with transaction(db) as conn:
        conn.execute("INSERT INTO extraction_rejections (node_id, extractor, reason, at) VALUES (?,?,?,?)",
                     (node_id, extractor, reason, time.time()))
    raise RejectedRelationship(reason)


def validate(db: sqlite_utils.Database, cand: DutyCandidate) -> None:
    """Raise RejectedRelationship (and log it) unless the candidate may be stored."""
    node = store.get_node(db, cand.node_id)
    if node is None:
        _reject(db, cand.node_id, cand.extractor, f"unknown node {cand.node_id}")
    if not cand.relationship_text or not is_verbatim(cand.relationship_text, node.text):
        _reject(db, cand.node_id, cand.extractor, "relationship_text is not an exact substring of the provision")
    if cand.duty_type not in DUTY_TYPES:
        _reject(db, cand.node_id, cand.extractor, f"unknown duty type {cand.duty_type!r}")
    if cand.modal_verb not in MODALS:
        _reject(db, cand.node_id, cand.extractor, f"unknown modal verb {cand.modal_verb!r}")
    if not cand.actor.strip() or not cand.procedure.strip():
        _reject(db, cand.node_id, cand.extractor, "actor and procedure are required")


def store_relationship(db: sqlite_utils.Database, cand: DutyCandidate) -> tuple[int, bool]:
    """The one gate: validate, then insert (or find the same relationship). Returns (id, created)."""
    ensure_schema(db)
    validate(db, cand)
    node = store.get_node(db, cand.node_id)
    dedup = json.dumps([cand.node_id, cand.relationship_text, cand.modal_verb, cand.deadline], ensure_ascii=False)
    now = time.time()
    lang = node.lang
    with transaction(db) as conn:
        row = conn.execute("SELECT id FROM duty_relationships WHERE dedup_key = ?", (dedup,)).fetchone()
        if row:
            # What no reviewer has touched follows the extractor's latest reading (a better cut procedure, actor).
            if conn.execute(f"SELECT 1 FROM duty_relationships WHERE id = ? AND extractor = ? AND {UNTOUCHED}",
                            (row[0], cand.extractor)).fetchone():
                conn.execute("UPDATE duty_relationships SET actor_id = ?, procedure_id = ?, deadline_id = ?, "
                             "consequence_id = ?, duty_type = ?, confidence = ? WHERE id = ?",
                             (*_entities(conn, cand, lang), cand.duty_type, float(cand.confidence), row[0]))
            return row[0], False
        cur = conn.execute(
            "INSERT INTO duty_relationships (actor_id, procedure_id, deadline_id, consequence_id, relationship_text, "
            "node_id, section_label, law_key, lang, duty_type, modal_verb, status, extractor, confidence, version, "
            "created_at, updated_at, dedup_key) VALUES (?,?,?,?,?,?,?,?,?,?,?,'pending',?,?,1,?,?,?)",
            (*_entities(conn, cand, lang), cand.relationship_text, cand.node_id, node.citation, node.law_key, lang,
             cand.duty_type, cand.modal_verb, cand.extractor, float(cand.confidence), now, now, dedup))
        return cur.lastrowid, True


def _entities(conn, cand: DutyCandidate, lang: str) -> tuple[int | None, ...]:
    """The ids of the candidate's actor, procedure, deadline and consequence (each found or created)."""
    return (_entity(conn, "actors", cand.actor, lang), _entity(conn, "procedures", cand.procedure, lang),
            _entity(conn, "deadlines", cand.deadline, lang, {"amount": cand.deadline_amount, "unit": cand.deadline_unit}),
            _entity(conn, "consequences", cand.consequence, lang))


# A relationship no reviewer has touched: still pending, never edited, nothing in its audit log.
UNTOUCHED = ("status = 'pending' AND version = 1 AND NOT EXISTS "
             "(SELECT 1 FROM duty_audit a WHERE a.relationship_id = duty_relationships.id)")


def withdraw_untouched(db: sqlite_utils.Database, extractor: str, node_ids: list[str], keep: set[int]) -> int:
    """Delete the extractor's untouched relationships on these nodes that it no longer proposes (those in `keep`
    it does); a reviewer's work — approved, rejected, edited — is never withdrawn. Returns how many."""
    ensure_schema(db)
    with transaction(db) as conn:
        stale = [r[0] for r in conn.execute(
            "SELECT id FROM duty_relationships WHERE extractor = ? AND node_id IN (SELECT value FROM json_each(?)) "
            f"AND {UNTOUCHED}", (extractor, json.dumps(node_ids))) if r[0] not in keep]
        conn.executemany("DELETE FROM duty_relationships WHERE id = ?", [(i,) for i in stale])
    return len(stale)


# --- reading ---------------------------------------------------------------------------------
def get(db: sqlite_utils.Database, rel_id: int) -> dict | None:
    ensure_schema(db)
    rows = list(db.query("SELECT * FROM v_complete_duties WHERE id = ?", [rel_id]))
    return rows[0] if rows else None


def query(db: sqlite_utils.Database, *, status: str | None = None, law: str | None = None, actor: str | None = None,
          modal: str | None = None, extractor: str | None = None, min_confidence: float | None = None,
          has_deadline: bool | None = None, text: str | None = None, limit: int = 1000) -> list[dict]:
    """Filtered relationships (bound parameters only)."""
    ensure_schema(db)
    where, args = [], []
    for column, value in (("status", status), ("law_key", law), ("modal_verb", modal), ("extractor", extractor)):
        if value:
            where.append(f"{column} = ?")
            args.append(value)
    if actor:
        where.append("actor LIKE ?")
        args.append(f"%{actor}%")
    if text:
        where.append("relationship_text LIKE ?")
        args.append(f"%{text}%")
    if min_confidence is not None:
        where.append("confidence >= ?")
        args.append(min_confidence)
    if has_deadline is True:
        where.append("deadline IS NOT NULL")
    elif has_deadline is False:
        where.append("deadline IS NULL")
    sql = "SELECT * FROM v_complete_duties" + (" WHERE " + " AND ".join(where) if where else "") + \
          " ORDER BY law_key, node_id, id LIMIT ?"
    return list(db.query(sql, args + [int(limit)]))


def counts(db: sqlite_utils.Database) -> dict[str, int]:
    ensure_schema(db)
    return {r["status"]: r["n"] for r in db.query("SELECT status, COUNT(*) AS n FROM duty_relationships GROUP BY status")}


# --- reviewer actions ------------------------------------------------------------------------
def _audit(conn, rel_id: int, reviewer: str, action: str, before: dict | None, after: dict | None) -> None:
    conn.execute("INSERT INTO duty_audit (relationship_id, reviewer, action, before, after, at) VALUES (?,?,?,?,?,?)",
                 (rel_id, reviewer, action, json.dumps(before, ensure_ascii=False, default=str),
                  json.dumps(after, ensure_ascii=False, default=str), time.time()))


def _snapshot(conn, rel_id: int) -> dict:
    cur = conn.execute("SELECT * FROM v_complete_duties WHERE id = ?", (rel_id,))
    row = cur.fetchone()
    if row is None:
        raise KeyError(f"no relationship {rel_id}")
    return dict(zip([d[0] for d in cur.description], row))


def update(db: sqlite_utils.Database, rel_id: int, expected_version: int, reviewer: str, action: str,
           changes: dict) -> dict:
    """Apply a reviewer's change if nobody saved since `expected_version`; audit it; return the new row."""
    ensure_schema(db)
    if not reviewer.strip():
        raise ValueError("a reviewer name is required")
    unknown = set(changes) - set(EDITABLE) - {"status", "reject_reason"}
    if unknown:
        raise ValueError(f"not editable: {', '.join(sorted(unknown))}")
    if changes.get("status") is not None and changes["status"] not in STATUSES:
        raise ValueError(f"unknown status {changes['status']!r}")
    with transaction(db) as conn:
        before = _snapshot(conn, rel_id)
        if before["version"] != expected_version:
            raise ConflictError(f"relationship {rel_id} was changed by someone else (version {before['version']}, "
                                f"you had {expected_version}); reload it and apply your change again")
        node_text = conn.execute("SELECT text FROM nodes WHERE id = ?", (before["node_id"],)).fetchone()[0]
        sets: dict[str, object] = {}
        if "relationship_text" in changes:
            if not is_verbatim(changes["relationship_text"], node_text):
                raise RejectedRelationship("the text must be an exact span of the provision")
            sets["relationship_text"] = changes["relationship_text"]
        if "duty_type" in changes:
            if changes["duty_type"] not in DUTY_TYPES:
                raise RejectedRelationship(f"unknown duty type {changes['duty_type']!r}")
            sets["duty_type"] = changes["duty_type"]
        if "modal_verb" in changes:
            if changes["modal_verb"] not in MODALS:
                raise RejectedRelationship(f"unknown modal verb {changes['modal_verb']!r}")
            sets["modal_verb"] = changes["modal_verb"]
        lang = before["lang"]
        for key, table in (("actor", "actors"), ("procedure", "procedures"), ("deadline", "deadlines"),
                           ("consequence", "consequences")):
            if key in changes:
                sets[f"{key}_id"] = _entity(conn, table, changes[key] or "", lang)
        for key in ("status", "reject_reason"):
            if key in changes:
                sets[key] = changes[key]
        sets["version"] = before["version"] + 1
        sets["updated_at"] = time.time()
        conn.execute(f"UPDATE duty_relationships SET {', '.join(f'{k} = ?' for k in sets)} WHERE id = ? AND version = ?",
                     list(sets.values()) + [rel_id, expected_version])
        after = _snapshot(conn, rel_id)
        _audit(conn, rel_id, reviewer, action, before, after)
    sync_duty_edges(db)
    return after


def approve(db, rel_id: int, version: int, reviewer: str) -> dict:
    return update(db, rel_id, version, reviewer, "approve", {"status": "approved", "reject_reason": None})


def reject(db, rel_id: int, version: int, reviewer: str, reason: str) -> dict:
    if not reason.strip():
        raise ValueError("give a reason for rejecting")
    return update(db, rel_id, version, reviewer, "reject", {"status": "rejected", "reject_reason": reason})


def edit(db, rel_id: int, version: int, reviewer: str, **changes) -> dict:
    return update(db, rel_id, version, reviewer, "edit", changes)


def bulk(db, rel_ids: list[int], reviewer: str, action: str, reason: str = "") -> tuple[int, list[str]]:
    """Approve or reject many at their current versions; returns (done, conflicts)."""
    done, problems = 0, []
    for rel_id in rel_ids:
        row = get(db, rel_id)
        if row is None:
            continue
        try:
            if action == "approve":
                approve(db, rel_id, row["version"], reviewer)
            else:
                reject(db, rel_id, row["version"], reviewer, reason or "rejected in bulk")
            done += 1
        except (ConflictError, RejectedRelationship) as exc:
            problems.append(f"{rel_id}: {exc}")
    return done, problems


def undo_last(db: sqlite_utils.Database, reviewer: str) -> dict | None:
    """Restore the relationship changed by this reviewer's last (not yet undone) action."""
    ensure_schema(db)
    row = db.execute("SELECT id, relationship_id, before FROM duty_audit WHERE reviewer = ? AND undone = 0 "
                     "AND action != 'undo' ORDER BY id DESC LIMIT 1", [reviewer]).fetchone()
    if row is None:
        return None
    audit_id, rel_id, before_json = row
    before = json.loads(before_json)
    current = get(db, rel_id)
    restored = update(db, rel_id, current["version"], reviewer, "undo",
                      {k: before.get(k) for k in ("actor", "procedure", "deadline", "consequence", "modal_verb",
                                                  "duty_type", "relationship_text", "status", "reject_reason")})
    with transaction(db) as conn:
        conn.execute("UPDATE duty_audit SET undone = 1 WHERE id = ?", (audit_id,))
    return restored


def audit_log(db: sqlite_utils.Database, rel_id: int | None = None) -> list[dict]:
    ensure_schema(db)
    q, args = ("SELECT * FROM duty_audit WHERE relationship_id = ? ORDER BY id", [rel_id]) if rel_id else \
        ("SELECT * FROM duty_audit ORDER BY id", [])
    return list(db.query(q, args))


def export_jsonl(db: sqlite_utils.Database) -> str:
    """Approved relationships, one JSON object a line."""
    keep = ("id", "node_id", "section_label", "law_key", "lang", "actor", "modal_verb", "duty_type", "procedure",
            "deadline", "deadline_amount", "deadline_unit", "consequence", "relationship_text", "extractor", "confidence")
    return "".join(json.dumps({k: r[k] for k in keep}, ensure_ascii=False) + "\n" for r in query(db, status="approved"))


def sync_duty_edges(db: sqlite_utils.Database) -> int:
    """Approved relationships as graph: a DUTY node per relationship (its text is the verbatim sentence)
    and a DUTY edge from the provision to it, carrying the relationship id. Rebuilt from scratch."""
    ensure_schema(db)
    rows = query(db, status="approved", limit=1_000_000)
    with transaction(db) as conn:
        conn.execute("DELETE FROM edges WHERE type = 'DUTY'")
        conn.execute("DELETE FROM nodes WHERE kind = 'DUTY'")
        for r in rows:
            node = conn.execute("SELECT text, section_id, start, citation, lang FROM nodes WHERE id = ?",
                                (r["node_id"],)).fetchone()
            if node is None:  # the law was deleted or rebuilt without this provision
                continue
            text, section_id, start, citation, lang = node
            offset = text.find(r["relationship_text"])
            if offset < 0:
                continue
            duty_id = f"{r['law_key']}:duty:{r['id']}"
            label = f"{r['actor']} {r['modal_verb']} {r['procedure']}"[:120]
            conn.execute(
                'INSERT INTO nodes (id, law_key, kind, label, citation, parent_id, ordinal, lang, text, heading, trail, '
                'section_id, start, "end", repealed, term, depth) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,0,?,0)',
                (duty_id, r["law_key"], "DUTY", label, f"{citation} — duty #{r['id']}", r["node_id"], 10**9 + r["id"],
                 lang, r["relationship_text"], label, "", section_id, start + offset,
                 start + offset + len(r["relationship_text"]), r["actor"] or ""))
            conn.execute('INSERT OR IGNORE INTO edges (source, type, target, law_key, evidence, start, "end") '
                         "VALUES (?,?,?,?,?,?,?)", (r["node_id"], "DUTY", duty_id, r["law_key"],
                                                    r["relationship_text"], offset, offset + len(r["relationship_text"])))
    return len(rows)
