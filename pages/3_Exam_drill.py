"""Exam drill: practise the bundled exam questions; reveal the statute's answer; grade yourself."""
from __future__ import annotations

import uuid

import pandas as pd
import streamlit as st

import ui
from core import drill, render
from core.answer import answer_from

ui.setup("Exam drill")
st.title("Exam drill · Tenttiharjoitus")

if ui.require_corpus():
    st.session_state.setdefault("drill_session", uuid.uuid4().hex[:12])
    session = st.session_state["drill_session"]
    sets = drill.list_sets()
    c1, c2 = st.columns(2)
    set_name = c1.selectbox("Question set", sets, key="drill_set", format_func=drill.set_label)
    laws = sorted({e.split(":")[0] for it in drill.load_items(set_name) for e in it.expected})
    law = c2.selectbox("Law", ["all"] + laws, key="drill_law")
    items = drill.load_items(set_name, None if law == "all" else law)
    latest = drill.latest_ratings(ui.database(), session, set_name)
    todo = drill.queue(items, latest)
    again = sum(latest.get(it.id) == "again" for it in items)
    st.progress(1 - len(todo) / max(1, len(items)), text=f"{len(items) - len(todo)} of {len(items)} done this session"
                + (f" · {again} to try again" if again else ""))
    if not todo:
        st.success("All questions of this set are done for this session. Pick another set, or see your progress below.")
    else:
        item = todo[0]
        if item.id in latest:
            st.caption("Again: a question you missed earlier in this session.")
        st.markdown(f"#### {item.question}")
        typed = st.text_area("Your answer (optional) · Vastauksesi", key=f"typed-{item.id}", height=90)
        if st.button("Reveal the statute's answer · Näytä vastaus", shortcut="Ctrl+Enter", key=f"reveal-{item.id}"):
            st.session_state["revealed"] = item.id
        if st.session_state.get("revealed") == item.id:
            # The set's answer key, not the search's pick: a student learns from the provision the question is on.
            a = answer_from(ui.retriever(), item.question, item.expected[0], item.quote).as_json()
            for notice in a.get("notices", []):
                st.warning(notice)
            if a["primary"] is not None:
                st.markdown(f"#### {render.answer_title(a)}")
                ui.show_provision(a, item.lang)
                if typed.strip() and a["quote"]:
                    found, missing = drill.words_recalled(typed, a["quote"], item.lang)
                    st.info(f"Your answer has {len(found)} of the quote's {len(found) + len(missing)} key words"
                            + (f"; not yet: {', '.join(missing)}." if missing else " — all of them."))
            st.caption("Grade yourself · Arvioi itse: 1 again · 2 hard · 3 good · 4 easy")
            cols = st.columns(4)
            for col, rating, key in zip(cols, drill.RATINGS, "1234"):
                if col.button(rating.title(), shortcut=key, key=f"rate-{rating}-{item.id}", width="stretch"):
                    drill.record(ui.writer(), session, item, rating, a["primary"]["node_id"] if a["primary"] else None)
                    st.session_state.pop("revealed", None)
                    st.session_state.pop(f"typed-{item.id}", None)  # a missed question comes back with an empty box
                    st.rerun()
            if a["primary"] is not None:
                ui.show_norm_path(a, item.lang)
    st.markdown("#### Progress · Edistyminen")
    rows = drill.progress(ui.database())
    if not rows:
        st.caption("No reviews yet: reveal an answer and grade yourself to start your progress chart.")
    else:
        st.altair_chart(ui.reviews_per_day_chart(rows, drill.RATINGS, day_title="day"), width="stretch")
        mine = pd.DataFrame(drill.progress(ui.database(), session))
        if not mine.empty:
            st.caption("This session: " + ", ".join(f"{r.rating} {r.n}" for r in mine.groupby("rating", as_index=False)["n"].sum().itertuples()))
