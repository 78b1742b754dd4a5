"""SQLite store (sqlite-utils): laws, nodes, edges, unresolved references, build metadata.

A law is always written in one explicit transaction (BEGIN IMMEDIATE … COMMIT): a crash or
kill at any moment leaves the previous rows of every law intact, and readers keep working
(WAL mode).
"""
from __future__ import annotations

import json
import sqlite3
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import sqlite_utils

from core.config import db_path
from core.model import Edge, LawInfo, Node, UnresolvedRef

NODE_COLUMNS = ["id", "law_key", "kind", "label", "citation", "parent_id", "ordinal", "lang", "text", "heading",
                "trail", "section_id", "start", "end", "repealed", "term", "depth"]
EDGE_COLUMNS = ["source", "type", "target", "law_key", "evidence", "start", "end"]
UNRESOLVED_COLUMNS = ["source", "law_key", "evidence", "start", "end", "reason"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS laws (
    key TEXT PRIMARY KEY, abbrev TEXT NOT NULL, title TEXT NOT NULL, lang TEXT NOT NULL, format TEXT NOT NULL,
    file TEXT, version TEXT, licence TEXT, aliases TEXT, bundled INTEGER NOT NULL DEFAULT 1,
    content_hash TEXT, parser_version TEXT, built_at REAL
);
CREATE TABLE IF NOT EXISTS nodes (
    id TEXT PRIMARY KEY, law_key TEXT NOT NULL, kind TEXT NOT NULL, label TEXT, citation TEXT, parent_id TEXT,
    ordinal INTEGER, lang TEXT, text TEXT, heading TEXT, trail TEXT, section_id TEXT, start INTEGER, "end" INTEGER,
    repealed INTEGER NOT NULL DEFAULT 0, term TEXT, depth INTEGER
);
CREATE INDEX IF NOT EXISTS idx_nodes_law ON nodes(law_key, ordinal);
CREATE INDEX IF NOT EXISTS idx_nodes_parent ON nodes(parent_id);
CREATE INDEX IF NOT EXISTS idx_nodes_citation ON nodes(citation);
CREATE TABLE IF NOT EXISTS edges (
    source TEXT NOT NULL, type TEXT NOT NULL, target TEXT NOT NULL, law_key TEXT NOT NULL,
    evidence TEXT, start INTEGER, "end" INTEGER, PRIMARY KEY (source, type, target)
);
CREATE INDEX IF NOT EXISTS idx_edges_target ON edges(target, type);
CREATE INDEX IF NOT EXISTS idx_edges_law ON edges(law_key);
CREATE TABLE IF NOT EXISTS unresolved (
    source TEXT NOT NULL, law_key TEXT NOT NULL, evidence TEXT, start INTEGER, "end" INTEGER, reason TEXT
);
CREATE INDEX IF NOT EXISTS idx_unresolved_law ON unresolved(law_key);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT);
"""


def connect(path: Path | str | None = None) -> sqlite_utils.Database:
    """Open (and create if needed) the database, in WAL mode with autocommit transactions."""
    path = Path(path) if path else db_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(str(path), timeout=30, isolation_level=None, check_same_thread=False)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute("PRAGMA busy_timeout=30000")
    db = sqlite_utils.Database(conn)
    conn.executescript(SCHEMA)
    return db


@contextmanager
def transaction(db: sqlite_utils.Database) -> Iterator[sqlite3.Connection]:
    """One explicit write transaction; rolled back on any exception."""
    conn = db.conn
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def _rows(items, columns):
    return [tuple(int(v) if isinstance(v, bool) else v for v in (getattr(i, c) for c in columns)) for i in items]


def replace_law(db: sqlite_utils.Database, info: LawInfo, nodes: list[Node], edges: list[Edge],
                unresolved: list[UnresolvedRef], content_hash: str, parser_version: str) -> None:
    """Replace everything of one law atomically."""
    cols = ", ".join(f'"{c}"' for c in NODE_COLUMNS)
    with transaction(db) as conn:
        _delete_law_rows(conn, info.key)
        conn.execute(
            "INSERT INTO laws (key, abbrev, title, lang, format, file, version, licence, aliases, bundled, "
            "content_hash, parser_version, built_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (info.key, info.abbrev, info.title, info.lang, info.format, info.file, info.version, info.licence,
             json.dumps(info.aliases, ensure_ascii=False), int(info.bundled), content_hash, parser_version,
             time.time()),
        )
        conn.executemany(f"INSERT INTO nodes ({cols}) VALUES ({','.join('?' * len(NODE_COLUMNS))})",
                         _rows(nodes, NODE_COLUMNS))
        conn.executemany('INSERT OR IGNORE INTO edges (source, type, target, law_key, evidence, start, "end") '
                         "VALUES (?,?,?,?,?,?,?)", _rows(edges, EDGE_COLUMNS))
        conn.executemany('INSERT INTO unresolved (source, law_key, evidence, start, "end", reason) '
                         "VALUES (?,?,?,?,?,?)", _rows(unresolved, UNRESOLVED_COLUMNS))


def update_law_info(db: sqlite_utils.Database, info: LawInfo) -> None:
    """Refresh a stored law's description (title, version, licence, aliases) without touching its provisions."""
    with transaction(db) as conn:
        conn.execute("UPDATE laws SET abbrev = ?, title = ?, version = ?, licence = ?, aliases = ? WHERE key = ?",
                     (info.abbrev, info.title, info.version, info.licence,
                      json.dumps(info.aliases, ensure_ascii=False), info.key))


def _delete_law_rows(conn: sqlite3.Connection, key: str) -> None:
    conn.execute("DELETE FROM edges WHERE law_key = ?", (key,))
    conn.execute("DELETE FROM unresolved WHERE law_key = ?", (key,))
    conn.execute("DELETE FROM nodes WHERE law_key = ?", (key,))
    conn.execute("DELETE FROM laws WHERE key = ?", (key,))


def delete_law(db: sqlite_utils.Database, key: str) -> None:
    with transaction(db) as conn:
        _delete_law_rows(conn, key)
        conn.execute("DELETE FROM edges WHERE target = ? OR target LIKE ?", (key, key + ":%"))


def set_meta(db: sqlite_utils.Database, key: str, value: str) -> None:
    with transaction(db) as conn:
        conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))


# --- reads ------------------------------------------------------------------------------------
def _node(row: dict) -> Node:
    row = dict(row)
    row["repealed"] = bool(row["repealed"])
    return Node(**{k: row[k] for k in NODE_COLUMNS})


def laws(db: sqlite_utils.Database) -> list[dict]:
    return list(db.query("SELECT * FROM laws ORDER BY bundled DESC, rowid"))


def law_info(row: dict) -> LawInfo:
    return LawInfo(key=row["key"], abbrev=row["abbrev"], title=row["title"], lang=row["lang"], format=row["format"],
                   file=row["file"] or "", version=row["version"] or "", licence=row["licence"] or "",
                   aliases=json.loads(row["aliases"] or "[]"), bundled=bool(row["bundled"]))


def get_node(db: sqlite_utils.Database, node_id: str) -> Node | None:
    rows = list(db.query("SELECT * FROM nodes WHERE id = ?", [node_id]))
    return _node(rows[0]) if rows else None


def get_nodes(db: sqlite_utils.Database, node_ids: list[str]) -> dict[str, Node]:
    out: dict[str, Node] = {}
    for i in range(0, len(node_ids), 500):
        chunk = node_ids[i:i + 500]
        q = f"SELECT * FROM nodes WHERE id IN ({','.join('?' * len(chunk))})"
        out.update({r["id"]: _node(r) for r in db.query(q, chunk)})
    return out


def headings(db: sqlite_utils.Database, nodes: list[Node]) -> dict[str, str]:
    """The heading each provision is shown under: its own marginal note, or, for a subsection or paragraph that
    has none (a section's first subsection, a Finnish momentti, a paragraph), the nearest enclosing provision's up
    to its section — BIA 66.24(2)(b) is under 66.24(2)'s "Refusal to approve the consumer proposal"."""
    def inherits(n: Node) -> bool:
        return not n.heading and n.kind in ("MOMENT", "PARAGRAPH") and bool(n.parent_id)

    out = {n.id: n.heading for n in nodes}
    climbing = {n.id: n for n in nodes if inherits(n)}  # node id → the enclosing provision reached so far
    while climbing:
        parents = get_nodes(db, sorted({n.parent_id for n in climbing.values()}))
        still = {}
        for node_id, below in climbing.items():
            parent = parents.get(below.parent_id)
            if parent is None:
                continue
            if not inherits(parent):  # it has a heading, or is the section (or above)
                out[node_id] = parent.heading
            else:
                still[node_id] = parent
        climbing = still
    return out


def heading(db: sqlite_utils.Database, node: Node | None) -> str:
    """One provision's heading as `headings` gives it; "" for no provision."""
    return headings(db, [node])[node.id] if node is not None else ""


def nodes_containing(db: sqlite_utils.Database, words: str, lang: str) -> list[Node]:
    """The live nodes of a language whose text contains `words` exactly, in each law's order."""
    return [_node(r) for r in db.query(
        "SELECT * FROM nodes WHERE lang = ? AND repealed = 0 AND instr(text, ?) > 0 ORDER BY law_key, ordinal",
        [lang, words])]


def law_nodes(db: sqlite_utils.Database, law_key: str) -> list[Node]:
    return [_node(r) for r in db.query("SELECT * FROM nodes WHERE law_key = ? ORDER BY ordinal", [law_key])]


STRUCTURAL_KINDS = ("CHAPTER", "SECTION", "MOMENT", "PARAGRAPH")


def children(db: sqlite_utils.Database, parent_id: str) -> list[Node]:
    """The structural parts of a node (definitions and DUTY nodes hang off provisions but are not parts)."""
    return [_node(r) for r in db.query(
        f"SELECT * FROM nodes WHERE parent_id = ? AND kind IN ({','.join('?' * len(STRUCTURAL_KINDS))}) ORDER BY ordinal",
        [parent_id, *STRUCTURAL_KINDS])]


def edges_from(db: sqlite_utils.Database, node_id: str) -> list[Edge]:
    return [Edge(**{k: r[k] for k in EDGE_COLUMNS}) for r in db.query("SELECT * FROM edges WHERE source = ?", [node_id])]


def edges_to(db: sqlite_utils.Database, node_id: str) -> list[Edge]:
    return [Edge(**{k: r[k] for k in EDGE_COLUMNS}) for r in db.query("SELECT * FROM edges WHERE target = ?", [node_id])]


def all_edges(db: sqlite_utils.Database, law_key: str | None = None) -> list[Edge]:
    q, args = ("SELECT * FROM edges WHERE law_key = ?", [law_key]) if law_key else ("SELECT * FROM edges", [])
    return [Edge(**{k: r[k] for k in EDGE_COLUMNS}) for r in db.query(q, args)]


def unresolved_refs(db: sqlite_utils.Database, law_key: str | None = None) -> list[UnresolvedRef]:
    q, args = ("SELECT * FROM unresolved WHERE law_key = ?", [law_key]) if law_key else ("SELECT * FROM unresolved", [])
    return [UnresolvedRef(**{k: r[k] for k in UNRESOLVED_COLUMNS}) for r in db.query(q, args)]


def node_by_citation(db: sqlite_utils.Database, citation: str) -> Node | None:
    rows = list(db.query("SELECT * FROM nodes WHERE citation = ? COLLATE NOCASE AND kind != 'DEFINITION' LIMIT 1",
                         [citation]))
    return _node(rows[0]) if rows else None


def stats(db: sqlite_utils.Database) -> dict:
    return {
        "nodes": [dict(r) for r in db.query(
            "SELECT law_key, kind, COUNT(*) AS n FROM nodes GROUP BY law_key, kind ORDER BY law_key, kind")],
        "edges": [dict(r) for r in db.query(
            "SELECT law_key, type, COUNT(*) AS n FROM edges GROUP BY law_key, type ORDER BY law_key, type")],
        "unresolved": [dict(r) for r in db.query(
            "SELECT law_key, reason, COUNT(*) AS n FROM unresolved GROUP BY law_key, reason ORDER BY n DESC")],
    }


def law_summaries(db: sqlite_utils.Database) -> list[dict]:
    """Each stored law with its node and edge counts, for the home and Library pages."""
    return list(db.query(
        "SELECT l.key, l.abbrev, l.title, l.lang, l.version, l.licence, l.bundled, l.built_at, "
        "(SELECT COUNT(*) FROM nodes n WHERE n.law_key = l.key) AS nodes, "
        "(SELECT COUNT(*) FROM nodes n WHERE n.law_key = l.key AND n.kind = 'SECTION') AS sections, "
        "(SELECT COUNT(*) FROM edges e WHERE e.law_key = l.key) AS edges "
        "FROM laws l ORDER BY l.bundled DESC, l.rowid"))
