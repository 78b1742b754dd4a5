"""Review: approve, edit or reject extracted duty relationships, each beside its source sentence.

Keyboard: A approve · X reject · E edit · J next · K previous · U undo.
"""
from __future__ import annotations

import pandas as pd
import streamlit as st

import ui
from core import extract, render, review, store
from core.text import sentence_spans

ui.setup("Review")
st.title("Review · Tarkastus")
st.caption("Extracted duty relationships — who must or may do what, by when. Only approved ones feed the graph and "
           "the quizzes. Keys: **A** approve · **X** reject · **E** edit · **J** next · **K** previous · **U** undo.")


def extract_with_rules() -> None:
    """Run the rules over the corpus (reviewed work is kept) and report what changed."""
    bar = st.progress(0.0, text="Extracting…")
    report = extract.run_rules(ui.writer(), progress=lambda f, m: bar.progress(min(1.0, f), text=m))
    st.session_state["review_flash"] = ("ok", f"Extracted {report['created']} new relationships from "
                                              f"{report['nodes']} provisions; {report['withdrawn']} no longer "
                                              "proposed were withdrawn.")
    st.rerun()


if ui.require_corpus():
    db = ui.database()
    review.ensure_schema(db)
    reviewer = st.text_input("Your name (for the audit log)", key="reviewer", placeholder="e.g. Aino")
    flash = st.session_state.pop("review_flash", None)
    if flash:
        (st.error if flash[0] == "error" else st.success)(flash[1])

    with st.expander("Filters", expanded=False):
        c1, c2, c3 = st.columns(3)
        laws = [r["key"] for r in store.laws(db)]
        f_law = c1.selectbox("Law", ["all"] + laws, key="rev_law")
        f_status = c2.selectbox("Status", list(review.STATUSES), key="rev_status")
        f_modal = c3.selectbox("Modal", ["all"] + list(review.MODALS), key="rev_modal")
        c4, c5, c6 = st.columns(3)
        f_actor = c4.text_input("Actor contains", key="rev_actor")
        f_extractor = c5.selectbox("Extractor", ["all", "rules", "claude"], key="rev_extractor")
        f_conf = c6.slider("Minimum confidence", 0.0, 1.0, 0.0, 0.05, key="rev_conf")
        f_deadline = st.checkbox("Only with a deadline", key="rev_deadline")
    with st.expander("Re-extract with the current rules", expanded=False):
        st.caption("Approved, rejected and edited relationships stay as they are; the untouched ones take the rules' "
                   "latest reading, and those the rules no longer propose are withdrawn.")
        if st.button("Re-extract", key="rev_reextract"):
            extract_with_rules()
    rows = review.query(db, status=f_status, law=None if f_law == "all" else f_law,
                        modal=None if f_modal == "all" else f_modal, actor=f_actor or None,
                        extractor=None if f_extractor == "all" else f_extractor, min_confidence=f_conf or None,
                        has_deadline=True if f_deadline else None, limit=5000)
    counts = review.counts(db)
    st.caption(" · ".join(f"{k}: {counts.get(k, 0)}" for k in review.STATUSES) + f" · shown: {len(rows)}")

    if not rows:
        if not counts:
            st.info("Nothing to review yet. Extract duty relationships from the statutes with the deterministic rules "
                    "(offline, a few seconds).")
            if st.button("Extract with rules", type="primary"):
                extract_with_rules()
        else:
            st.info("No relationships match these filters.")
    else:
        pos = min(st.session_state.get("rev_pos", 0), len(rows) - 1)
        row = rows[pos]
        node = store.get_node(db, row["node_id"])
        nav1, nav2, nav3 = st.columns([1, 1, 4])
        if nav1.button("◀ Previous", shortcut="K", key="rev_prev", disabled=pos == 0):
            st.session_state["rev_pos"] = pos - 1
            st.rerun()
        if nav2.button("Next ▶", shortcut="J", key="rev_next", disabled=pos >= len(rows) - 1):
            st.session_state["rev_pos"] = pos + 1
            st.rerun()
        nav3.markdown(f"**{pos + 1} of {len(rows)}** · #{row['id']} · {row['status']} · version {row['version']}")

        left, right = st.columns([2, 3])
        with left:
            st.markdown(f"**Actor:** {row['actor'] or '—'}  \n**Modal:** {row['modal_verb']} ({row['duty_type']})  \n"
                        f"**Procedure:** {row['procedure'] or '—'}  \n**Deadline:** {row['deadline'] or '—'}  \n"
                        f"**Consequence:** {row['consequence'] or '—'}  \n"
                        f"**Extractor:** {row['extractor']} · confidence {row['confidence']:.2f}")
        with right:
            heading = store.heading(db, node)
            st.markdown(f"**{render.titled(row['section_label'], heading)}** · `{row['node_id']}`")
            st.markdown(render.quote_html(node.text if node else row["relationship_text"], row["relationship_text"]),
                        unsafe_allow_html=True)

        # Every action is bound (on_click args) to the relationship and version this reviewer saw, so a change
        # made meanwhile by someone else is refused with a conflict instead of landing on another row.
        def act(action: str, rel_id: int, version: int, **changes) -> None:
            name = st.session_state.get("reviewer", "")
            if not name.strip():
                st.session_state["review_flash"] = ("error", "Type your name first: every action is audited.")
                return
            try:
                if action == "approve":
                    review.approve(ui.writer(), rel_id, version, name)
                elif action == "reject":
                    review.reject(ui.writer(), rel_id, version, name, st.session_state.get(f"reason-{rel_id}", ""))
                elif action == "edit":
                    fields = {k: st.session_state[f"edit-{k}-{rel_id}"] for k in
                              ("actor", "procedure", "deadline", "consequence", "modal_verb", "duty_type",
                               "relationship_text")}
                    review.edit(ui.writer(), rel_id, version, name, **fields)
                    st.session_state.pop("rev_editing", None)
                st.session_state["review_flash"] = ("ok", f"Saved #{rel_id}.")
            except review.ConflictError as exc:
                st.session_state["review_flash"] = ("error", f"Not saved — {exc}. Nothing was lost: the current "
                                                              "version is shown now.")
            except (review.RejectedRelationship, ValueError) as exc:
                st.session_state["review_flash"] = ("error", f"Not saved — {exc}.")

        def undo() -> None:
            name = st.session_state.get("reviewer", "")
            restored = review.undo_last(ui.writer(), name) if name.strip() else None
            st.session_state["review_flash"] = ("ok", f"Undone (#{restored['id']})." if restored else "Nothing to undo.")

        b1, b2, b3, b4 = st.columns(4)
        st.text_input("Reason for rejecting", key=f"reason-{row['id']}")
        b1.button("Approve", shortcut="A", type="primary", key="rev_approve", on_click=act,
                  args=("approve", row["id"], row["version"]))
        b2.button("Reject", shortcut="X", key="rev_reject", on_click=act, args=("reject", row["id"], row["version"]))
        if b3.button("Edit", shortcut="E", key="rev_edit"):
            st.session_state["rev_editing"] = row["id"]
        b4.button("Undo my last action", shortcut="U", key="rev_undo", on_click=undo)

        if st.session_state.get("rev_editing") == row["id"] and node is not None:
            spans = [node.text[s:e] for s, e in sentence_spans(node.text)]
            if row["relationship_text"] not in spans:
                spans.insert(0, row["relationship_text"])
            rid = row["id"]
            with st.form(f"edit-{rid}"):
                st.text_input("Actor", row["actor"] or "", key=f"edit-actor-{rid}")
                st.text_input("Procedure", row["procedure"] or "", key=f"edit-procedure-{rid}")
                st.text_input("Deadline", row["deadline"] or "", key=f"edit-deadline-{rid}")
                st.text_input("Consequence", row["consequence"] or "", key=f"edit-consequence-{rid}")
                st.selectbox("Modal", list(review.MODALS), index=list(review.MODALS).index(row["modal_verb"]),
                             key=f"edit-modal_verb-{rid}")
                st.selectbox("Duty type", list(review.DUTY_TYPES), index=list(review.DUTY_TYPES).index(row["duty_type"]),
                             key=f"edit-duty_type-{rid}")
                st.selectbox("Sentence (an exact span of the provision)", spans,
                             index=spans.index(row["relationship_text"]), key=f"edit-relationship_text-{rid}")
                st.form_submit_button("Save changes", on_click=act, args=("edit", rid, row["version"]))

        with st.expander(f"Bulk: all {len(rows)} shown"):
            sure = st.checkbox(f"Yes, apply to all {len(rows)} relationships matching the filters", key="rev_bulk_sure")
            c1, c2 = st.columns(2)
            if c1.button("Approve all shown", disabled=not sure, key="rev_bulk_approve"):
                if reviewer.strip():
                    done, problems = review.bulk(ui.writer(), [r["id"] for r in rows], reviewer, "approve")
                    st.session_state["review_flash"] = ("ok", f"Approved {done}; {len(problems)} conflicts.")
                st.rerun()
            if c2.button("Reject all shown", disabled=not sure, key="rev_bulk_reject"):
                if reviewer.strip():
                    done, problems = review.bulk(ui.writer(), [r["id"] for r in rows], reviewer, "reject",
                                                 reason or "rejected in bulk")
                    st.session_state["review_flash"] = ("ok", f"Rejected {done}; {len(problems)} conflicts.")
                st.rerun()

        with st.expander("Audit log of this relationship"):
            log = review.audit_log(db, row["id"])
            if log:
                st.dataframe(pd.DataFrame([{"when": pd.to_datetime(a["at"], unit="s"), "who": a["reviewer"],
                                            "action": a["action"], "before": a["before"], "after": a["after"]}
                                           for a in log]), hide_index=True, width="stretch")
            else:
                st.caption("No actions yet.")

    approved = counts.get("approved", 0)  # actions run in callbacks or rerun first, so the counts above are current
    st.download_button(f"Export approved relationships (JSONL, {approved})", review.export_jsonl(db),
                       file_name="duties.jsonl", mime="application/jsonl", key="rev_export", disabled=not approved,
                       help=None if approved else "Approve a relationship first: only approved ones are exported.")
