"""Ask: a question (English or Finnish) or a citation → the provision, verbatim, and its norm path."""
from __future__ import annotations

import streamlit as st

import ui
from core import claude, explain, render, store
from core.answer import answer, answer_from, with_alternative_first
from core.retrieve import detect_language

ui.setup("Ask")
st.title("Ask · Kysy")
st.caption("A question in English or Finnish, or a citation such as `BIA 50.4(1)`, `s. 69.3`, `KonkL 3:2 §`, "
           "`YSL 17 § 2 mom.` Answers are quotes from the statute, never paraphrases.")


def explain_with_claude(a: dict, lang: str) -> None:
    """Optional: Claude explains from the excerpts above; its quotes are checked against them."""
    st.markdown("#### Explanation by Claude" if lang != "fi" else "#### Clauden selitys")
    st.caption("Written by an AI from the provisions above. Only the quoted law above is the statute's own words; "
               "quotations below are checked against it.")
    if st.button("Explain · Selitä", key="explain_go"):
        conversation = st.session_state.setdefault("conversation", explain.new_conversation())
        # The provision on the page (an alternative the student chose, or the search's answer) and its norm path.
        result = answer_from(ui.retriever(), a["question"], a["primary"]["node_id"], a["quote"])
        holder: dict = {}

        def text_stream():
            for chunk in explain.explain(ui.writer(), result, conversation):
                if chunk["type"] == "text":
                    yield chunk["delta"]
                elif chunk["type"] == "error":
                    holder["error"] = chunk["error"]
                elif chunk["type"] == "done":
                    holder["turn"] = chunk["turn"]

        st.write_stream(text_stream())
        st.session_state["explained"] = {"question": a["question"], "turn": holder.get("turn"), "error": holder.get("error")}
        if holder.get("error"):
            st.warning(holder["error"])
    done = st.session_state.get("explained")
    if done and done["question"] == a["question"] and done["turn"] is not None:
        turn = done["turn"]
        if not st.session_state.get("explain_go"):
            st.markdown(turn.text)
        for q in turn.quotes:
            if q.verified:
                st.success(f"✓ Verified quote: “{q.quote}” {' '.join(f'[{n}]' for n in q.cited)}")
            else:
                st.error(f"⚠ Not found in the cited provision — not the law's words: “{q.quote}”")
        if turn.referenced_nodes:
            st.caption("Concepts noted: " + ", ".join(turn.referenced_nodes))


EXAMPLES = ["When does a bankrupt's property pass to the trustee?", "Milloin konkurssi alkaa?", "CCAA 11.02(1)"]
RECENT_KEPT = 8
MODE_LABELS = {"graph": "Hybrid + norm path (graph)", "hybrid": "Keywords + meaning (hybrid)",
               "bm25": "Keywords only (bm25)", "dense": "Meaning only (dense)"}


def show_alternative(node_id: str) -> None:
    """An alternative, clicked: it becomes the answer shown, and the answer before it an alternative."""
    last = st.session_state["last_answer"]
    st.session_state["last_answer"] = dict(last, json=with_alternative_first(ui.retriever(), last["json"], node_id))


def show_alternatives(a: dict, lang: str) -> None:
    """The next ranked provisions, each under its heading with its own quote, one click from being the answer."""
    s = render.strings(lang)
    st.markdown(f"#### {s['alternatives']}")
    for alt in a["alternatives"]:
        with st.container(border=True):
            st.markdown(f"**{render.titled(alt['label'], alt['heading'])}** · `{alt['node_id']}`")
            if alt.get("lead_in"):
                st.markdown(render.lead_in_html(alt["lead_in"], lang), unsafe_allow_html=True)
            st.markdown(render.quote_html(render.preview(alt["quote"]), ""), unsafe_allow_html=True)
            st.button(s["show_alternative"], key=f"alt_{alt['node_id']}", on_click=show_alternative,
                      args=(alt["node_id"],))


def ask_chosen(key: str) -> None:
    """A suggested or an earlier question, clicked: it goes into the box and is asked."""
    chosen = st.session_state.get(key)
    if chosen:
        st.session_state["question"] = chosen
        st.session_state["ask_now"] = True
    st.session_state[key] = None


if ui.require_corpus():
    with st.form("ask", clear_on_submit=False):
        question = st.text_input("Question or citation · Kysymys tai viittaus", key="question",
                                 placeholder="e.g. How long does an insolvent person have to file a cash-flow statement?")
        mode = st.selectbox("Search", list(MODE_LABELS), index=0, format_func=MODE_LABELS.get,
                            help="graph = hybrid search (BM25 + dense, fused with RRF) plus the norm path; the others "
                                 "are there to compare (the CLI's --mode)")
        asked = st.form_submit_button("Ask · Kysy", type="primary")
    if asked or st.session_state.pop("ask_now", False):
        if not question.strip():
            st.warning("Type a question or a citation first. · Kirjoita ensin kysymys tai viittaus.")
        else:
            with st.spinner("Searching the statutes…"):
                result = answer(ui.retriever(), question, mode=mode)
            st.session_state["last_answer"] = {"json": result.as_json(), "lang": result.lang, "typed": question,
                                               "mode": mode}
            recent = st.session_state.setdefault("recent", [])
            recent[:] = [question] + [q for q in recent if q != question][:RECENT_KEPT - 1]
    if len(st.session_state.get("recent", [])) > 1:
        st.pills("Asked before · Kysytty aiemmin", st.session_state["recent"][1:], key="recent_pick",
                 on_change=ask_chosen, args=("recent_pick",))

    last = st.session_state.get("last_answer")
    if last:
        a, lang = last["json"], last["lang"] or detect_language(last["json"]["question"])
        s = render.strings(lang)
        for notice in a.get("notices", []):
            st.info(notice)
        if a.get("corrections") and st.button(s["as_typed"], key="as_typed"):
            # A word the speller got wrong: search the question exactly as it was typed.
            result = answer(ui.retriever(), last["typed"], mode=last["mode"], as_typed=True)
            st.session_state["last_answer"] = dict(last, json=result.as_json(), lang=result.lang)
            st.rerun()  # drawn again without the button and the correction notice
        if a["primary"] is None:
            st.warning(s["nothing"])
        else:
            p = a["primary"]
            outline = a.get("outline")
            st.subheader(f"{p['label']}, {outline}" if outline else render.answer_title(a))
            if a.get("contents"):  # a whole law, chapter or Part: its parts, to cite or open
                rows = [{s["part"]: c["label"], "node": c["node_id"],
                         s["heading"]: c["heading"] + (s["repealed"] if c["repealed"] else ""), s["under"]: c["trail"]}
                        for c in a["contents"]]
                if len({r[s["under"]] for r in rows}) < 2:  # one chapter's sections, or a law's chapters
                    rows = [{k: v for k, v in r.items() if k != s["under"]} for r in rows]
                st.dataframe(rows, hide_index=True, width="stretch")
            else:
                ui.show_answer(a, lang, graph=last["mode"] == "graph")
                st.page_link("pages/2_Norm_path.py", label=s["open_graph"],
                             icon=ui.page_icon("pages/2_Norm_path.py"))
                if a.get("alternatives"):
                    show_alternatives(a, lang)
                if claude.available():
                    explain_with_claude(a, lang)
        if a["candidates"]:
            with st.expander(s["candidates"]):
                if a.get("statute_words"):
                    st.caption(s["statute_words"].format(words=", ".join(a["statute_words"])))
                nodes = store.get_nodes(ui.database(), [c["node_id"] for c in a["candidates"]])
                headings = store.headings(ui.database(), list(nodes.values()))
                st.dataframe([{"provision": nodes[c["node_id"]].citation if c["node_id"] in nodes else c["node_id"],
                               "heading": headings.get(c["node_id"], ""), "node": c["node_id"],
                               "found by": render.found_by(c, lang), "BM25 rank": c["bm25_rank"],
                               "dense rank": c["dense_rank"], "RRF": c["rrf"]}
                              for c in a["candidates"]], hide_index=True, width="stretch")
        st.caption(f"{s['latency']}: " + " · ".join(f"{k} {v:.1f} ms" for k, v in a["latency_ms"].items()))
    else:
        st.pills("Try · Kokeile", EXAMPLES, key="example_pick", on_change=ask_chosen, args=("example_pick",))
