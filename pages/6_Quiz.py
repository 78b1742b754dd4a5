"""Quiz: due cards with spaced repetition (FSRS). Keys: Space reveal · 1 again · 2 hard · 3 good · 4 easy."""
from __future__ import annotations

import datetime as dt

import streamlit as st

import ui
from core import quiz, render, store

ui.setup("Quiz")
st.title("Quiz · Kertaus")
st.caption("Cards from approved duties: who must do what, by when — answered in the statute's own words. "
           "Keys: **Space** reveal · **1** again · **2** hard · **3** good · **4** easy.")

if ui.require_corpus():
    db = ui.database()
    quiz.ensure_schema(db)
    with st.sidebar:
        st.markdown("#### Deck and limits")
        new_per_day = st.number_input("New cards a day", 1, 500, int(quiz.get_setting(db, "new_per_day", "20")), key="qz_new")
        exam = st.date_input("Exam date (optional)", value=None, key="qz_exam")
        if int(new_per_day) != int(quiz.get_setting(db, "new_per_day", "20")):
            quiz.set_setting(ui.writer(), "new_per_day", str(int(new_per_day)))
        if exam:
            st.info(f"{quiz.reviews_before_exam(db, exam)} reviews before {exam:%d.%m.%Y}.")
    c1, c2 = st.columns(2)
    deck = c1.selectbox("Deck", ["all"] + quiz.decks(db), key="qz_deck")
    if c2.button("Make cards from approved duties", key="qz_generate"):
        made = quiz.generate(ui.writer())
        st.success(f"{made['created']} new cards ({made['cards']} in all).")
    queue = quiz.due_queue(db, deck=None if deck == "all" else deck)
    if not quiz.decks(db):
        st.info("No cards yet. Approve duty relationships on the Review page, then make cards here.")
    elif not queue:
        st.success("Nothing due now. Come back later — or raise today's new-card limit in the sidebar.")
    else:
        card = queue[0]
        st.caption(f"{len(queue)} due · {card.deck} · {card.kind}")
        st.markdown(f"#### {card.prompt}")
        if card.kind == "which":
            st.markdown(render.quote_html(card.quote, ""), unsafe_allow_html=True)
        typed = ""
        if card.kind in ("cloze", "modal"):
            typed = st.text_input("Your answer (the missing words)", key=f"qz_typed_{card.id}")
        if card.options:
            st.radio("Choose", card.options, key=f"qz_choice_{card.id}", index=None)
        if st.button("Reveal", shortcut="Space", key=f"qz_reveal_{card.id}"):
            st.session_state["qz_revealed"] = card.id
        if st.session_state.get("qz_revealed") == card.id:
            if card.kind in ("cloze", "modal") and typed:
                (st.success if quiz.check_typed(card, typed) else st.error)(
                    "Right — exactly the statute's words." if quiz.check_typed(card, typed) else "Not quite.")
            st.markdown(f"**Answer:** {card.answer}" if card.kind == "which" else "**Answer (verbatim):**")
            node = store.get_node(db, card.node_id)
            st.markdown(render.quote_html(node.text, card.answer if card.kind != "which" else card.quote),
                        unsafe_allow_html=True)
            heading = store.heading(db, node)
            st.caption(f"{render.titled(card.citation, heading)} · `{card.node_id}`")
            cols = st.columns(4)
            intervals = quiz.next_intervals(db, card.id)
            for col, (name, key) in zip(cols, (("again", "1"), ("hard", "2"), ("good", "3"), ("easy", "4"))):
                if col.button(f"{name.title()} · {render.interval(intervals[name])}", shortcut=key,
                              key=f"qz_rate_{name}_{card.id}"):
                    result = quiz.rate(ui.writer(), card.id, name)
                    st.session_state.pop("qz_revealed", None)
                    st.session_state["qz_last"] = f"Next review in {render.interval(result['interval_days'])}."
                    st.rerun()
            with st.expander("Explanation: the provision's norm path"):
                keep, edges = render.neighbourhood(ui.graph_view(), [card.node_id], depth=1, max_nodes=12)
                labels = {k: n.citation for k, n in store.get_nodes(db, sorted(keep)).items()}
                for line in render.path_chain([list(e) for e in edges], labels) or ["(no references or exceptions)"]:
                    st.markdown(f"- {line}")
        if st.session_state.get("qz_last"):
            st.caption(st.session_state["qz_last"])
    st.page_link("pages/7_Progress.py", label="See your progress", icon=ui.page_icon("pages/7_Progress.py"))
