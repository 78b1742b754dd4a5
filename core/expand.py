"""Expand: the norm path around a primary provision.

From the primary (with the provisions inside it and the lead-ins above it, whose words apply
to it) follow EXCEPTS, then REFERS_TO, then term definitions, at most 2 hops and 10 added
nodes; a definition reached on the way leads on to what it refers to and the terms it uses, not
to the places it says it does not apply. An added node scores its parent's score minus 0.05 per
hop. The path keeps every edge used, structural ones included, so the chain from the primary to
each node can be shown.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import sqlite_utils

from core import patterns, store
from core.model import Edge

MAX_HOPS = 2
MAX_ADDED = 10
HOP_DECAY = 0.05
PRIORITY = {"EXCEPTS": 0, "EXCEPTED_BY": 1, "REFERS_TO": 2, "USES_TERM": 3, "DEFINES": 3}
VIA_LABEL = {"EXCEPTS": "EXCEPTS", "EXCEPTED_BY": "EXCEPTS", "REFERS_TO": "REFERS_TO", "USES_TERM": "DEFINES",
             "DEFINES": "DEFINES"}
MAX_INCOMING_EXCEPTIONS = 3


@dataclass
class Support:
    node_id: str
    via: str  # EXCEPTS, REFERS_TO or DEFINES (definitions)
    score: float
    hops: int
    edge: list[str]  # the edge that reached it [source, type, target]
    evidence: str = ""
    # exception (it prevails over the provision it hangs from), general_rule (that provision prevails over it),
    # reference or definition
    role: str = ""


@dataclass
class Expansion:
    supports: list[Support] = field(default_factory=list)
    path: list[list[str]] = field(default_factory=list)


def source_overrides(text: str, start: int, end: int) -> bool:
    """Whether the provision whose `text` holds an EXCEPTS reference at [start, end) overrides what it names
    ("notwithstanding X", "X:n estämättä") rather than yielding to it ("subject to X", "jollei X:stä muuta
    johdu"): the trigger nearest the reference decides."""
    before, after = text[max(0, start - 40):start], text[end:end + 40]
    triggers = [(len(before) - m.end(), m) for m in patterns.EXCEPTION_DIRECTION.finditer(before)]
    triggers += [(m.start(), m) for m in patterns.EXCEPTION_DIRECTION.finditer(after)]
    return bool(triggers) and min(triggers, key=lambda t: t[0])[1].group("overrides") is not None


class GraphView:
    """The whole graph in memory (ids, kinds, parents, edges by source and target) for fast expansion."""

    def __init__(self, db: sqlite_utils.Database) -> None:
        self.kind: dict[str, str] = {}
        self.parent: dict[str, str | None] = {}
        self.label: dict[str, str] = {}
        self.lang: dict[str, str] = {}
        for r in db.query("SELECT id, kind, parent_id, label, lang FROM nodes"):
            self.kind[r["id"]], self.parent[r["id"]] = r["kind"], r["parent_id"]
            self.label[r["id"]], self.lang[r["id"]] = r["label"], r["lang"]
        self.out: dict[str, list[Edge]] = {}
        self.inn: dict[str, list[Edge]] = {}
        for e in store.all_edges(db):
            self.out.setdefault(e.source, []).append(e)
            self.inn.setdefault(e.target, []).append(e)
        self._term_cache: dict[str, set[str]] = {}
        excepts = [e for edges in self.out.values() for e in edges if e.type == "EXCEPTS"]
        refers = [e for edges in self.out.values() for e in edges if e.type == "REFERS_TO"]
        texts = {n.id: n.text for n in store.get_nodes(db, sorted({e.source for e in excepts + refers})).values()}
        self._overriding = {(e.source, e.target, e.start) for e in excepts
                            if source_overrides(texts.get(e.source, ""), e.start, e.end)}
        self._disapplying = {(e.source, e.target, e.start) for e in refers
                             if patterns.DISAPPLIED_HERE.match(texts.get(e.source, "")[e.end:])}

    def overrides(self, edge: Edge) -> bool:
        """Whether an EXCEPTS edge's source prevails over its target (see `source_overrides`)."""
        return (edge.source, edge.target, edge.start) in self._overriding

    def disapplies(self, edge: Edge) -> bool:
        """Whether a REFERS_TO edge's reference says its target does not apply ("Subsection (1) does not apply …",
        "Mitä 1 momentissa säädetään, ei sovelleta …")."""
        return (edge.source, edge.target, edge.start) in self._disapplying

    def structure_below(self, node_id: str) -> list[Edge]:
        """The HAS_MOMENT / HAS_PARAGRAPH edges of the node's subtree, depth first."""
        edges, stack = [], [node_id]
        while stack:
            for e in self.out.get(stack.pop(), ()):
                if e.type in ("HAS_MOMENT", "HAS_PARAGRAPH"):
                    edges.append(e)
                    stack.append(e.target)
        return edges

    def subtree(self, node_id: str) -> list[str]:
        """The node and every node below it (its subsections / momentit and their items)."""
        return [node_id] + [e.target for e in self.structure_below(node_id)]

    def ancestor(self, node_id: str, kinds: tuple[str, ...]) -> str:
        """The node itself or its nearest ancestor of one of `kinds` (the node itself when there is none)."""
        node: str | None = node_id
        while node is not None and self.kind.get(node) not in kinds:
            node = self.parent.get(node)
        return node or node_id

    def term_lemmas(self, def_id: str) -> set[str]:
        if def_id not in self._term_cache:
            from core.normalize import analyzer  # noqa: PLC0415

            self._term_cache[def_id] = set(analyzer(self.lang.get(def_id, "en")).terms(self.label.get(def_id, "")))
        return self._term_cache[def_id]


def _scope(graph: GraphView, node_id: str) -> tuple[list[str], list[list[str]]]:
    """The node, its descendants and its ancestors up to the section, with the tree edges between them."""
    below = graph.structure_below(node_id)
    ids = [node_id] + [e.target for e in below]
    tree = [[e.source, e.type, e.target] for e in below]
    # The definitions a provision states are part of its text, and the terms they use are theirs.
    held = [e for i in ids for e in graph.out.get(i, ()) if e.type == "DEFINES"]
    ids += [e.target for e in held]
    tree += [[e.source, e.type, e.target] for e in held]
    node = node_id
    while graph.kind.get(node) in ("MOMENT", "PARAGRAPH", "DEFINITION") and graph.parent.get(node):
        parent = graph.parent[node]
        if graph.kind.get(parent) not in ("SECTION", "MOMENT", "PARAGRAPH"):
            break
        kind = graph.kind[node]
        if kind == "DEFINITION":
            tree.append([node, "DEFINED_IN", parent])
        else:
            tree.append([parent, "HAS_MOMENT" if kind == "MOMENT" else "HAS_PARAGRAPH", node])
        ids.append(parent)
        node = parent
    return ids, tree


def _steps(graph: GraphView, node_id: str, question_terms: set[str] | None,
           from_primary: bool = True) -> list[tuple[str, str, Edge]]:
    """Outgoing norm-path steps of one node (and its scope) as (kind, target, edge), best first. Beyond the
    primary, a definition's exceptions are not followed: "court, except in paragraphs 178(1)(a) …" names where the
    word means something else, which is nothing the provisions using the word depend on."""
    scope, _ = _scope(graph, node_id)
    scope_set = set(scope)
    steps: list[tuple[int, float, int, str, str, Edge]] = []
    for src in scope:
        for e in graph.out.get(src, ()):
            if e.type == "EXCEPTS" and not from_primary and graph.kind.get(src) == "DEFINITION":
                continue
            if e.type in ("EXCEPTS", "REFERS_TO", "USES_TERM") and e.target not in scope_set:
                rank = _definition_rank(graph, e.target, question_terms) if e.type == "USES_TERM" else 0.0
                steps.append((PRIORITY[e.type], rank, e.start if e.start >= 0 else 0, e.type, e.target, e))
    incoming = []
    for e in graph.inn.get(node_id, ()):
        if e.type == "EXCEPTS" and e.source not in scope_set:
            same_section = e.source.startswith(node_id.rsplit(":", 1)[0])
            incoming.append((0 if same_section else 1, e.source, e))
    for i, (_, source, e) in enumerate(sorted(incoming, key=lambda x: x[:2])[:MAX_INCOMING_EXCEPTIONS]):
        steps.append((PRIORITY["EXCEPTED_BY"], 0.0, i, "EXCEPTED_BY", source, e))
    steps.sort(key=lambda s: (s[0], -s[1], s[2], s[4]))
    return [(kind, target, e) for _, _, _, kind, target, e in steps]


def _role(graph: GraphView, kind: str, edge: Edge) -> str:
    """What a step's node is to the node it hangs from: an exception prevails over it ("notwithstanding
    subsection (1)" points from the exception to the rule; "subject to subsection (2)" from the rule to it)."""
    if kind == "EXCEPTS":
        return "general_rule" if graph.overrides(edge) else "exception"
    if kind == "EXCEPTED_BY":
        return "exception" if graph.overrides(edge) else "general_rule"
    return "reference" if kind == "REFERS_TO" else "definition"


def _definition_rank(graph: GraphView, def_id: str, question_terms: set[str] | None) -> float:
    """Definitions whose term the question uses come first; then longer (more specific) terms."""
    term_lemmas = graph.term_lemmas(def_id)
    overlap = len(term_lemmas & question_terms) / max(1, len(term_lemmas)) if question_terms else 0.0
    return overlap * 10 + min(len(term_lemmas), 4)


def expand(graph: GraphView, primary_id: str, primary_score: float,
           question_terms: set[str] | None = None, max_hops: int = MAX_HOPS, max_added: int = MAX_ADDED) -> Expansion:
    result = Expansion()
    scope, tree = _scope(graph, primary_id)
    seen = {primary_id} | set(scope)
    frontier = [(primary_id, primary_score)]
    for hop in range(1, max_hops + 1):
        next_frontier = []
        for node_id, score in frontier:
            for kind, target, e in _steps(graph, node_id, question_terms, from_primary=node_id == primary_id):
                if len(result.supports) >= max_added:
                    break
                if target in seen or target not in graph.kind:
                    continue
                seen.add(target)
                support = Support(target, VIA_LABEL[kind], round(score - HOP_DECAY, 6), hop,
                                  [e.source, e.type, e.target], e.evidence, _role(graph, kind, e))
                result.supports.append(support)
                result.path.append([e.source, e.type, e.target])
                next_frontier.append((target, support.score))
        frontier = next_frontier
        if len(result.supports) >= max_added or not frontier:
            break
    hop2_scopes = []
    for s in result.supports:
        if s.hops == 2:
            hop2_scopes.extend(_scope(graph, s.edge[0])[1])
    result.path = _connect(primary_id, tree + hop2_scopes, result.path)
    return result


def _connect(primary_id: str, tree: list[list[str]], path: list[list[str]]) -> list[list[str]]:
    """The path edges plus just the tree edges needed to join each edge's source to the primary."""
    adjacency: dict[str, list[list[str]]] = {}
    for e in tree:
        adjacency.setdefault(e[0], []).append(e)
        adjacency.setdefault(e[2], []).append(e)
    out: list[list[str]] = []
    reached = {primary_id}
    for edge in path:
        src = edge[0]
        if src not in reached:
            chain = _tree_path(primary_id, src, adjacency, reached)
            for c in chain:
                if c not in out:
                    out.append(c)
                reached.update((c[0], c[2]))
        if edge not in out:
            out.append(edge)
        reached.update((edge[0], edge[2]))
    return out


def _tree_path(start: str, goal: str, adjacency: dict[str, list[list[str]]], reached: set[str]) -> list[list[str]]:
    # In a fixed order: which of two equally short chains is kept must not depend on the hash seed.
    frontier = [(n, []) for n in sorted(reached)] if reached else [(start, [])]
    visited = set(reached)
    while frontier:
        nxt = []
        for node, chain in frontier:
            if node == goal:
                return chain
            for e in adjacency.get(node, []):
                other = e[2] if e[0] == node else e[0]
                if other not in visited:
                    visited.add(other)
                    nxt.append((other, chain + [e]))
        frontier = nxt
    return []


def path_connects(path: list[list[str]], start: str, goal: str) -> bool:
    """Whether `path` (read as undirected edges) joins `start` to `goal`."""
    adjacency: dict[str, set[str]] = {}
    for s, _, t in path:
        adjacency.setdefault(s, set()).add(t)
        adjacency.setdefault(t, set()).add(s)
    seen, stack = {start}, [start]
    while stack:
        n = stack.pop()
        if n == goal:
            return True
        for m in adjacency.get(n, ()):
            if m not in seen:
                seen.add(m)
                stack.append(m)
    return False
