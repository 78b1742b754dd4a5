"""Render: HTML for highlighted quotes, readable norm paths and the interactive pyvis graph.

Plain functions that return strings; the pages decide where to put them. Statute text is always
HTML-escaped here, and the graph page carries no CDN links, so it works with no network.
"""
from __future__ import annotations

import html
from dataclasses import dataclass

from core import patterns
from core.model import Edge, Node

NODE_COLOURS = {"LAW": "#4e79a7", "CHAPTER": "#59a14f", "SECTION": "#f28e2b", "MOMENT": "#76b7b2",
                "PARAGRAPH": "#edc948", "DEFINITION": "#b07aa1", "DUTY": "#59a14f", "CONCEPT": "#ff9da7"}
EDGE_COLOURS = {"EXCEPTS": "#e15759", "REFERS_TO": "#4e79a7", "DEFINES": "#b07aa1", "DEFINED_IN": "#b07aa1",
                "USES_TERM": "#d4a6c8", "HAS_SECTION": "#bab0ac", "HAS_CHAPTER": "#bab0ac", "HAS_MOMENT": "#bab0ac",
                "HAS_PARAGRAPH": "#bab0ac", "DUTY": "#59a14f", "ABOUT": "#ff9da7"}
EDGE_PRIORITY = {"EXCEPTS": 0, "REFERS_TO": 1, "DEFINES": 2, "DEFINED_IN": 2, "USES_TERM": 3, "DUTY": 2, "ABOUT": 2}
ROLE = {"exception": {"en": "exception", "fi": "poikkeus"}, "general_rule": {"en": "general rule", "fi": "pääsääntö"},
        "reference": {"en": "reference", "fi": "viittaus"}, "definition": {"en": "definition", "fi": "määritelmä"}}

KIND_NAMES = {"LAW": ("Act", "laki"), "CHAPTER": ("chapter", "luku"), "SECTION": ("section", "pykälä"),
              "MOMENT": ("subsection", "momentti"), "PARAGRAPH": ("paragraph", "kohta"),
              "DEFINITION": ("definition", "määritelmä")}

SUPPORT_PREVIEW = 600  # characters of a norm-path card shown before "whole text" (BIA 2 runs to 13,500)

STRINGS = {
    "en": {"primary": "Answer — the provision", "supporting": "The norm path: what this depends on",
           "path": "Norm path", "candidates": "Candidates (BM25 rank, dense rank, RRF)", "latency": "Latency",
           "nothing": "Nothing found. Try other words, or a citation such as “BIA 50.4(1)”.",
           "as_typed": "Search as typed instead",
           "open_graph": "Open this answer in the Norm path graph", "quote": "Quoted words",
           "part": "part", "heading": "heading", "repealed": " (repealed)", "under": "Part / Division",
           "whole_text": "Whole text ({n:,} characters)", "whole_law": "The whole Act is referred to",
           "no_support": "Norm path: no exception, reference or definition found that this provision depends on.",
           "no_graph": "Norm path: choose the “graph” search to follow exceptions, references and definitions.",
           "copy_quote": "Copy the quote with its citation",
           "alternatives": "Other provisions that may answer", "show_alternative": "Show as the answer",
           "lead_in": "The words it completes",
           "whole_section": "The whole section: {title} ({n} subsections)", "whole_list": "The whole list: {title}",
           "answer_part": "the answer", "same_words": "The same words also stand in {labels}.",
           "cited_by": "Provisions that refer to this one ({n})",
           "statute_words": "Also searched with the Acts' own words for yours: {words}"},
    "fi": {"primary": "Vastaus — säännös", "supporting": "Normipolku: mistä vastaus riippuu",
           "path": "Normipolku", "candidates": "Ehdokkaat (BM25-sija, vektorisija, RRF)", "latency": "Viive",
           "nothing": "Ei osumia. Kokeile muita sanoja tai viittausta, kuten ”KonkL 3 luku 2 §”.",
           "as_typed": "Hae sittenkin kirjoitetussa muodossa",
           "open_graph": "Avaa vastaus normipolkukaaviossa", "quote": "Lainatut sanat",
           "part": "osa", "heading": "otsikko", "repealed": " (kumottu)", "under": "osasto",
           "whole_text": "Koko teksti ({n:,} merkkiä)", "whole_law": "Viittaus koko lakiin tai lukuun",
           "no_support": "Normipolku: ei poikkeuksia, viittauksia eikä määritelmiä, joista säännös riippuu.",
           "no_graph": "Normipolku: valitse haku ”graph”, niin poikkeukset, viittaukset ja määritelmät seurataan.",
           "copy_quote": "Kopioi lainaus viitteineen",
           "alternatives": "Muut säännökset, jotka voivat vastata", "show_alternative": "Näytä vastauksena",
           "lead_in": "Sanat, joita kohta täydentää",
           "whole_section": "Koko pykälä: {title} ({n} momenttia)", "whole_list": "Koko luettelo: {title}",
           "answer_part": "vastaus", "same_words": "Samat sanat ovat myös kohdassa {labels}.",
           "cited_by": "Säännökset, jotka viittaavat tähän ({n})",
           "statute_words": "Haettiin myös lakien omilla sanoilla: {words}"},
}


def interval(days: float) -> str:
    """A review interval as a person reads it: "10 min", "5 h", "3 d", "2.5 mo"."""
    if days < 1 / 24:
        return f"{max(1, round(days * 1440))} min"
    if days < 1:
        return f"{round(days * 24)} h"
    if days < 60:
        return f"{round(days)} d"
    return f"{days / 30.4:.1f} mo"


def found_by(candidate: dict, lang: str = "en") -> str:
    """Which search found a candidate (from its answer-JSON ranks); the graph rules add units neither search
    ranked — a consequence that refers back, a period a provision cites."""
    sides = [name for name, rank in (("BM25", candidate.get("bm25_rank")), ("dense", candidate.get("dense_rank")))
             if rank is not None]
    if sides:
        return " + ".join(sides)
    return "normipolku" if lang == "fi" else "norm path"


def role_label(support: dict, lang: str) -> str:
    """A norm-path card's label: what the provision is to the one it hangs from (an exception, or the general
    rule the answer departs from, a reference, a definition)."""
    return ROLE.get(support.get("role", ""), {}).get("fi" if lang == "fi" else "en", support["via"].lower())


def kind_name(kind: str, lang: str) -> str:
    """A node kind as the statute's readers say it: a MOMENT is a "subsection" in English, a "momentti" in Finnish."""
    names = KIND_NAMES.get(kind)
    return names[lang == "fi"] if names else kind.lower()


def titled(label: str, heading: str) -> str:
    """A citation with the heading it is printed under: "BIA 65.2(1) — Insolvent person may disclaim …"."""
    return f"{label} — {heading}" if heading else label


def cited_quote(quote: str, label: str, lead_in: list[dict] | None = None) -> str:
    """The quote as a student pastes it into an answer: the statute's words in quotation marks, then its citation;
    a list item within the words it completes, each omission marked ("A trustee shall not engage the services of
    a person … whose trustee licence has been cancelled …"; "Where … the licence … has been cancelled … the trustee
    … shall …")."""
    parts = lead_in or []
    lead = "".join(f"{part['text']} … " for part in parts)
    tail = "".join(f" … {part['after']}" for part in reversed(parts) if part.get("after"))
    return f"“{lead}{quote}{tail}” ({label})"


def answer_title(a: dict) -> str:
    """An answer JSON's provision, cited under its heading (the JSON's `headings`, beside DESIGN's `primary`)."""
    p = a["primary"]
    return titled(p["label"], a.get("headings", {}).get(p["node_id"], ""))


def card_title_html(support: dict, lang: str) -> str:
    """A norm-path card's title: its role, citation, heading and node id, escaped (an imported law's headings are
    data, not markup)."""
    heading = f" — {html.escape(support['heading'])}" if support.get("heading") else ""
    return (f"<span class='role'>{html.escape(role_label(support, lang))}</span> · "
            f"<b>{html.escape(support['label'])}</b>{heading} · <code>{html.escape(support['node_id'])}</code>")


def strings(lang: str) -> dict[str, str]:
    return STRINGS["fi" if lang == "fi" else "en"]


def preview(text: str, limit: int = SUPPORT_PREVIEW) -> str:
    """The opening words of a long provision (a prefix of its text, so still verbatim), cut after a sentence or
    at a space; the whole text when it is short."""
    if len(text) <= limit * 3 // 2:  # hiding a few lines behind "whole text" saves nothing
        return text
    head = text[:limit]
    cut = head.rfind(". ")
    cut = cut + 1 if cut >= limit // 2 else head.rfind(" ")
    return text[:cut if cut > 0 else limit]


def by_top_heading(sections: list[Node]) -> dict[str, list[Node]]:
    """An Act's sections grouped under the first heading of their trail ("PART III — Proposals"), in order: how a
    Canadian Act is browsed, as a Finnish one is by chapter."""
    groups: dict[str, list[Node]] = {}
    for n in sections:
        groups.setdefault(n.top_heading(), []).append(n)
    return groups


def quote_html(text: str, quote: str) -> str:
    """The provision's full text, escaped, with the quoted span marked (only if it is verbatim)."""
    pos = text.find(quote) if quote else -1
    if pos < 0:
        return f"<div class='statute'>{html.escape(text)}</div>"
    return (f"<div class='statute'>{html.escape(text[:pos])}<mark>{html.escape(quote)}</mark>"
            f"{html.escape(text[pos + len(quote):])}</div>")


def section_part_html(label: str, text: str, lang: str, answer_quote: str | None = None) -> str:
    """One part of the section around an answer, under its citation; the part holding the answer is labelled so
    and has the answer's quote marked (`answer_quote`, "" when there is none to mark; None for the other parts)."""
    tag = "" if answer_quote is None else f" <span class='role'>· {html.escape(strings(lang)['answer_part'])}</span>"
    return f"<div><b>{html.escape(label)}</b>{tag}</div>" + quote_html(text, answer_quote or "")


def lead_in_html(lead_in: list[dict], lang: str) -> str:
    """A list item's lead-ins (the answer JSON's `lead_in`), outermost first, each under its citation with the
    item's label where the item goes: "A trustee shall not engage the services of a person (a) …", "Where (a) …
    the trustee … shall …"."""
    caption = html.escape(strings(lang)["lead_in"])
    lines = "".join(
        f"<div><b>{html.escape(part['label'])}</b> {html.escape(part['text'])} <b>{html.escape(part['item'])}</b> …"
        + (f" {html.escape(part['after'])}" if part.get("after") else "") + "</div>" for part in lead_in)
    return f"<div class='statute lead-in'><span class='role'>{caption}</span>{lines}</div>"


def path_chain(path: list[list[str]], labels: dict[str, str]) -> list[str]:
    """Readable norm-path steps, one line per provision and edge type, in the path's order: "BIA 50.4(3) —EXCEPTS→
    BIA 50.4(4)", "BIA 82(1) —USES_TERM→ BIA 2 “property”, BIA 2 “bankrupt”" (structural steps left out)."""
    targets: dict[tuple[str, str], list[str]] = {}
    for s, t, g in path:
        if t in ("EXCEPTS", "REFERS_TO", "USES_TERM", "DEFINES", "DEFINED_IN", "DUTY"):
            step = targets.setdefault((s, t), [])
            if g not in step:
                step.append(g)
    return [f"{labels.get(s, s)} —{t}→ {', '.join(labels.get(g, g) for g in gs)}" for (s, t), gs in targets.items()]


def relation_lines(out: list[Edge], incoming: list[Edge], labels: dict[str, str]) -> list[str]:
    """A provision's own references, exceptions and definitions, and the provisions that cite or except it, by
    citation: "REFERS_TO → BIA 50.4(1) (“subsection (1)”)", "REFERS_TO ← BIA 47.1(1), BIA 50(6)(a)"."""
    kinds = ("EXCEPTS", "REFERS_TO", "DEFINES")
    lines = [f"{e.type} → {labels.get(e.target, e.target)}" + (f" (“{e.evidence}”)" if e.evidence else "")
             for e in sorted(out, key=lambda e: (EDGE_PRIORITY.get(e.type, 9), e.start)) if e.type in kinds]
    for kind in kinds[:2]:
        sources = list(dict.fromkeys(labels.get(e.source, e.source) for e in incoming if e.type == kind))
        if sources:
            lines.append(f"{kind} ← {', '.join(sources)}")
    return lines


@dataclass
class GraphData:
    nodes: dict[str, dict]  # id → {"label", "kind", "text", "citation"}
    edges: list[tuple[str, str, str]]


def neighbourhood(view, centers: list[str], depth: int = 1, max_nodes: int = 60, per_type: int = 8) -> tuple[set[str], list[tuple[str, str, str]]]:
    """Nodes within `depth` hops of the centres, most important edges first, bounded in size. The first centre is
    the provision asked about; a definition among the others (an answer's norm path) is drawn but not reached out
    from: what else its term's definition cites ("court" → BIA 204.1, 183(1), …) is not what the answer depends on."""
    keep = set(c for c in centers if c in view.kind)
    edges: set[tuple[str, str, str]] = set()
    frontier = [c for i, c in enumerate(centers) if c in keep and (i == 0 or view.kind[c] != "DEFINITION")]
    for _ in range(max(1, min(depth, 2))):
        nxt = []
        for n in frontier:
            groups: dict[str, list] = {}
            for e in view.out.get(n, []) + view.inn.get(n, []):
                if e.target == n and (e.type == "USES_TERM" or view.kind.get(n) in ("LAW", "CHAPTER")):
                    continue  # definitions and laws are hubs: who uses a term is not its neighbourhood
                if e.source == n and view.kind.get(n) in ("LAW", "CHAPTER") and e.type.startswith("HAS_"):
                    continue
                groups.setdefault(e.type, []).append(e)
            for etype in sorted(groups, key=lambda t: EDGE_PRIORITY.get(t, 5)):
                for e in groups[etype][:per_type]:
                    other = e.target if e.source == n else e.source
                    if other not in view.kind:
                        continue
                    if other not in keep:
                        if len(keep) >= max_nodes:
                            continue
                        keep.add(other)
                        nxt.append(other)
                    edges.add((e.source, e.type, e.target))
        frontier = nxt
    return keep, sorted(e for e in edges if e[0] in keep and e[2] in keep)


def graph_html(data: GraphData, emphasis: set[tuple[str, str, str]] | None = None, selected: str | None = None,
               height: str = "560px") -> str:
    """A self-contained pyvis page: colours by node and edge type, the answer's path emphasised."""
    from pyvis.network import Network  # noqa: PLC0415

    emphasis = emphasis or set()
    emphasised_nodes = {n for e in emphasis for n in (e[0], e[2])}
    net = Network(height=height, width="100%", directed=True, cdn_resources="in_line")
    net.barnes_hut(gravity=-5000, spring_length=160)
    net.set_options('{"nodes": {"font": {"size": 18, "strokeWidth": 3}, "scaling": {"label": {"drawThreshold": 3}}},'
                    ' "edges": {"arrows": {"to": {"enabled": true, "scaleFactor": 0.6}}, "smooth": {"type": "continuous"}},'
                    ' "interaction": {"hover": true, "tooltipDelay": 150}, "physics": {"stabilization": {"iterations": 250}}}')
    for node_id, info in data.nodes.items():
        kind = info.get("kind", "SECTION")
        label = info.get("citation") or node_id
        net.add_node(node_id, label=label[:40], title=f"{label}\n\n{info.get('text', '')[:1200]}",
                     color=NODE_COLOURS.get(kind, "#999999"), shape="dot",
                     size=26 if node_id == selected else (20 if node_id in emphasised_nodes else 13),
                     borderWidth=4 if node_id == selected else (3 if node_id in emphasised_nodes else 1))
    for s, t, g in data.edges:
        strong = (s, t, g) in emphasis
        net.add_edge(s, g, title=t, color=EDGE_COLOURS.get(t, "#999999"), width=4 if strong else 1.2,
                     dashes=t.startswith("HAS_"))
    return strip_cdn(net.generate_html(notebook=False))


def strip_cdn(page: str) -> str:
    """Remove the stylesheet and script tags that pyvis links from CDNs even in in-line mode."""
    return patterns.CDN_SCRIPT.sub("", patterns.CDN_LINK.sub("", page))


def legend_html() -> str:
    def named(kind: str) -> str:  # "Subsection / momentti"
        en, fi = kind_name(kind, "en"), kind_name(kind, "fi")
        return en[:1].upper() + en[1:] + (f" / {fi}" if fi != en else "")

    items = [f"<span style='color:{c}'>●</span> {named(k)}" for k, c in NODE_COLOURS.items()]
    edges = [f"<span style='color:{EDGE_COLOURS[k]}'>━</span> {k}" for k in ("EXCEPTS", "REFERS_TO", "USES_TERM",
                                                                          "DEFINES", "HAS_MOMENT", "DUTY")]
    return "<div style='font-size:0.85em'>" + " &nbsp; ".join(items) + "<br>" + " &nbsp; ".join(edges) + "</div>"


def node_info(nodes: dict[str, Node]) -> dict[str, dict]:
    return {n.id: {"citation": n.citation, "kind": n.kind, "text": n.text} for n in nodes.values()}
