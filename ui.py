"""Streamlit glue shared by the pages: cached resources and a little styling. No pipeline logic."""
from __future__ import annotations

import datetime as dt

import altair as alt
import pandas as pd
import streamlit as st

from core import render, store
from core.answer import citing_provisions, same_words_elsewhere, section_parts

CSS = """
<style>
.statute { white-space: pre-wrap; line-height: 1.55; padding: 0.6em 0.9em; border-left: 4px solid #f28e2b;
           background: rgba(242,142,43,0.06); border-radius: 4px; }
.statute mark { background: #ffe08a; padding: 0 2px; }
.statute.lead-in { color: #555; border-left-color: #c8c8c8; background: rgba(0,0,0,0.03); margin-bottom: 0.4em; }
.role { font-size: 0.8em; font-weight: 600; text-transform: uppercase; letter-spacing: 0.04em; }
</style>
"""


# Material Symbols ship with Streamlit's own front end, so they draw the same everywhere and offline; emoji need
# an emoji font, which many Linux desktops (and headless browsers) lack, and then show as empty boxes.
NAVIGATION = [("app.py", "Home", ":material/balance:"), ("pages/1_Ask.py", "Ask · Kysy", ":material/search:"),
              ("pages/2_Norm_path.py", "Norm path · Normipolku", ":material/account_tree:"),
              ("pages/3_Exam_drill.py", "Exam drill · Tenttiharjoitus", ":material/edit_note:"),
              ("pages/4_Library.py", "Library · Kirjasto", ":material/library_books:"),
              ("pages/5_Review.py", "Review · Tarkastus", ":material/fact_check:"),
              ("pages/6_Quiz.py", "Quiz · Kertaus", ":material/psychology:"),
              ("pages/7_Progress.py", "Progress · Edistyminen", ":material/trending_up:")]


def page_icon(path: str) -> str:
    """A page's icon, as the sidebar shows it: for links to the page from elsewhere."""
    return next(icon for page, _, icon in NAVIGATION if page == path)


# The browser tab's icon: a Material Symbol there would be fetched from Google's font server; an emoji is drawn
# in the page.
TAB_ICON = "⚖️"


def setup(title: str) -> None:
    """Page config, styling and the sidebar navigation (Streamlit's own list is hidden in config.toml)."""
    st.set_page_config(page_title=f"{title} · Normipolku", page_icon=TAB_ICON, layout="wide")
    st.markdown(CSS, unsafe_allow_html=True)
    with st.sidebar:
        st.markdown("### Normipolku")
        for path, label, page_icon in NAVIGATION:
            st.page_link(path, label=label, icon=page_icon)


RATING_COLOURS = ["#e15759", "#f28e2b", "#59a14f", "#4e79a7"]  # again, hard, good, easy


CHART_DAYS = 14  # the day axis always spans at least the last two weeks, so one busy day is not one wide bar


def last_days(rows: list[dict], today: dt.date | None = None, days: int = CHART_DAYS) -> list[str]:
    """The calendar days ("YYYY-MM-DD") a per-day chart spans: from its first row's day, or `days` before today
    if later, to today, with the days without reviews in between."""
    today = today or dt.date.today()
    first = min([dt.date.fromisoformat(r["day"]) for r in rows] + [today - dt.timedelta(days=days - 1)])
    return [(first + dt.timedelta(days=i)).isoformat() for i in range((today - first).days + 1)]


def _day_axis(days: list[str], title: str | None) -> alt.X:
    return alt.X("day:O", title=title, scale=alt.Scale(domain=days),
                 axis=alt.Axis(labelAngle=0, labelExpr="timeFormat(toDate(datum.value + 'T00:00'), '%d %b')",
                               labelOverlap=True))


def reviews_per_day_chart(rows: list[dict], ratings, day_title: str | None = None,
                          today: dt.date | None = None) -> alt.Chart:
    """Reviews per day stacked by self-grade (quiz cards or drill questions) over the recent calendar days, days
    without reviews included; whole numbers on the count axis."""
    order = list(ratings)
    return alt.Chart(pd.DataFrame(rows)).mark_bar().encode(
        x=_day_axis(last_days(rows, today), day_title),
        y=alt.Y("n:Q", title="reviews", axis=alt.Axis(tickMinStep=1, format="d")),
        color=alt.Color("rating:N", sort=order, scale=alt.Scale(domain=order, range=RATING_COLOURS)),
        tooltip=["day", "rating", "n"])


def retention_chart(rows: list[dict], today: dt.date | None = None) -> alt.Chart:
    """The share of reviews not rated "again", per day, on the same day axis as the reviews."""
    return alt.Chart(pd.DataFrame(rows)).mark_line(point=True).encode(
        x=_day_axis(last_days(rows, today), None), y=alt.Y("retention:Q", scale=alt.Scale(domain=[0, 1])),
        tooltip=["day", "retention", "n"])


@st.cache_resource
def database():
    """One shared read connection per process (SQLite is in serialized mode)."""
    return store.connect()


@st.cache_resource(show_spinner="Loading the search indexes and the embedding model…")
def retriever():
    from core.retrieve import Retriever

    r = Retriever(database())
    r.warm()
    return r


@st.cache_resource
def graph_view():
    """The graph in memory without the search stack (for pages that only draw norm paths)."""
    from core.expand import GraphView

    return GraphView(database())


def writer():
    """A fresh connection for writes, so transactions of concurrent sessions never interleave."""
    return store.connect()


def reset_caches() -> None:
    """After an import or rebuild: reload indexes and the graph on the next question."""
    st.cache_resource.clear()


def require_corpus() -> bool:
    if not store.laws(database()):
        st.info("No laws are built yet. Run `python -m core build` (or `make run`) and reload this page.")
        return False
    return True


def show_answer(a: dict, lang: str, graph: bool = True) -> None:
    """An answer's provision with its quote marked, and the norm path's cards: what the answer depends on (only the
    graph search follows it); then what depends on the answer."""
    show_provision(a, lang)
    if graph:
        show_norm_path(a, lang)
    else:
        st.caption(render.strings(lang)["no_graph"])
    show_citing(a, lang)


def show_citing(a: dict, lang: str) -> None:
    """The provisions that refer to the answer or make an exception to it, other than the norm path's cards, each
    under its heading: a click away, as a citator lists them."""
    db = database()
    shown = {sup["node_id"] for sup in a["supporting"]}
    citing = [n for n in citing_provisions(graph_view(), db, store.get_node(db, a["primary"]["node_id"]))
              if n.id not in shown]
    if not citing:
        return
    headings = store.headings(db, citing)
    with st.expander(render.strings(lang)["cited_by"].format(n=len(citing))):
        st.markdown("  \n".join(render.titled(f"**{n.citation}**", headings.get(n.id, "")) for n in citing))


def show_provision(a: dict, lang: str) -> None:
    p = a["primary"]
    st.caption(f"{render.strings(lang)['primary']} · `{p['node_id']}`")
    if a.get("lead_in"):  # a list item: the words it completes, or it reads as a fragment
        st.markdown(render.lead_in_html(a["lead_in"], lang), unsafe_allow_html=True)
    st.markdown(render.quote_html(p["text"], a["quote"]), unsafe_allow_html=True)
    show_same_words(a, lang)
    if a["quote"]:  # to copy into an answer: the verbatim words with their citation (the block's copy button)
        with st.expander(render.strings(lang)["copy_quote"]):
            st.code(render.cited_quote(a["quote"], p["label"], a.get("lead_in")), language=None, wrap_lines=True)
    show_section(a, lang)


def show_same_words(a: dict, lang: str) -> None:
    """Where else the law states the quoted words (the words alone cannot tell those provisions apart), each under
    the heading that tells it apart: its section's, or within the answer's own section its own."""
    db = database()
    node = store.get_node(db, a["primary"]["node_id"])
    twins = same_words_elsewhere(db, node, a["quote"])
    if not twins:
        return
    sections = store.get_nodes(db, sorted({n.section_id for n in twins if n.section_id}))
    own = store.headings(db, twins)
    labels = [render.titled(n.citation, own[n.id] if n.section_id == node.section_id or
                            n.section_id not in sections else sections[n.section_id].heading) for n in twins]
    st.caption(render.strings(lang)["same_words"].format(labels="; ".join(labels)))


def show_section(a: dict, lang: str) -> None:
    """The provisions around the answer: the other subsections or momentit of its section, or the other items of
    its list, each in its own words."""
    around = section_parts(database(), store.get_node(database(), a["primary"]["node_id"]))
    if around is None:
        return
    s = render.strings(lang)
    title = render.titled(around.section.citation, around.section.heading)
    label = s["whole_list"].format(title=title) if len(around.parts) == 1 else s["whole_section"].format(
        title=title, n=len(around.parts))
    with st.expander(label):
        for part in around.parts:
            quote = a["quote"] if part.id == around.answer_part else None  # marked where it stands verbatim
            own_heading = part.heading if part.heading != around.section.heading else ""  # a marginal note
            st.markdown(render.section_part_html(render.titled(part.citation, own_heading), part.text, lang, quote),
                        unsafe_allow_html=True)


def show_norm_path(a: dict, lang: str) -> None:
    s = render.strings(lang)
    if not a["supporting"] and not a["path"]:
        st.caption(s["no_support"])
    if a["supporting"]:
        st.markdown(f"#### {s['supporting']}")
    for sup in a["supporting"]:
        with st.container(border=True):
            st.markdown(render.card_title_html(sup, lang), unsafe_allow_html=True)
            opening = render.preview(sup["text"])
            if opening:
                st.markdown(render.quote_html(opening, ""), unsafe_allow_html=True)
            else:  # a whole Act or chapter: no words of its own
                st.caption(s["whole_law"])
            if opening != sup["text"]:
                with st.expander(s["whole_text"].format(n=len(sup["text"]))):
                    st.markdown(render.quote_html(sup["text"], ""), unsafe_allow_html=True)
    if a["path"]:
        ids = sorted({x for e in a["path"] for x in (e[0], e[2])})
        labels = {k: n.citation for k, n in store.get_nodes(database(), ids).items()}
        chain = render.path_chain(a["path"], labels)
        if chain:
            st.markdown(f"**{s['path']}:**\n" + "\n".join(f"- {line}" for line in chain))
