"""The same retrieval code against a real `chroma run` server on 127.0.0.1 (CHROMA_HOST)."""
from __future__ import annotations

import shutil
import socket
import subprocess
import time
import urllib.request

import pytest

from core import index, store
from core.answer import answer
from core.retrieve import Retriever


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture()
def chroma_server(tmp_path, monkeypatch):
    exe = shutil.which("chroma")
    if exe is None:
        pytest.fail("the chroma CLI (installed with chromadb) is missing")
    port = _free_port()
    proc = subprocess.Popen([exe, "run", "--path", str(tmp_path / "chroma"), "--host", "127.0.0.1", "--port", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v2/heartbeat", timeout=1)
                break
            except OSError:
                time.sleep(0.3)
        else:
            pytest.fail("chroma server did not start")
        monkeypatch.setenv("CHROMA_HOST", "127.0.0.1")
        monkeypatch.setenv("CHROMA_PORT", str(port))
        index.reset_client()
        yield port
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        monkeypatch.delenv("CHROMA_HOST", raising=False)
        index.reset_client()


def test_retrieval_against_a_chroma_server(db, chroma_server):
    for row in store.laws(db):
        if row["key"] in ("B-3", "C-36"):
            assert index.build_dense(db, row) is True
    assert index.chroma_client().get_collection("law-B-3").count() > 1000
    r = Retriever(db)
    a = answer(r, "When does a bankrupt's property pass to and vest in the trustee?", mode="hybrid")
    assert not any("Keyword search only" in n for n in a.notices)
    assert any(c.dense_rank is not None for c in a.candidates)
    assert a.primary is not None and a.quote in a.primary.text
