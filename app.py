"""Normipolku — home page: the bundled laws and what was built from them."""
from __future__ import annotations

import streamlit as st

from core import store

st.set_page_config(page_title="Normipolku", page_icon="⚖️", layout="wide")


@st.cache_resource
def database():
    return store.connect()


st.title("Normipolku")
st.caption("Study statute law in the statute's own words — Canadian insolvency law in English, "
           "Finnish insolvency law in Finnish (suomeksi).")

db = database()
laws = store.law_summaries(db)
if not laws:
    st.info("No laws are built yet. Run `python -m core build` (or `make run`, which builds the bundled "
            "corpus on first start) and reload this page.")
    st.stop()

total_nodes = sum(r["nodes"] for r in laws)
total_edges = sum(r["edges"] for r in laws)
c1, c2, c3 = st.columns(3)
c1.metric("Laws", len(laws))
c2.metric("Provisions (nodes)", f"{total_nodes:,}")
c3.metric("Graph edges", f"{total_edges:,}")

st.dataframe(
    [{"Law": r["abbrev"], "Key": r["key"], "Title": r["title"], "Language": r["lang"], "Version": r["version"],
      "Licence": r["licence"], "Sections": r["sections"], "Nodes": r["nodes"], "Edges": r["edges"]} for r in laws],
    hide_index=True, width="stretch",
)
st.markdown("Every text shown as law is an exact quote of the stored provision, with its citation.")
