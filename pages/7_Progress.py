"""Progress: quiz reviews per day, retention, cards by state and the weakest sections; the exam drill per set
and the questions to revisit."""
from __future__ import annotations

import altair as alt
import pandas as pd
import streamlit as st

import ui
from core import drill, quiz

ui.setup("Progress")
st.title("Progress · Edistyminen")
if ui.require_corpus():
    data = quiz.progress(ui.database())
    st.markdown("### Quiz · Kertaus")
    if not data["per_day"]:
        st.info("No quiz reviews yet: answer a few cards on the Quiz page and your progress appears here.")
    else:
        c1, c2 = st.columns(2)
        c1.markdown("**Reviews per day**")
        c1.altair_chart(ui.reviews_per_day_chart(data["per_day"], quiz.RATINGS), width="stretch")
        c2.markdown("**Retention (share not rated again)**")
        c2.altair_chart(ui.retention_chart(data["retention"]), width="stretch")
        c3, c4 = st.columns(2)
        c3.markdown("**Cards by state**")
        c3.altair_chart(alt.Chart(pd.DataFrame(data["states"])).mark_arc(innerRadius=40).encode(
            theta="n:Q", color="state:N", tooltip=["state", "n"]).properties(height=260), width="stretch")
        c4.markdown("**Weakest sections**")
        if data["weakest"]:
            c4.dataframe(pd.DataFrame(data["weakest"]), hide_index=True, width="stretch")
        else:
            c4.caption("No section has been missed yet.")

    st.markdown("### Exam drill · Tenttiharjoitus")
    summary = drill.sets_summary(ui.database())
    if not summary:
        st.info("No drill grades yet: reveal an answer on the Exam drill page and grade yourself.")
    else:
        c5, c6 = st.columns(2)
        c5.markdown("**Known per set** (share of its questions last graded good or easy)")
        frame = pd.DataFrame(summary)
        c5.altair_chart(alt.Chart(frame).mark_bar().encode(
            x=alt.X("share_known:Q", title="share known", scale=alt.Scale(domain=[0, 1])), y=alt.Y("set:N", title=None),
            tooltip=["set", "questions", "graded", "known", "share_known"]), width="stretch")
        c6.markdown("**To revisit** (latest grade again or hard)")
        revisit = drill.to_revisit(ui.database())
        if revisit:
            c6.dataframe(pd.DataFrame(revisit), hide_index=True, width="stretch",
                         column_order=["question", "rating", "set", "day"],
                         column_config={"question": st.column_config.TextColumn(width="large")})
        else:
            c6.caption("Nothing to revisit: every question you graded, you last knew.")
