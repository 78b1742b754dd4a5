"""Shared fixtures: the real bundled corpus, built once per test session into a temporary folder."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from core import build, ingest, store

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def parsed_laws():
    return {info.key: ingest.parse_file(path, info) for info, path in ingest.iter_bundled()}


@pytest.fixture(scope="session")
def data_dir(tmp_path_factory) -> Path:
    """A data folder with the whole corpus built: SQLite, BM25 and Chroma (real embedding model)."""
    # NORMIPOLKU_TEST_DATA keeps the built test corpus between runs (developers only; CI builds afresh).
    reuse = os.environ.get("NORMIPOLKU_TEST_DATA")
    path = Path(reuse) if reuse else tmp_path_factory.mktemp("normipolku-data")
    path.mkdir(parents=True, exist_ok=True)
    os.environ["NORMIPOLKU_DATA"] = str(path)
    from core import index

    index.reset_client()
    db = store.connect(path / "normipolku.db")
    report = build.build_all(db)
    assert not report.errors, report.errors
    return path


@pytest.fixture(scope="session")
def db(data_dir):
    return store.connect(data_dir / "normipolku.db")


@pytest.fixture(scope="session")
def retriever(db):
    from core.retrieve import Retriever

    r = Retriever(db)
    r.warm()
    return r


@pytest.fixture()
def graph_db(tmp_path):
    """A fresh database with every law parsed, graphed and stored (no search indexes)."""
    db = store.connect(tmp_path / "graph.db")
    build.build_all(db, with_index=False)
    return db
