"""Norm path: an interactive graph of a provision's neighbourhood, or of the last answer's norm path."""
from __future__ import annotations

import streamlit as st

import ui
from core import explain, render, store
from core.answer import answer, lead_in_json, lead_ins

ui.setup("Norm path")
st.title("Norm path · Normipolku")
st.caption("A provision, its parts, and what it refers to, excepts and defines. Colours show node and edge types; "
           "the last answer's path is drawn bold. Hover a node to read it.")

if ui.require_corpus():
    db = ui.database()
    last = st.session_state.get("last_answer")
    last_json = last["json"] if last else None
    sources = ["A citation, node id or question"] + (
        ["The last answer"] if last_json and last_json.get("primary") else [])
    # A choice only once there is a last answer to show; before that the box is all there is.
    source = st.radio("Show", sources, index=len(sources) - 1, horizontal=True) if len(sources) > 1 else sources[0]
    emphasis: set[tuple[str, str, str]] = set()
    if source == "The last answer":
        centers = [last_json["primary"]["node_id"]] + [s["node_id"] for s in last_json["supporting"]]
        emphasis = {tuple(e) for e in last_json["path"]}
        st.markdown(f"Question: *{last_json['question']}*")
    else:
        # A new citation shows its own provision in the panel, not the node chosen in the graph before.
        ref = st.text_input("Citation, node id or question", value=st.session_state.get("graph_ref", "BIA 50.4(3)"),
                            key="graph_ref", on_change=lambda: st.session_state.pop("graph_node", None))
        node_id = ui.retriever().lookup_citation(ref) if ref.strip() else None
        if node_id is not None:
            centers = [node_id]
        else:  # a question: its answer's norm path, as the Ask page finds it
            asked = answer(ui.retriever(), ref, mode="graph") if ref.strip() else None
            if asked is None or asked.primary is None:
                st.warning(f"No provision “{ref}”. Try `BIA 69.3(1)`, `KonkL 3:6 §`, `B-3:50.4:3` or a question.")
                st.stop()
            centers = [asked.primary.id] + [n.id for n, _ in asked.supporting]
            emphasis = {tuple(e) for e in asked.path}
            st.markdown(f"Answered as a question · Vastattu kysymyksenä: **{asked.primary.citation}** — "
                        "its norm path is drawn bold.")
    depth = st.segmented_control("Depth", [1, 2], default=1, required=True, key="graph_depth",
                                 format_func=lambda d: "1 step" if d == 1 else f"{d} steps",
                                 help="How many edges out from the provision(s) the graph reaches")
    view = ui.retriever().graph
    keep, edges = render.neighbourhood(view, centers, depth=depth)
    nodes = store.get_nodes(db, sorted(keep))
    options = [c for c in centers if c in nodes] + sorted(k for k in nodes if k not in centers)
    col_graph, col_text = st.columns([3, 2])
    with col_text:
        chosen = st.selectbox("Node", options, format_func=lambda k: f"{nodes[k].citation} · {k}", key="graph_node")
        node = nodes[chosen]
        heading = store.heading(db, node)
        st.markdown(f"**{node.citation}** · {render.kind_name(node.kind, node.lang)}"
                    + (f" · *{heading}*" if heading else ""))
        lead_in = lead_ins(db, node)
        if lead_in:  # a list item reads as a fragment without the words it completes
            st.markdown(render.lead_in_html(lead_in_json(lead_in), node.lang), unsafe_allow_html=True)
        st.markdown(render.quote_html(node.text or "(no text of its own)", ""), unsafe_allow_html=True)
        out_edges = [e for e in edges if e[0] == chosen and not e[1].startswith("HAS_")]
        for s, t, g in out_edges:
            st.markdown(f"— {t} → **{nodes[g].citation}**")
    with col_graph:
        data = render.GraphData(render.node_info(nodes), edges)
        # The page is generated here from stored statute text (escaped by the template), not user HTML.
        st.iframe(render.graph_html(data, emphasis=emphasis, selected=chosen), height=580)
        st.markdown(render.legend_html(), unsafe_allow_html=True)
    concepts = explain.concepts(db)
    if concepts:
        with st.expander(f"Concepts ({len(concepts)})"):
            for c in concepts:
                st.markdown(f"<span style='color:{render.NODE_COLOURS['CONCEPT']}'>●</span> **{c['pref_label']}** "
                            f"· {c['kind']} · {c['jurisdiction']} · `{c['id']}`" + (f" — {c['definition']}" if c["definition"] else ""),
                            unsafe_allow_html=True)
