"""Graph: deterministic edges from a parsed law.

Structural edges follow the tree. REFERS_TO / EXCEPTS come from references in the text
(English and Finnish grammars in core.patterns), DEFINES / DEFINED_IN from definitions, and
USES_TERM from defined terms found (by normalised form) in other provisions. Every edge keeps
the matched span and its offsets in its source node's text; a reference that does not resolve
to a node of the corpus is kept as an UnresolvedRef, never as an edge to an invented node.

The source of a textual edge is the smallest provision whose text contains the span.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from core import patterns
from core.model import Edge, LawInfo, Node, ParsedLaw, UnresolvedRef
from core.normalize import analyzer, fi_word_info

STRUCTURAL = {"SECTION": "HAS_SECTION", "MOMENT": "HAS_MOMENT", "PARAGRAPH": "HAS_PARAGRAPH",
              "CHAPTER": "HAS_CHAPTER"}
TEXTUAL_KINDS = ("SECTION", "MOMENT", "PARAGRAPH", "DEFINITION")
# On a tie of spans the deeper provision owns the words, and a provision owns them before a definition that
# spans all of it ("… is to be read as follows: consumer debtor means …").
_OWNER_RANK = {"PARAGRAPH": 0, "MOMENT": 1, "SECTION": 3, "DEFINITION": 4}


@dataclass
class LawIndex:
    """What reference resolution needs to know about one law of the corpus."""
    info: LawInfo
    ids: set[str]
    sections: list[Node]  # in document order
    children: dict[str, list[str]] = field(default_factory=dict)  # parent id → child ids in order
    kinds: dict[str, tuple[str, int]] = field(default_factory=dict)  # id → (kind, depth)

    @classmethod
    def from_nodes(cls, info: LawInfo, nodes: list[Node]) -> "LawIndex":
        idx = cls(info=info, ids={n.id for n in nodes}, sections=[n for n in nodes if n.kind == "SECTION"])
        for n in sorted(nodes, key=lambda n: n.ordinal):
            if n.parent_id and n.kind != "DEFINITION":
                idx.children.setdefault(n.parent_id, []).append(n.id)
            idx.kinds[n.id] = (n.kind, n.depth)
        return idx

    @property
    def per_chapter(self) -> bool:
        return len({s.label for s in self.sections}) < len(self.sections)

    def section_by_label(self, label: str, chapter: str | None) -> str | None:
        if chapter is not None:
            sid = f"{self.info.key}:{chapter}:{label}"
            return sid if sid in self.ids else None
        found = [s.id for s in self.sections if s.label == label]
        return found[0] if len(found) == 1 else None

    def range(self, first: str, last: str) -> list[str]:
        """Siblings from `first` to `last` inclusive, in document order."""
        parent = first.rsplit(":", 1)[0]
        sibs = self.children.get(parent, [])
        if self.info.lang == "en" or first not in sibs:
            sibs = [s.id for s in self.sections] if first.count(":") == 1 else sibs
        if first in sibs and last in sibs:
            a, b = sibs.index(first), sibs.index(last)
            if a <= b:
                return sibs[a:b + 1]
        return [first, last]


class Corpus:
    """All laws' indexes, for cross-law references."""

    def __init__(self, laws: dict[str, LawIndex]) -> None:
        self.laws = laws
        self.name_patterns = {key: _law_name_pattern(idx.info) for key, idx in laws.items()}

    def law_by_name(self, text: str) -> str | None:
        for key, pat in self.name_patterns.items():
            if pat is not None and pat.search(text):
                return key
        return None

    def law_by_number(self, num: str) -> str | None:
        number, _, year = num.partition("/")
        for key in self.laws:
            k_num, _, k_year = key.partition("/")
            if k_num == number and (k_year == year or k_year[-2:] == year[-2:]):
                return key
        return None


def _law_name_pattern(info: LawInfo) -> re.Pattern | None:
    """A Finnish law named in running text: 'konkurssilain', 'yrityksen saneerauksesta annetussa laissa'."""
    if info.lang != "fi":
        return None
    title = patterns.TITLE_TRAILING_NUMBER.sub("", info.title).strip()
    if title.lower().startswith("laki "):
        return patterns.fi_law_by_subject(title[5:].lower())
    return patterns.fi_law_by_stem(title.lower()[:-2] if title.lower().endswith("ki") else title.lower())


@dataclass
class GraphResult:
    nodes: list[Node]  # DEFINITION nodes created here (Finnish)
    edges: list[Edge]
    unresolved: list[UnresolvedRef]


def _part_of_a_name(text: str, start: int, end: int) -> bool:
    """Whether a capitalised term stands beside another capitalised word of a name ("Supreme Court", "Receiver
    General"); a capital that only starts a sentence ("The Superintendent may …") makes no name."""
    if not text[start].isupper():
        return False
    if patterns.NAME_WORD_AFTER.match(text, end):
        return True
    before = patterns.NAME_WORD_BEFORE.search(text, max(0, start - 40), start)
    preceding = text[:before.start()].rstrip() if before else ""
    return bool(preceding) and preceding[-1] not in ".;:?!()"


def names_in_parentheses(definition: Node) -> bool:
    """Whether a Finnish definition names its term in parentheses ("… luettelo (pesäluettelo)"): its text is its
    kohta or momentti's, which is searched already."""
    return definition.lang == "fi" and f"({definition.term})" in definition.text


def _names_a_term(phrase: str) -> bool:
    """Whether a parenthesised Finnish phrase names a term: its last word can be a nominative ("pesäluettelo",
    "massavelat", "tavallisten velkojen vähimmäiskertymä"), not only another case glossing the word before it
    ("luovuttajalla (myyjällä)", "yksityishenkilön (velallisen)"). A word Voikko does not know (a new compound,
    "julkisselvittäjä") counts unless it ends like an inflected one."""
    last = phrase.split()[-1].lower()
    readings = fi_word_info(last)
    if readings:
        return any(r.case == "nimento" for r in readings)
    return not patterns.FI_CASE_ENDING.search(last)


def build_graph(law: ParsedLaw, corpus: Corpus) -> GraphResult:
    """All edges of one law. `corpus` must include this law's index."""
    builder = _GraphBuilder(law, corpus)
    builder.structural()
    builder.definitions()
    builder.references()
    builder.uses_terms()
    return GraphResult(nodes=builder.new_nodes, edges=builder.dedup_edges(), unresolved=builder.unresolved)


class _GraphBuilder:
    def __init__(self, law: ParsedLaw, corpus: Corpus) -> None:
        self.law = law
        self.key = law.info.key
        self.corpus = corpus
        self.index = corpus.laws[self.key]
        self.edges: list[Edge] = []
        self.unresolved: list[UnresolvedRef] = []
        self.new_nodes: list[Node] = []
        self.by_id = {n.id: n for n in law.nodes}
        self.section_text = {n.id: n.text for n in law.nodes if n.kind == "SECTION"}
        self._spans: dict[str, list[Node]] = {}
        for n in law.nodes:
            if n.kind in TEXTUAL_KINDS and n.section_id:
                self._spans.setdefault(n.section_id, []).append(n)

    # -- helpers ---------------------------------------------------------------------------------
    def owner(self, section_id: str, start: int, end: int, exclude_definitions: bool = False) -> Node:
        """The smallest provision of the section whose text contains [start, end)."""
        best = self.by_id[section_id]
        best_key = (best.end - best.start, _OWNER_RANK["SECTION"])
        for n in self._spans.get(section_id, ()):
            if n.start <= start and end <= n.end:
                if exclude_definitions and n.kind == "DEFINITION":
                    continue
                key = (n.end - n.start, _OWNER_RANK[n.kind])
                if key < best_key:  # the smallest span; on a tie the deeper provision (a lone momentti)
                    best, best_key = n, key
        return best

    def add_edge(self, source: Node, etype: str, target: str, start: int, end: int) -> None:
        if target == source.id:
            return
        text = self.section_text[source.section_id]
        self.edges.append(Edge(source.id, etype, target, self.key, text[start:end],
                               start - source.start, end - source.start))

    def add_unresolved(self, source: Node, start: int, end: int, reason: str) -> None:
        text = self.section_text[source.section_id]
        self.unresolved.append(UnresolvedRef(source.id, self.key, text[start:end],
                                             start - source.start, end - source.start, reason))

    def dedup_edges(self) -> list[Edge]:
        seen: set[tuple[str, str, str]] = set()
        out = []
        for e in self.edges:
            if e.key not in seen:
                seen.add(e.key)
                out.append(e)
        return out

    # -- structure -------------------------------------------------------------------------------
    def structural(self) -> None:
        for n in self.law.nodes:
            if n.kind == "SECTION":
                self.edges.append(Edge(self.key, "HAS_SECTION", n.id, self.key))
            elif n.kind == "CHAPTER":
                self.edges.append(Edge(self.key, "HAS_CHAPTER", n.id, self.key))
            elif n.kind in ("MOMENT", "PARAGRAPH") and n.parent_id:
                self.edges.append(Edge(n.parent_id, STRUCTURAL[n.kind], n.id, self.key))

    # -- definitions -----------------------------------------------------------------------------
    def definitions(self) -> None:
        if self.law.info.lang == "fi":
            self._finnish_definitions()
        for n in list(self.law.nodes) + self.new_nodes:
            if n.kind == "DEFINITION" and n.parent_id:
                host = self.by_id[n.parent_id]
                text = self.section_text[n.section_id]
                pos = text.lower().find(n.term.lower(), n.start, n.end) if n.term else -1
                s, e = (pos, pos + len(n.term)) if pos >= 0 else (n.start, n.end)
                self.edges.append(Edge(host.id, "DEFINES", n.id, self.key, text[s:e], s - host.start, e - host.start))
                self.edges.append(Edge(n.id, "DEFINED_IN", host.id, self.key, text[s:e], s - n.start, e - n.start))

    def _finnish_definitions(self) -> None:
        fi = analyzer("fi")
        terms_at: dict[str, list[str]] = {}  # host id → the terms it defines, in order: one DEFINITION node each
        list_hosts: set[str] = set()
        for moment in [n for n in self.law.nodes if n.kind == "MOMENT"]:
            kids = [self.by_id[c] for c in self.index.children.get(moment.id, [])]
            intro_end = (kids[0].start - moment.start) if kids else len(moment.text)
            intro = moment.text[:intro_end]
            intro = patterns.FI_TRAILING_ITEM_LABEL.sub("", intro)
            if kids and patterns.FI_DEFINITION_INTRO.search(intro):
                for kohta in kids:
                    m = patterns.FI_DEFINED_TERM_ITEM.match(kohta.text)
                    if m:
                        terms_at.setdefault(kohta.id, []).append(m.group("term"))
                        list_hosts.add(kohta.id)
        for n in [n for n in self.law.nodes if n.kind in ("MOMENT", "PARAGRAPH")]:
            if n.id in list_hosts or (n.kind == "MOMENT" and self.index.children.get(n.id)):
                continue
            terms = [m.group("term") for m in patterns.FI_DEFINED_TERM_INLINE.finditer(n.text)]
            terms = [t for t in terms if not patterns.FI_PRONOUN_ADESSIVE.match(t.split()[-1])]
            if terms:
                terms_at.setdefault(n.id, []).extend(terms)
        # A term named in parentheses after what it means, defined by the kohta or momentti that holds it.
        for moment in [n for n in self.law.nodes if n.kind == "MOMENT" and not n.repealed]:
            for m in patterns.FI_PARENTHETICAL_TERM.finditer(moment.text):
                if _names_a_term(m.group("term")):
                    start = moment.start + m.start("term")
                    host = self.owner(moment.section_id, start, start + len(m.group("term")), exclude_definitions=True)
                    if m.group("term") not in terms_at.get(host.id, []):
                        terms_at.setdefault(host.id, []).append(m.group("term"))
        for host_id, terms in terms_at.items():
            self._fi_definition(self.by_id[host_id], terms, fi)

    def _fi_definition(self, host: Node, printed_terms: list[str], fi) -> None:
        base_terms = []
        for printed in printed_terms:
            words = [w for w in printed.split() if w.lower() not in ("tässä", "laissa")]
            base_terms.append(" ".join(fi.lemma(w) for w in words))
        node = Node(
            id=f"{self.key}:def:{host.id[len(self.key) + 1:]}", law_key=self.key, kind="DEFINITION",
            label="; ".join(base_terms), citation=f"{host.citation} ({', '.join(base_terms)})",
            parent_id=host.id, ordinal=host.ordinal, lang="fi", text=host.text, section_id=host.section_id,
            start=host.start, end=host.end, term=printed_terms[0],
        )
        self.new_nodes.append(node)
        self.by_id[node.id] = node
        self._spans.setdefault(host.section_id, []).append(node)

    # -- references ------------------------------------------------------------------------------
    def references(self) -> None:
        for section_id, text in self.section_text.items():
            if self.by_id[section_id].repealed and len(text) < 80:
                continue
            if self.law.info.lang == "fi":
                self._finnish_refs(section_id, text)
            else:
                self._english_refs(section_id, text)

    # English ------------------------------------------------------------------------------------
    def _excepted_by_lead_in(self, section_id: str, text: str, item: Node, lead: str) -> bool:
        """A list item's reference named as an exception by the lead-in it completes: "ranks above every other
        claim …, except (a) rights under sections 81.1 and 81.2; … (c) securities under sections 81.3 and 81.4"."""
        if item.kind != "PARAGRAPH" or not patterns.CA_ITEM_QUALIFIER.match(lead):
            return False
        holder = self.by_id.get(item.parent_id)
        items = [n.start for n in self._spans.get(section_id, ()) if n.parent_id == item.parent_id]
        if holder is None or not items:
            return False
        lead_in = patterns.CA_ITEM_LABEL_END.sub("", text[holder.start:min(items)])
        return bool(patterns.CA_EXCEPTION_TRIGGER.search(lead_in))

    def _english_refs(self, section_id: str, text: str) -> None:
        markups = [m for m in self.law.markups if m.section_id == section_id]
        covered: list[tuple[int, int]] = []
        prev_end, prev_exception = -1, False
        label_starts = sorted({text.rfind("(", 0, n.start) for n in self._spans.get(section_id, ())
                               if n.kind in ("MOMENT", "PARAGRAPH")})
        for m in self._english_ref_matches(text, label_starts):
            source = self.owner(section_id, m.start(), m.end())
            lead = text[max(source.start, prev_end if prev_end >= 0 else source.start):m.start()]
            between = text[prev_end:m.start()] if prev_end >= source.start else ""
            is_exception = bool(patterns.CA_EXCEPTION_TRIGGER.search(lead)) or bool(
                patterns.CA_EXCEPTION_QUALIFIED.search(lead[-120:])) or (
                prev_exception and prev_end >= source.start and bool(
                    patterns.CA_LIST_GLUE.match(between) or patterns.CA_EXCEPTION_CONTINUES.match(between)))
            if not is_exception:
                is_exception = self._excepted_by_lead_in(section_id, text, source, lead)
            prev_end, prev_exception = m.end(), is_exception
            covered.append((m.start(), m.end()))
            after = text[m.end():m.end() + 120]
            target_law = self.key
            if patterns.CA_THAT_ACT_AFTER.match(after):
                # "section 2 of that Act": the act this provision named last, if it is one of the corpus.
                named = [x for x in markups if x.kind == "XRefExternal" and source.start <= x.start < m.start()]
                if named and named[-1].attr in self.corpus.laws:
                    target_law = named[-1].attr
                else:
                    self.add_unresolved(source, m.start(), m.end(), "refers to a provision of another Act")
                    continue
            elif patterns.CA_OTHER_ACT_AFTER.match(after):
                ext = next((x for x in markups if x.kind == "XRefExternal" and m.end() <= x.start <= m.end() + 12), None)
                link = ext.attr if ext else ""
                if link in self.corpus.laws and link != self.key:
                    target_law = link
                    covered.append((ext.start, ext.end))
                else:
                    name = text[ext.start:ext.end] if ext else "another Act"
                    covered.append((ext.start, ext.end) if ext else (m.end(), m.end()))
                    self.add_unresolved(source, m.start(), m.end(), f"refers to {name} (not in the corpus)")
                    continue
            etype = "EXCEPTS" if is_exception else "REFERS_TO"
            for target, t_start, t_end in self._english_targets(m, source, target_law):
                if target is None:
                    self.add_unresolved(source, t_start, t_end, "no such provision in the corpus")
                else:
                    self.add_edge(source, etype, target, m.start(), m.end())
        for x in markups:
            if any(a <= x.start < b for a, b in covered):
                continue
            source = self.owner(section_id, x.start, x.end)
            if x.kind == "XRefExternal":
                if x.attr in self.corpus.laws and x.attr != self.key:
                    self.add_edge(source, "REFERS_TO", x.attr, x.start, x.end)
                elif x.attr != self.key:
                    self.add_unresolved(source, x.start, x.end, f"refers to {text[x.start:x.end]} (not in the corpus)")
            elif x.kind == "XRefInternal":
                target = f"{self.key}:{text[x.start:x.end].strip()}"
                if target in self.index.ids:
                    self.add_edge(source, "REFERS_TO", target, x.start, x.end)
                else:
                    self.add_unresolved(source, x.start, x.end, "no such provision in the corpus")
        for m in patterns.CA_PART_REF.finditer(text):
            source = self.owner(section_id, m.start(), m.end())
            self.add_unresolved(source, m.start(), m.end(), "refers to a Part or Division heading, not a provision")

    @staticmethod
    def _english_ref_matches(text: str, label_starts: list[int]):
        """CA_REF matches, cut short where a list would run into the next provision's printed label."""
        pos = 0
        while True:
            m = patterns.CA_REF.search(text, pos)
            if m is None:
                return
            cut = next((p for p in label_starts if m.start("list") < p < m.end()), None)
            if cut is not None:
                m = patterns.CA_REF.search(text[:cut].rstrip(" ,;"), m.start()) or m
            yield m
            pos = max(m.end(), m.start() + 1)

    def _english_targets(self, m: re.Match, source: Node, law_key: str):
        """Yield (target id or None, start, end) for each item of a reference list."""
        kind = m.group("kind").lower().replace("-", "")
        level = {"section": 1, "subsection": 2, "paragraph": 3, "subparagraph": 4, "clause": 5, "subclause": 6}
        want = next(v for k, v in sorted(level.items(), key=lambda kv: -len(kv[0])) if kind.startswith(k))
        index = self.corpus.laws[law_key]
        context = self._context_path(source)
        list_text, base = m.group("list"), m.start("list")
        items: list[tuple[list[str], int, int, str]] = []  # path, start, end, joiner before
        prev_path: list[str] | None = None
        pos = 0
        for t in patterns.CA_TARGET.finditer(list_text):
            if t.start() == t.end():
                continue
            joiner = list_text[pos:t.start()]
            pos = t.end()
            parens = patterns.CA_PAREN.findall(t.group("parens") or "")
            if t.group("sec"):
                path = [t.group("sec")] + parens
            elif prev_path is not None and parens:
                path = prev_path[:len(prev_path) - len(parens)] + parens
            else:
                path = self._relative_path(parens, context, want, index) if law_key == self.key else None
            items.append((path or [], base + t.start(), base + t.end(), joiner))
            prev_path = path or prev_path
        for i, (path, s, e, joiner) in enumerate(items):
            target = f"{law_key}:{':'.join(path)}" if path else None
            if target is not None and target not in index.ids and len(path) == 2 and path[1] == "1":
                # "subsection 2(1)" of an act that prints section 2 without subsection numbers.
                section = f"{law_key}:{path[0]}"
                if section in index.ids and not any(index.kinds.get(c, ("",))[0] == "MOMENT"
                                                    for c in index.children.get(section, [])):
                    target = section
            if target is not None and target not in index.ids:
                target = None
            if i > 0 and patterns.CA_RANGE_JOIN.match(joiner) and target and items[i - 1][0]:
                first = f"{law_key}:{':'.join(items[i - 1][0])}"
                if first in index.ids:
                    for mid in index.range(first, target)[1:-1]:
                        yield mid, s, e
            yield target, s, e

    def _context_path(self, source: Node) -> list[str]:
        node = source
        while node.kind == "DEFINITION" and node.parent_id:
            node = self.by_id[node.parent_id]
        return node.id.split(":")[1:] if node.kind != "LAW" else []

    def _relative_path(self, parens: list[str], context: list[str], want: int, index: LawIndex) -> list[str] | None:
        if not parens or not context:
            return None
        if parens[0][0].isdigit():
            return [context[0]] + parens
        for k in range(len(context), 0, -1):
            candidate = context[:k] + parens
            cid = f"{index.info.key}:{':'.join(candidate)}"
            kind, depth = index.kinds.get(cid, ("", 0))
            if kind == "PARAGRAPH" and depth == want - 2:
                return candidate
        for k in range(len(context), 0, -1):
            candidate = context[:k] + parens
            if f"{index.info.key}:{':'.join(candidate)}" in index.ids:
                return candidate
        return None

    # Finnish ------------------------------------------------------------------------------------
    def _finnish_refs(self, section_id: str, text: str) -> None:
        chapter = section_id.split(":")[-2]
        for m in patterns.FI_THIS_SECTION.finditer(text):
            src = self.owner(section_id, m.start(), m.end(), exclude_definitions=True)
            etype = "EXCEPTS" if patterns.FI_EXCEPTION_AFTER.match(text[m.end():m.end() + 80]) else "REFERS_TO"
            self.add_edge(src, etype, section_id, m.start(), m.end())
        for m in patterns.FI_THIS_CHAPTER.finditer(text):
            src = self.owner(section_id, m.start(), m.end(), exclude_definitions=True)
            cid = f"{self.key}:{chapter}"
            if cid in self.index.ids:
                self.add_edge(src, "REFERS_TO", cid, m.start(), m.end())
        provision_spans: list[tuple[int, int]] = []
        sentence_law: tuple[int, str] | None = None  # (sentence start, law named earlier in that sentence)
        node_law: tuple[str, str] | None = None  # (provision id, last other law it named): for "mainitun lain"
        for m in patterns.FI_REF.finditer(text):
            if not any(m.group(g) for g in ("chap", "secs", "moms", "kohdat")):
                continue
            end = m.start() + len(m.group(0).rstrip())
            provision_spans.append((m.start(), end))
            src = self.owner(section_id, m.start(), end, exclude_definitions=True)
            sentence_start = max(text.rfind(". ", 0, m.start()) + 2, src.start)
            before = text[sentence_start:m.start()]
            after = text[end:end + 80]
            law_key, reason = self._finnish_law(before, after)
            said = patterns.FI_SAID_LAW_BEFORE.search(before)
            if said and node_law and node_law[0] == src.id:
                law_key, reason = node_law[1], ""  # "mainitun lain 19 §": the law the provision named last
                sentence_law = (sentence_start, law_key)
            elif sentence_law and sentence_law[0] == sentence_start and (
                    law_key == self.key and not patterns.FI_THIS_LAW_BEFORE.search(before)):
                # "… mainitun lain 19 ja 21 §:ssä …, kuitenkin niin, että mitä 19 §:ssä säädetään": a law named
                # earlier in the sentence carries over to its later bare references.
                law_key, reason = sentence_law[1], ""
            elif law_key is not None and law_key != self.key:
                sentence_law = (sentence_start, law_key)
                node_law = (src.id, law_key)
            if law_key is None:
                self.add_unresolved(src, m.start(), end, reason)
                continue
            etype = "EXCEPTS" if (patterns.FI_EXCEPTION_BEFORE.search(before)
                                  or patterns.FI_EXCEPTION_AFTER.match(after)) else "REFERS_TO"
            targets = self._finnish_targets(m, src, law_key, chapter)
            if not targets:
                self.add_unresolved(src, m.start(), end, "no such provision in the corpus")
            for target in targets:
                if target is None:
                    self.add_unresolved(src, m.start(), end, "no such provision in the corpus")
                else:
                    self.add_edge(src, etype, target, m.start(), end)
        self._finnish_law_mentions(section_id, text, provision_spans)

    def _finnish_law_mentions(self, section_id: str, text: str, provision_spans: list[tuple[int, int]]) -> None:
        """A law of the corpus named or numbered on its own ("yrityksen saneerauksesta annetussa laissa
        (47/1993) säädetään …"): REFERS_TO that LAW, unless a provision reference follows it."""
        for key, pattern in self.corpus.name_patterns.items():
            if key == self.key or pattern is None:
                continue
            for m in pattern.finditer(text):
                end = m.end()
                num = patterns.FI_LAW_NUMBER_AFTER.match(text[end:end + 20])
                if num:
                    end += num.end()
                nxt = text[end:end + 3].lstrip()
                if any(0 <= ps - end <= 3 for ps, _ in provision_spans) or nxt[:1].isdigit():
                    continue  # the name introduces a provision reference, already an edge
                src = self.owner(section_id, m.start(), end, exclude_definitions=True)
                self.add_edge(src, "REFERS_TO", key, m.start(), end)

    def _finnish_law(self, before: str, after: str) -> tuple[str | None, str]:
        """Which law a reference points into: this one, another of the corpus, or one outside it."""
        if patterns.FI_THIS_LAW_BEFORE.search(before) or patterns.FI_SAID_LAW_BEFORE.search(before):
            return self.key, ""  # "mainitun lain": the caller resolves it to the law named earlier
        num_after = patterns.FI_LAW_NUMBER_AFTER.match(after)
        lm = patterns.FI_LAW_BEFORE.search(before[-120:])
        if lm or num_after:
            num = (lm.group("num") if lm and lm.group("num") else None) or (num_after.group("num") if num_after else None)
            key = self.corpus.law_by_number(num) if num else None
            if key is None and lm:
                key = self.corpus.law_by_name(lm.group("name"))
            if key is not None:
                return key, ""
            name = lm.group("name").split()[-1] if lm else num
            return None, f"refers to {name} (not in the corpus)"
        return self.key, ""

    def _finnish_targets(self, m: re.Match, src: Node, law_key: str, src_chapter: str) -> list[str | None]:
        index = self.corpus.laws[law_key]
        same_law = law_key == self.key
        src_parts = src.id.split(":")  # key, chap, sec, mom?, kohta?

        def expand(group: str | None) -> list[str] | None:
            if not group:
                return None
            nums = [x.group(0).replace(" ", "") for x in patterns.FI_NUM_ITEM.finditer(group)]
            joins = patterns.FI_ITEM_NUMBER.split(group)[1:-1]
            out: list[str] = []
            for i, num in enumerate(nums):
                if i > 0 and patterns.FI_RANGE_DASH.match(joins[i - 1] or "") and out and out[-1].isdigit() and num.isdigit():
                    out.extend(str(k) for k in range(int(out[-1]) + 1, int(num)))
                out.append(num)
            return out

        chaps, secs, moms, kohdat = (expand(m.group(g)) for g in ("chap", "secs", "moms", "kohdat"))
        if secs is None and chaps is not None and moms is None and kohdat is None:  # "10 ja 11 luvussa": each chapter
            return [f"{law_key}:{c}" if f"{law_key}:{c}" in index.ids else None for c in chaps]
        chap = chaps[-1] if chaps else None
        if secs is None:
            if not same_law:
                return [None]
            section_ids = [":".join(src_parts[:3])]
            if moms is None and len(src_parts) >= 4:
                moms = [src_parts[3]]
        else:
            lookup_chapter = chap if chap is not None else (src_chapter if same_law and index.per_chapter else None)
            if lookup_chapter is None and index.per_chapter and not same_law:
                return [None]
            section_ids = [index.section_by_label(s, lookup_chapter) for s in secs]
        targets: list[str | None] = []
        for sid in section_ids:
            if sid is None:
                targets.append(None)
                continue
            bases = [f"{sid}:{mm}" for mm in moms] if moms else [sid]
            for base in bases:
                if kohdat:
                    targets.extend(f"{base}:{k}" if f"{base}:{k}" in index.ids else None for k in kohdat)
                else:
                    targets.append(base if base in index.ids else None)
        return targets

    # -- term use --------------------------------------------------------------------------------
    def uses_terms(self) -> None:
        defs = [n for n in list(self.law.nodes) + self.new_nodes if n.kind == "DEFINITION" and not n.repealed]
        if not defs:
            return
        if self.law.info.lang == "fi":
            self._finnish_term_use(defs)
        else:
            self._english_term_use(defs)

    def _english_term_use(self, defs: list[Node]) -> None:
        by_term: dict[str, list[Node]] = {}
        for d in defs:
            by_term.setdefault(d.term.lower(), []).append(d)
        # A definition that applies in its own section only is not the meaning of the word elsewhere.
        section_scoped = {d.id for d in defs if patterns.EN_SECTION_SCOPE.match(self.by_id[d.parent_id].text)}
        terms = sorted(by_term, key=len, reverse=True)
        pattern = patterns.any_term(terms)
        for section_id, text in self.section_text.items():
            if self.by_id[section_id].repealed:
                continue
            for m in pattern.finditer(text):
                candidates = by_term[m.group(1).lower()]
                local = [d for d in candidates if d.section_id == section_id]
                definition = next(iter(local or [d for d in candidates if d.id not in section_scoped]), None)
                if definition is None:
                    continue
                if definition.start <= m.start() < definition.end and definition.section_id == section_id:
                    continue  # the definition itself
                if _part_of_a_name(text, m.start(), m.end()):
                    continue
                src = self.owner(section_id, m.start(), m.end())
                if src.kind != "SECTION" or not self.index.children.get(src.id):
                    self.add_edge(src, "USES_TERM", definition.id, m.start(), m.end())

    def _finnish_term_use(self, defs: list[Node]) -> None:
        fi = analyzer("fi")
        term_lemmas: list[tuple[tuple[str, ...], Node]] = []
        for d in defs:
            for base in d.label.split("; "):
                lemmas = tuple(base.split())
                if lemmas:
                    term_lemmas.append((lemmas, d))
        term_lemmas.sort(key=lambda t: -len(t[0]))
        for section_id, text in self.section_text.items():
            spans = fi.lemma_spans(text)
            lemmas = [s[0] for s in spans]
            for lemma_seq, d in term_lemmas:
                n = len(lemma_seq)
                for i in range(len(lemmas) - n + 1):
                    if tuple(lemmas[i:i + n]) == lemma_seq:
                        s, e = spans[i][1], spans[i + n - 1][2]
                        if d.section_id == section_id and d.start <= s < d.end:
                            continue
                        src = self.owner(section_id, s, e)
                        if src.kind == "SECTION" and self.index.children.get(src.id):
                            continue
                        self.add_edge(src, "USES_TERM", d.id, s, e)

