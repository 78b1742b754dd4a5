"""Normipolku — home page: the bundled laws and what was built from them. The pages live in pages/."""
from __future__ import annotations

import streamlit as st

import ui
from core import drill, quiz, store


def home() -> None:
    ui.setup("Home")
    st.title("Normipolku")
    st.caption("Study statute law in the statute's own words — Canadian insolvency law in English, "
               "Finnish insolvency law in Finnish (suomeksi).")
    if not ui.require_corpus():
        return
    laws = store.law_summaries(ui.database())
    c1, c2, c3 = st.columns(3)
    c1.metric("Laws", len(laws))
    c2.metric("Provisions (nodes)", f"{sum(r['nodes'] for r in laws):,}")
    c3.metric("Graph edges", f"{sum(r['edges'] for r in laws):,}")
    st.dataframe(
        [{"Law": r["abbrev"], "Key": r["key"], "Title": r["title"], "Language": r["lang"], "Version": r["version"],
          "Licence": r["licence"], "Sections": r["sections"], "Nodes": r["nodes"], "Edges": r["edges"]} for r in laws],
        hide_index=True, width="stretch",
    )
    st.markdown("**Ask** a question or type a citation · see its **Norm path** · practise in **Exam drill** · "
                "import statutes in the **Library**. Every text shown as law is an exact quote of the stored "
                "provision, with its citation.")
    st.page_link("pages/1_Ask.py", label="Ask a question", icon=ui.page_icon("pages/1_Ask.py"))
    db = ui.database()
    due, revisit = len(quiz.due_queue(db, limit=10_000)), len(drill.to_revisit(db, limit=10_000))
    if due or revisit:  # a returning student: what is waiting
        st.markdown(f"**Today** · {due} quiz card{'s' * (due != 1)} to study · {revisit} drill "
                    f"question{'s' * (revisit != 1)} to revisit")
        c4, c5 = st.columns(2)
        c4.page_link("pages/6_Quiz.py", label="Review the due cards", icon=ui.page_icon("pages/6_Quiz.py"))
        c5.page_link("pages/7_Progress.py", label="See what to revisit", icon=ui.page_icon("pages/7_Progress.py"))
    ui.retriever()  # load the indexes and the model now, after the page is drawn, so the first answer is quick


home()
