"""Build: bundled statute files → parsed tree → graph → SQLite → search indexes.

A law whose file and pipeline code are unchanged (content hash) is skipped. Each law is
written in one transaction, so an interrupted build leaves every law either old or new.
"""
from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import sqlite_utils

from core import graph, ingest, store
from core.config import FI_BASES_FILE, FI_PARTICIPLE_NOUNS_FILE, LAWS_DIR
from core.model import IngestError, LawInfo, ParsedLaw

Progress = Callable[[float, str], None]
_PIPELINE_FILES = ("ingest.py", "graph.py", "patterns.py", "normalize.py", "text.py", "model.py")


def pipeline_version() -> str:
    """A hash of the code that decides nodes and edges: changing it rebuilds every law."""
    h = hashlib.sha256()
    for name in _PIPELINE_FILES:
        h.update((Path(__file__).parent / name).read_bytes())
    for word_list in (FI_BASES_FILE, FI_PARTICIPLE_NOUNS_FILE):  # Finnish readings depend on them (normalize)
        if word_list.exists():
            h.update(word_list.read_bytes())
    return h.hexdigest()[:16]


@dataclass
class BuildReport:
    built: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)
    indexed: dict[str, list[str]] = field(default_factory=dict)  # index.build_indexes' report: what was (re)built


def _noop(fraction: float, message: str) -> None:
    pass


def corpus_from_db(db: sqlite_utils.Database, replacing: dict[str, ParsedLaw]) -> graph.Corpus:
    """Indexes of every stored law, with `replacing` standing in for the laws being rebuilt."""
    laws: dict[str, graph.LawIndex] = {}
    for row in store.laws(db):
        if row["key"] not in replacing:
            laws[row["key"]] = graph.LawIndex.from_nodes(store.law_info(row), store.law_nodes(db, row["key"]))
    for key, parsed in replacing.items():
        laws[key] = graph.LawIndex.from_nodes(parsed.info, parsed.nodes)
    return graph.Corpus(laws)


def build_all(db: sqlite_utils.Database, progress: Progress = _noop, force: bool = False,
              laws_dir: Path = LAWS_DIR, with_index: bool = True) -> BuildReport:
    """Build every bundled law (skipping unchanged ones), then the search indexes."""
    report = BuildReport()
    version = pipeline_version()
    stored = {row["key"]: row for row in store.laws(db)}
    todo: dict[str, tuple[ParsedLaw, str]] = {}
    entries = list(ingest.iter_bundled(laws_dir))
    t0 = time.perf_counter()
    for i, (info, path) in enumerate(entries):
        progress(0.3 * i / max(1, len(entries)), f"Parsing {info.abbrev}")
        data = path.read_bytes()
        digest = ingest.content_hash(data)
        row = stored.get(info.key)
        if not force and row and row["content_hash"] == digest and row["parser_version"] == version:
            if store.law_info(row) != info:  # laws.json changed (a new alias): its provisions did not
                store.update_law_info(db, info)
            report.skipped.append(info.key)
            continue
        try:
            todo[info.key] = (ingest.parse_bytes(data, path.name, info), digest)
        except IngestError as exc:
            report.errors.append(str(exc))
    report.seconds["parse"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    if todo:
        corpus = corpus_from_db(db, {k: v[0] for k, v in todo.items()})
        for i, (key, (parsed, digest)) in enumerate(todo.items()):
            progress(0.3 + 0.3 * i / len(todo), f"Graphing and storing {parsed.info.abbrev}")
            result = graph.build_graph(parsed, corpus)
            store.replace_law(db, parsed.info, parsed.nodes + result.nodes, result.edges, result.unresolved,
                              digest, version)
            report.built.append(key)
    report.seconds["graph_store"] = time.perf_counter() - t0
    if report.built:
        from core import review  # noqa: PLC0415

        review.sync_duty_edges(db)  # a rebuilt law lost its DUTY nodes: restore them from approved relationships
    if with_index:
        from core import index  # noqa: PLC0415 - heavy imports only when indexing

        t0 = time.perf_counter()
        # A forced build re-indexes too: the indexes depend on the analyser as much as on the laws.
        report.indexed = index.build_indexes(db, progress=lambda f, m: progress(0.6 + 0.4 * f, m), force=force)
        report.seconds["index"] = time.perf_counter() - t0
    progress(1.0, "Done")
    return report


def preview_bytes(data: bytes, name: str, db: sqlite_utils.Database) -> tuple[ParsedLaw, graph.GraphResult]:
    """Parse and graph a file without writing anything (for the import preview)."""
    parsed = ingest.parse_bytes(data, name)
    if parsed.info.bundled:
        raise IngestError(f"{name}: law {parsed.info.key} is bundled; rebuild it from the Library instead")
    corpus = corpus_from_db(db, {parsed.info.key: parsed})
    return parsed, graph.build_graph(parsed, corpus)


def import_bytes(data: bytes, name: str, db: sqlite_utils.Database, progress: Progress = _noop,
                 with_index: bool = True) -> LawInfo:
    """Import a user statute file: parse, graph, store atomically, then index it."""
    progress(0.05, f"Parsing {name}")
    parsed, result = preview_bytes(data, name, db)
    progress(0.3, f"Storing {parsed.info.key}")
    store.replace_law(db, parsed.info, parsed.nodes + result.nodes, result.edges, result.unresolved,
                      ingest.content_hash(data), pipeline_version())
    if with_index:
        from core import index  # noqa: PLC0415

        index.build_indexes(db, progress=lambda f, m: progress(0.4 + 0.6 * f, m))
    progress(1.0, "Done")
    return parsed.info


def delete_imported(db: sqlite_utils.Database, key: str, with_index: bool = True) -> None:
    row = next((r for r in store.laws(db) if r["key"] == key), None)
    if row is None:
        raise KeyError(f"no law {key}")
    if row["bundled"]:
        raise ValueError(f"{key} is a bundled law and cannot be deleted")
    store.delete_law(db, key)
    if with_index:
        from core import index  # noqa: PLC0415

        index.drop_law(key)
        index.build_bm25(db, row["lang"])  # its text must leave the keyword index (and its term statistics) now
