"""Rendering: statute text is escaped everywhere and the graph page links nothing outside the machine."""
from __future__ import annotations

import re

from core import render

HOSTILE = "A provision <script>alert('x')</script> & “quoted” </script><img src=x onerror=alert(1)>"


def test_quote_html_escapes_and_marks_only_verbatim_quotes():
    out = render.quote_html(HOSTILE, "alert('x')")
    assert "<script>" not in out and "&lt;script&gt;" in out and "<img" not in out
    assert "<mark>alert(&#x27;x&#x27;)</mark>" in out
    assert "<mark>" not in render.quote_html(HOSTILE, "not in the text")


def test_graph_page_escapes_text_and_has_no_cdn_links():
    data = render.GraphData({"X:1": {"citation": "X 1", "kind": "SECTION", "text": HOSTILE},
                             "X:2": {"citation": "X 2", "kind": "DEFINITION", "text": "defined"}},
                            [("X:1", "USES_TERM", "X:2")])
    page = render.graph_html(data, emphasis={("X:1", "USES_TERM", "X:2")}, selected="X:1")
    assert "alert('x')</script>" not in page and "<img src=x" not in page  # inside the page's data, escaped
    assert "\\u003cscript\\u003e" in page
    assert not re.search(r"<(?:link|script)[^>]+(?:href|src)=\"https?://", page)
    assert "vis.Network" in page or "vis.DataSet" in page  # the library is in-line


def test_path_chain_is_readable():
    chain = render.path_chain([["B-3:50.4:3", "EXCEPTS", "B-3:50.4:4"], ["B-3:50.4", "HAS_MOMENT", "B-3:50.4:3"]],
                              {"B-3:50.4:3": "BIA 50.4(3)", "B-3:50.4:4": "BIA 50.4(4)"})
    assert chain == ["BIA 50.4(3) —EXCEPTS→ BIA 50.4(4)"]
    # One line per provision and edge type, its targets in the path's order.
    labels = {"B-3:82:1": "BIA 82(1)", "B-3:def:property": "BIA 2 “property”", "B-3:def:bankrupt": "BIA 2 “bankrupt”",
              "B-3:def:person": "BIA 2 “person”"}
    chain = render.path_chain([["B-3:82:1", "USES_TERM", "B-3:def:property"], ["B-3:82:1", "USES_TERM", "B-3:def:bankrupt"],
                               ["B-3:def:bankrupt", "USES_TERM", "B-3:def:person"]], labels)
    assert chain == ["BIA 82(1) —USES_TERM→ BIA 2 “property”, BIA 2 “bankrupt”", "BIA 2 “bankrupt” —USES_TERM→ BIA 2 “person”"]


def test_found_by_names_the_search_or_the_norm_path():
    from core.render import found_by

    assert found_by({"bm25_rank": 3, "dense_rank": 1, "rrf": 0.03}) == "BM25 + dense"
    assert found_by({"bm25_rank": None, "dense_rank": 7, "rrf": 0.01}) == "dense"
    assert found_by({"bm25_rank": None, "dense_rank": None, "rrf": 0.0}) == "norm path"
    assert found_by({"bm25_rank": None, "dense_rank": None, "rrf": 0.0}, "fi") == "normipolku"


def test_preview_is_a_verbatim_opening_of_a_long_provision():
    long_text = "The first sentence is here. " * 40
    opening = render.preview(long_text, limit=600)
    assert long_text.startswith(opening) and opening.endswith(".") and len(opening) <= 600
    words = "word " * 200
    assert words.startswith(render.preview(words, limit=600)) and len(render.preview(words, limit=600)) < 600
    short = "A provision of 800 characters stays whole. " * 18
    assert render.preview(short, limit=600) == short


def test_a_norm_path_cards_title_is_escaped():
    title = render.card_title_html({"role": "exception", "via": "EXCEPTS", "label": "X 1", "node_id": "X:1",
                                    "heading": HOSTILE}, "en")
    assert "<script>" not in title and "<img" not in title and "&lt;script&gt;" in title
    assert title.startswith("<span class='role'>exception</span> · <b>X 1</b> — ")


def test_node_kinds_are_named_as_readers_name_them():
    assert render.kind_name("MOMENT", "en") == "subsection" and render.kind_name("MOMENT", "fi") == "momentti"
    assert render.kind_name("PARAGRAPH", "fi") == "kohta" and render.kind_name("SECTION", "en") == "section"
    assert render.kind_name("DUTY", "en") == "duty"  # a kind without a reader's name keeps its own
    legend = render.legend_html()
    assert "Subsection / momentti" in legend and "Act / laki" in legend and "Moment" not in legend
