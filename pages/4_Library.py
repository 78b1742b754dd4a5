"""Library: the laws, their provision trees, imports of your own statute files, and rebuilds."""
from __future__ import annotations

import streamlit as st

import ui
from core import build, render, store
from core.answer import same_words_elsewhere
from core.model import IngestError

ALL_PARTS = "All parts"

ui.setup("Library")
st.title("Library · Kirjasto")
db = ui.database()
flash = st.session_state.pop("lib_flash", None)
if flash:
    st.success(flash)

laws = store.law_summaries(db)
if laws:
    st.dataframe([{"Law": r["abbrev"], "Key": r["key"], "Title": r["title"], "Language": r["lang"],
                   "Version": r["version"] or "—", "Licence": r["licence"] or "—", "Nodes": r["nodes"], "Edges": r["edges"],
                   "Bundled": "yes" if r["bundled"] else "imported"} for r in laws], hide_index=True, width="stretch")
else:
    st.info("No laws yet: rebuild the bundled corpus below, or import a statute file.")

tab_browse, tab_import, tab_manage = st.tabs(["Browse", "Import a statute", "Rebuild / delete"])

with tab_browse:
    if laws:
        key = st.selectbox("Law", [r["key"] for r in laws], format_func=lambda k: next(
            f"{r['abbrev']} — {r['title']}" for r in laws if r["key"] == k), key="lib_law")
        top = store.children(db, key)
        chapters = [n for n in top if n.kind == "CHAPTER"]
        if chapters:
            chapter = st.selectbox("Chapter · Luku", chapters, format_func=lambda n: f"{n.citation} — {n.heading}")
            sections = store.children(db, chapter.id)
        else:
            sections = [n for n in top if n.kind == "SECTION"]
            groups = render.by_top_heading(sections)
            if len(groups) > 1:  # an Act in Parts: browse one Part at a time, or all of them
                part = st.selectbox("Part", [ALL_PARTS] + list(groups), key="lib_part")
                sections = sections if part == ALL_PARTS else groups[part]
        section = st.selectbox("Section · Pykälä", sections,
                               format_func=lambda n: f"{n.citation}" + (f" — {n.heading}" if n.heading else "")
                               + (" (repealed)" if n.repealed else ""))
        if section is not None:
            if section.repealed:
                st.warning("Repealed: kept for reference, never served as live law.")
            parts = store.children(db, section.id) or [section]
            edges = {n.id: (store.edges_from(db, n.id), store.edges_to(db, n.id)) for n in [section, *parts]}
            ends = {e.target for out, _ in edges.values() for e in out} | {e.source for _, inc in edges.values()
                                                                            for e in inc}
            labels = {k: n.citation for k, n in store.get_nodes(db, sorted(ends)).items()}
            if parts != [section]:  # what cites the section as a whole ("section 50.4")
                for line in render.relation_lines([], edges[section.id][1], labels):
                    st.caption(f"{section.citation}: {line}")
            for part in parts:
                with st.container(border=True):
                    st.markdown(f"**{part.citation}** · `{part.id}`" + (f" · *{part.heading}*" if part.heading else ""))
                    st.markdown(render.quote_html(part.text, ""), unsafe_allow_html=True)
                    lines = render.relation_lines(*edges[part.id], labels)
                    twins = same_words_elsewhere(db, part, part.text)
                    if twins:  # word for word elsewhere: the Acts' twin provisions
                        lines.append("Same words · Samat sanat: " + ", ".join(n.citation for n in twins))
                    if lines:
                        st.caption("  \n".join(lines))

with tab_import:
    st.markdown("Justice Laws XML, Finlex XML, or plain text with numbered sections. Plain text may start with "
                "`Title:`, `Key:` and `Lang:` lines; sections start with `Section 12` / `12.` (English) or `12 §` "
                "(Finnish); a blank line starts a new subsection / momentti; `(a)` / `1)` lines are paragraphs / kohdat.")
    upload = st.file_uploader("Statute file", type=["xml", "txt"], key="lib_upload")
    if upload is not None:
        data = upload.getvalue()
        try:
            parsed, result = build.preview_bytes(data, upload.name, db)
        except IngestError as exc:
            st.error(f"Not imported: {exc}. Nothing was changed.")
        else:
            sections = [n for n in parsed.nodes if n.kind == "SECTION"]
            st.success(f"Parsed **{parsed.info.title}** (`{parsed.info.key}`, {parsed.info.lang}): {len(sections)} sections, "
                       f"{len(parsed.nodes)} nodes, {len(result.edges)} edges, {len(result.unresolved)} unresolved references.")
            st.dataframe([{"node": n.id, "citation": n.citation, "text": n.text[:160]} for n in parsed.nodes[:200]
                          if n.kind != "LAW"], hide_index=True, width="stretch", height=260)
            if st.button("Save and index", type="primary", key="lib_save"):
                bar = st.progress(0.0, text="Saving…")
                try:
                    info = build.import_bytes(data, upload.name, ui.writer(),
                                              progress=lambda f, m: bar.progress(min(1.0, f), text=m))
                except IngestError as exc:
                    st.error(f"Not imported: {exc}. Nothing was changed.")
                else:
                    ui.reset_caches()
                    st.session_state["lib_flash"] = f"Imported {info.key}. It can now be asked about and browsed."
                    st.rerun()

with tab_manage:
    imported = [r for r in laws if not r["bundled"]]
    if imported:
        victim = st.selectbox("Imported law", [r["key"] for r in imported], key="lib_delete_key")
        if st.button("Delete this imported law", key="lib_delete"):
            build.delete_imported(ui.writer(), victim)
            ui.reset_caches()
            st.session_state["lib_flash"] = f"Deleted {victim}."
            st.rerun()
    else:
        st.caption("No imported laws. Bundled laws cannot be deleted, only rebuilt.")
    if st.button("Rebuild the bundled laws (skips unchanged ones)", key="lib_rebuild"):
        bar = st.progress(0.0, text="Rebuilding…")
        report = build.build_all(ui.writer(), progress=lambda f, m: bar.progress(min(1.0, f), text=m))
        ui.reset_caches()
        st.success(f"Rebuilt: {', '.join(report.built) or 'none'}; unchanged: {', '.join(report.skipped) or 'none'}.")
        for err in report.errors:
            st.error(err)
