"""Ingest: statute files → a provision tree (one parser per format).

Formats: Justice Laws XML (Canada), Finlex "Vahvistettava laki" XML (Finland) and plain text
with numbered sections. Each parser writes the text of one section at a time through an
`_Emitter`, which folds whitespace and records where every provision starts and ends inside its
section's text — so a node's text is, by construction, an exact slice of its section's text.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Iterable

from lxml import etree

from core import patterns
from core.config import LAWS_DIR
from core.model import LABEL_SEPARATOR, TRAIL_SEPARATOR, IngestError, LawInfo, Markup, Node, ParsedLaw

MAX_FILE_BYTES = 30 * 1024 * 1024


# --- registry ---------------------------------------------------------------------------------
def load_registry(laws_dir: Path = LAWS_DIR) -> dict[str, LawInfo]:
    """The bundled laws, keyed by law key, in the order of laws.json."""
    entries = json.loads((laws_dir / "laws.json").read_text(encoding="utf-8"))
    return {e["key"]: LawInfo(**e) for e in entries}


def content_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# --- entry points -----------------------------------------------------------------------------
def parse_file(path: Path, info: LawInfo | None = None) -> ParsedLaw:
    """Parse a statute file. Raises IngestError("<file>: <reason>") on any bad input."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise IngestError(f"{path.name}: cannot read file ({exc.strerror or exc})") from exc
    return parse_bytes(data, path.name, info)


def parse_bytes(data: bytes, name: str, info: LawInfo | None = None) -> ParsedLaw:
    try:
        law = _parse_bytes(data, name, info)
    except IngestError:
        raise
    except RecursionError as exc:
        raise IngestError(f"{name}: nesting too deep") from exc
    except Exception as exc:  # a parser bug must still be one clear line, not a traceback
        raise IngestError(f"{name}: could not parse ({type(exc).__name__}: {exc})") from exc
    sections = [n for n in law.nodes if n.kind == "SECTION"]
    if not sections:
        raise IngestError(f"{name}: no sections found")
    if not any(n.text.strip() for n in sections):
        raise IngestError(f"{name}: sections have no text")
    return law


def _parse_bytes(data: bytes, name: str, info: LawInfo | None) -> ParsedLaw:
    if not data.strip():
        raise IngestError(f"{name}: file is empty")
    if len(data) > MAX_FILE_BYTES:
        raise IngestError(f"{name}: file is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB")
    if b"\x00" in data[:4096] and not data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise IngestError(f"{name}: binary file (NUL bytes), not a statute")
    head = data.lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"<"):
        root = _parse_xml(data, name)
        local = etree.QName(root).localname
        if local == "Statute":
            return parse_justice_xml(root, name, info)
        if local == "VahvistettavaLaki" or root.find(".//{*}Pykala") is not None:
            return parse_finlex_xml(root, name, info)
        raise IngestError(f"{name}: unrecognised XML format (root element <{local}>)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise IngestError(f"{name}: not valid UTF-8 text (byte {exc.start})") from exc
    return parse_plain_text(text, name, info)


def _parse_xml(data: bytes, name: str) -> etree._Element:
    if patterns.XML_ENTITY_DECL.search(data[:65536]):
        raise IngestError(f"{name}: XML entity declarations are not allowed")
    if patterns.XML_DOCTYPE.search(data[:65536]):
        raise IngestError(f"{name}: XML DOCTYPE declarations are not allowed")
    parser = etree.XMLParser(
        resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False, remove_comments=True,
        remove_pis=True,
    )
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        msg = str(exc).split("\n")[0]
        raise IngestError(f"{name}: malformed XML ({msg})") from exc
    if root is None:
        raise IngestError(f"{name}: malformed XML (no root element)")
    return root


# --- the emitter ------------------------------------------------------------------------------
class _Emitter:
    """Writes one section's text with folded whitespace, tracking offsets."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.length = 0
        self._space = False

    def write(self, s: str) -> tuple[int, int]:
        start = None
        for ch in s or "":
            if ch.isspace():
                self._space = self.length > 0
                continue
            if self._space:
                self.parts.append(" ")
                self.length += 1
                self._space = False
            if start is None:
                start = self.length
            self.parts.append(ch)
            self.length += 1
        return (start if start is not None else self.length, self.length)

    def gap(self) -> None:
        """Block boundary: the next written character is preceded by one space."""
        self._space = self.length > 0

    def next_pos(self) -> int:
        return self.length + (1 if self._space else 0)

    def text(self) -> str:
        return "".join(self.parts)


def _local(el: etree._Element) -> str:
    return etree.QName(el).localname if isinstance(el.tag, str) else ""


class _LawBuilder:
    """Accumulates the nodes of one law in document order."""

    def __init__(self, info: LawInfo) -> None:
        self.info = info
        self.nodes: list[Node] = []
        self.ids: set[str] = set()
        self.markups: list[Markup] = []
        self.add(Node(id=info.key, law_key=info.key, kind="LAW", label=info.key, citation=info.abbrev,
                      parent_id=None, ordinal=0, lang=info.lang, heading=info.title))

    def unique_id(self, node_id: str) -> str:
        if node_id not in self.ids:
            return node_id
        n = 2
        while f"{node_id}#{n}" in self.ids:
            n += 1
        return f"{node_id}#{n}"

    def add(self, node: Node) -> Node:
        node.id = self.unique_id(node.id)
        node.ordinal = len(self.nodes)
        self.ids.add(node.id)
        self.nodes.append(node)
        return node

    def result(self) -> ParsedLaw:
        return ParsedLaw(info=self.info, nodes=self.nodes, markups=self.markups)


def _info_for(key: str, title: str, lang: str, fmt: str, name: str, info: LawInfo | None) -> LawInfo:
    if info is not None:
        if info.key != key:
            raise IngestError(f"{name}: file is law {key}, expected {info.key}")
        return info
    known = load_registry().get(key)
    if known is not None:
        return known
    return LawInfo(key=key, abbrev=key, title=title or key, lang=lang, format=fmt, file=name, bundled=False)


# --- Justice Laws XML (Canada) ----------------------------------------------------------------
_CA_PROVISIONS = {"Subsection": ("MOMENT", 0), "Paragraph": ("PARAGRAPH", 1), "Subparagraph": ("PARAGRAPH", 2),
                  "Clause": ("PARAGRAPH", 3), "Subclause": ("PARAGRAPH", 4)}
_CA_SKIP = {"Label", "MarginalNote", "HistoricalNote", "Footnote", "FootnoteRef"}
_CA_MARKUP = {"XRefInternal", "XRefExternal", "DefinedTermEn", "DefinitionRef"}


def _ca_label(raw: str) -> str:
    m = patterns.CA_LABEL.match(raw.strip())
    return (m.group(1) if m else raw.strip()).strip()


def parse_justice_xml(root: etree._Element, name: str, info: LawInfo | None = None) -> ParsedLaw:
    key = (root.findtext(".//Identification/Chapter/ConsolidatedNumber") or "").strip()
    if not key:
        raise IngestError(f"{name}: Justice Laws XML without a chapter number (ConsolidatedNumber)")
    title = (root.findtext(".//Identification/ShortTitle") or root.findtext(".//Identification/LongTitle") or "").strip()
    law_info = _info_for(key, title, "en", "justice-xml", name, info)
    body = root.find("Body")
    if body is None:
        raise IngestError(f"{name}: Justice Laws XML without a <Body>")
    builder = _LawBuilder(law_info)
    _CanadianSections(builder).run(body)
    return builder.result()


class _CanadianSections:
    def __init__(self, builder: _LawBuilder) -> None:
        self.b = builder
        self.key = builder.info.key
        self.abbrev = builder.info.abbrev
        self.headings: dict[int, str] = {}
        self.terms: set[str] = set()

    def run(self, body: etree._Element) -> None:
        for el in body:
            tag = _local(el)
            if tag == "Heading":
                level = int(el.get("level", "1") or 1)
                label = patterns.WHITESPACE.sub(" ", "".join(el.findtext("Label") or "")).strip()
                title = patterns.WHITESPACE.sub(" ", "".join(el.find("TitleText").itertext())
                                                if el.find("TitleText") is not None else "").strip()
                self.headings = {k: v for k, v in self.headings.items() if k < level}
                self.headings[level] = LABEL_SEPARATOR.join(x for x in (label, title) if x)
            elif tag == "Section":
                self.section(el)

    def section(self, el: etree._Element) -> None:
        raw_label = el.findtext("Label")
        if not raw_label or not raw_label.strip():
            raise IngestError(f"{self.b.info.file or self.key}: a section without a label")
        label = _ca_label(raw_label)
        node = self.b.add(Node(
            id=f"{self.key}:{label}", law_key=self.key, kind="SECTION", label=label,
            citation=f"{self.abbrev} {label}", parent_id=self.key, ordinal=0, lang="en",
            heading=_fold_text(el.find("MarginalNote")),
            trail=TRAIL_SEPARATOR.join(self.headings[k] for k in sorted(self.headings)),
        ))
        node.section_id = node.id
        em = _Emitter()
        self.children(el, node, node, em, make_nodes=True, path=[label])
        node.start, node.end = 0, em.length
        text = em.text()
        self.inline_definitions(node, text)
        for n in self.b.nodes[node.ordinal:]:
            n.text = text[n.start:n.end]

    def inline_definitions(self, section: Node, text: str) -> None:
        """A term defined in a provision's own sentence ("In this section, regulatory body means …"), marked up
        as a defined term but not in a <Definition> element: a DEFINITION node with the provision's text."""
        own = self.b.nodes[section.ordinal:]
        definitions = [n for n in own if n.kind == "DEFINITION"]
        for mark in [m for m in self.b.markups if m.section_id == section.id and m.kind == "DefinedTermEn"]:
            if any(d.start <= mark.start < d.end for d in definitions):
                continue
            if not patterns.EN_INLINE_DEFINITION.match(text, mark.end) or patterns.EN_READ_AS.search(
                    text, max(0, mark.start - 40), mark.start):
                continue
            host = max((n for n in own if n.kind != "DEFINITION" and n.start <= mark.start < n.end),
                       key=lambda n: n.start)
            term = patterns.WHITESPACE.sub(" ", text[mark.start:mark.end]).strip()
            self.add_definition(term, host, section, host.id[len(self.key) + 1:].split(":"), host.start, host.end,
                                host.repealed)

    def children(self, el, owner: Node, section: Node, em: _Emitter, make_nodes: bool, path: list[str]) -> None:
        for child in el:
            tag = _local(child)
            if tag in _CA_SKIP or not tag:
                continue
            if tag == "Text":
                em.gap()
                self.inline(child, owner, section, em)
            elif tag.startswith("Continued"):
                for t in child:
                    em.gap()
                    self.inline(t, owner, section, em)
            elif tag in _CA_PROVISIONS and make_nodes:
                self.provision(child, owner, section, em, path)
            elif tag == "Definition" and make_nodes:
                self.definition(child, owner, section, em, path)
            else:  # ReadAsText, AmendedText, a definition's own paragraphs: text of the host
                self.plain(child, owner, section, em)

    def plain(self, el, owner: Node, section: Node, em: _Emitter) -> None:
        """Everything inside `el` as text of `owner`, labels included."""
        for child in el:
            tag = _local(child)
            if tag in ("MarginalNote", "HistoricalNote", "Footnote", "FootnoteRef") or not tag:
                continue
            if tag == "Label":
                em.gap()
                em.write(child.text or "")
            elif tag == "Text":
                em.gap()
                self.inline(child, owner, section, em)
            else:
                self.plain(child, owner, section, em)

    def provision(self, el, parent: Node, section: Node, em: _Emitter, path: list[str]) -> None:
        kind, depth = _CA_PROVISIONS[_local(el)]
        raw_label = (el.findtext("Label") or "").strip()
        spill = ""
        slip = patterns.CA_LABEL_WITH_TEXT.match(raw_label)
        if slip:
            raw_label, spill = slip.group(1), slip.group(2)
        label = _ca_label(raw_label) if raw_label else str(len(path))
        new_path = path + [label]
        node = self.b.add(Node(
            id=f"{parent.id}:{label}" if parent.kind != "DEFINITION" else f"{section.id}:{label}",
            law_key=self.key, kind=kind, label=label,
            citation=f"{self.abbrev} {new_path[0]}" + "".join(f"({p})" for p in new_path[1:]),
            parent_id=parent.id, ordinal=0, lang="en", heading=_fold_text(el.find("MarginalNote")),
            section_id=section.id, depth=depth,
        ))
        em.gap()
        em.write(raw_label)
        em.gap()
        node.start = em.next_pos()
        em.write(spill)
        self.children(el, node, section, em, make_nodes=True, path=new_path)
        node.end = max(em.length, node.start)

    def definition(self, el, host: Node, section: Node, em: _Emitter, path: list[str]) -> None:
        em.gap()
        start = em.next_pos()
        first = len(self.b.nodes)
        temp = Node(id="", law_key=self.key, kind="DEFINITION", label="", citation="", parent_id=host.id,
                    ordinal=0, lang="en", section_id=section.id)
        self.plain(el, temp, section, em)
        end = em.length
        text_el = el.find("Text")
        terms = [_fold_text(t) for t in text_el.findall("DefinedTermEn")] if text_el is not None else []
        del self.b.nodes[first:]
        for term in terms or ["(untitled)"]:
            self.add_definition(term, host, section, path, start, end, temp.repealed)

    def add_definition(self, term: str, host: Node, section: Node, path: list[str], start: int, end: int,
                       repealed: bool) -> None:
        """One DEFINITION node; a term defined again later in the act is `<term>@<section>:<subsection>`."""
        key_term = patterns.WHITESPACE.sub(" ", term.lower()).strip()
        node_id = f"{self.key}:def:{key_term}"
        if key_term in self.terms:
            node_id += "@" + ":".join(path)
        self.terms.add(key_term)
        self.b.add(Node(
            id=node_id, law_key=self.key, kind="DEFINITION", label=term,
            citation=f"{self.abbrev} " + path[0] + "".join(f"({p})" for p in path[1:]) + f" “{term}”",
            parent_id=host.id, ordinal=0, lang="en", section_id=section.id, start=start, end=end,
            repealed=repealed, term=term,
        ))

    def inline(self, el, owner: Node, section: Node, em: _Emitter) -> None:
        em.write(el.text or "")
        for child in el:
            tag = _local(child)
            if tag == "Repealed":
                owner.repealed = True
            if tag in ("FootnoteRef",) or not tag:
                em.write(child.tail or "")
                continue
            start = em.next_pos()
            self.inline(child, owner, section, em)
            if tag in _CA_MARKUP:
                self.b.markups.append(Markup(section.id, tag, start, em.length, child.get("link", "")))
            em.write(child.tail or "")


def _fold_text(el) -> str:
    if el is None:
        return ""
    return patterns.WHITESPACE.sub(" ", "".join(el.itertext())).strip()


# --- Finlex XML (Finland) ---------------------------------------------------------------------
def parse_finlex_xml(root: etree._Element, name: str, info: LawInfo | None = None) -> ParsedLaw:
    number = (root.findtext(".//{*}AsiakirjaNroTeksti") or "").strip()
    year = (root.findtext(".//{*}ValtiopaivavuosiTeksti") or "").strip()
    if not (number.isdigit() and year.isdigit()):
        raise IngestError(f"{name}: Finlex XML without a statute number and year")
    key = f"{number}/{year}"
    title = (root.findtext(".//{*}NimekeTeksti") or "").strip()
    law_info = _info_for(key, title, "fi", "finlex-xml", name, info)
    builder = _LawBuilder(law_info)
    pykalisto = root.find(".//{*}Pykalisto")
    if pykalisto is None:
        raise IngestError(f"{name}: Finlex XML without sections (no Pykalisto)")
    fi = _FinnishSections(builder)
    fi.container(pykalisto, chapter=None)
    fi.finish_citations()
    return builder.result()


class _FinnishSections:
    def __init__(self, builder: _LawBuilder) -> None:
        self.b = builder
        self.key = builder.info.key
        self.abbrev = builder.info.abbrev
        self.pending_number = ""

    def container(self, el, chapter: Node | None) -> None:
        for child in el:
            tag = _local(child)
            if tag == "Luku":
                raw = _fold_text(child.find("{*}LukuTunnusKooste"))
                m = patterns.FI_CHAPTER_LABEL.match(raw)
                label = (m.group(1) if m else raw or "0").replace(" ", "")
                node = self.b.add(Node(
                    id=f"{self.key}:{label}", law_key=self.key, kind="CHAPTER", label=label,
                    citation=f"{self.abbrev} {label} luku", parent_id=self.key, ordinal=0, lang="fi",
                    heading=_fold_text(child.find("{*}SaadosOtsikkoKooste")),
                ))
                self.container(child, node)
            elif tag == "SaadosValiotsikkoKooste":
                text = _fold_text(child)
                self.pending_number = text if patterns.FI_SECTION_LABEL.match(text) else ""
            elif tag == "Pykala":
                self.section(child, chapter)
                self.pending_number = ""

    def section(self, el, chapter: Node | None) -> None:
        raw = _fold_text(el.find("{*}PykalaTunnusKooste")) or self.pending_number
        m = patterns.FI_SECTION_LABEL.match(raw)
        if not m:
            raise IngestError(f"{self.b.info.file or self.key}: a section without a number ({raw or 'empty'})")
        label = m.group(1) + m.group(2).lower()
        printed = f"{m.group(1)} {m.group(2).lower()} §" if m.group(2) else f"{m.group(1)} §"
        chap = chapter.label if chapter else "0"
        node = self.b.add(Node(
            id=f"{self.key}:{chap}:{label}", law_key=self.key, kind="SECTION", label=label, citation=printed,
            parent_id=chapter.id if chapter else self.key, ordinal=0, lang="fi",
            heading=_fold_text(el.find("{*}SaadosOtsikkoKooste")),
            trail=f"{chapter.label} luku — {chapter.heading}" if chapter else "",
        ))
        node.section_id = node.id
        em = _Emitter()
        moment: Node | None = None
        count = 0

        def open_moment() -> Node:
            nonlocal count
            count += 1
            em.gap()
            return self.b.add(Node(
                id=f"{node.id}:{count}", law_key=self.key, kind="MOMENT", label=str(count), citation="",
                parent_id=node.id, ordinal=0, lang="fi", section_id=node.id, start=em.next_pos(),
            ))

        for child in el:
            tag = _local(child)
            if tag == "MomenttiKooste":
                if moment is not None:
                    moment.end = em.length
                moment = open_moment()
                self.inline(child, node, em)
            elif tag == "KohdatMomentti":
                if moment is not None:
                    moment.end = em.length
                moment = open_moment()
                for part in child:
                    ptag = _local(part)
                    if ptag == "MomenttiJohdantoKooste":
                        em.gap()
                        self.inline(part, node, em)
                    elif ptag == "MomenttiKohtaKooste":
                        self.kohta(part, moment, node, em)
            elif tag == "MomenttiKohtaKooste":  # kohdat printed straight under the section
                if moment is None:
                    moment = open_moment()
                self.kohta(child, moment, node, em)
        if moment is not None:
            moment.end = em.length
        node.start, node.end = 0, em.length
        text = em.text()
        for n in self.b.nodes[node.ordinal:]:
            n.text = text[n.start:n.end]

    def kohta(self, el, moment: Node, section: Node, em: _Emitter) -> None:
        raw = "".join(el.itertext())
        m = patterns.FI_KOHTA_LABEL.match(raw)
        siblings = sum(1 for n in self.b.nodes if n.parent_id == moment.id)
        label = m.group(1) if m else str(siblings + 1)
        node = self.b.add(Node(
            id=f"{moment.id}:{label}", law_key=self.key, kind="PARAGRAPH", label=label, citation="",
            parent_id=moment.id, ordinal=0, lang="fi", section_id=section.id, depth=1,
        ))
        em.gap()
        if m:
            em.write(m.group(0))
            em.gap()
            node.start = em.next_pos()
            self.inline(el, section, em, skip=len(m.group(0)))
        else:
            node.start = em.next_pos()
            self.inline(el, section, em)
        node.end = max(em.length, node.start)

    def inline(self, el, section: Node, em: _Emitter, skip: int = 0) -> None:
        """Write el's text; `skip` drops that many leading characters (a kohta's printed label)."""
        pieces: list[tuple[str, bool]] = [(el.text or "", False)]
        for child in el:
            pieces.append(("".join(child.itertext()), _local(child) == "SaadosKursiiviKooste"))
            pieces.append((child.tail or "", False))
        for text, italic in pieces:
            if skip:
                cut = min(skip, len(text))
                text, skip = text[cut:], skip - cut
            start = em.next_pos()
            em.write(text)
            if italic and text.strip():
                self.b.markups.append(Markup(section.id, "Italic", start, em.length))

    def finish_citations(self) -> None:
        sections = [n for n in self.b.nodes if n.kind == "SECTION"]
        per_chapter = len({n.label for n in sections}) < len(sections)
        by_id = {n.id: n for n in self.b.nodes}
        for n in self.b.nodes:
            if n.kind == "SECTION":
                chap = n.id.split(":")[-2]
                n.citation = (f"{self.abbrev} {chap} luku {n.citation}" if per_chapter and chap != "0"
                              else f"{self.abbrev} {n.citation}")
        for n in self.b.nodes:
            if n.kind == "MOMENT":
                n.citation = f"{by_id[n.parent_id].citation} {n.label} mom."
        for n in self.b.nodes:
            if n.kind == "PARAGRAPH":
                n.citation = f"{by_id[n.parent_id].citation} {n.label} kohta"


# --- plain text -------------------------------------------------------------------------------


def parse_plain_text(text: str, name: str, info: LawInfo | None = None) -> ParsedLaw:
    """Plain text: optional `Title:`/`Key:`/`Lang:` header lines, then numbered sections.

    English sections start with "Section 12" or "12."; Finnish with "12 §" (and chapters with
    "3 luku"). A blank line separates subsections / momentit; lines starting "(a)" or "1)" are
    paragraphs / kohdat of the current one.
    """
    header: dict[str, str] = {}
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    body_start = 0
    for i, line in enumerate(lines):
        m = patterns.PLAIN_HEADER.match(line.strip())
        if m:
            header[m.group("k").lower()] = m.group("v").strip()
            body_start = i + 1
        elif line.strip():
            break
    body = lines[body_start:]
    lang = (header.get("lang") or header.get("language") or header.get("kieli") or "").lower()[:2]
    if lang not in ("en", "fi"):
        lang = "fi" if sum(bool(patterns.PLAIN_SECTION_FI.match(l)) for l in body) >= 1 else "en"
    title = header.get("title") or header.get("otsikko") or Path(name).stem
    key = header.get("key") or header.get("tunnus") or patterns.LAW_KEY_UNSAFE.sub("-", Path(name).stem).strip("-")
    if not key:
        raise IngestError(f"{name}: no law key (add a 'Key:' line)")
    if ":" in key or not patterns.LAW_KEY_CHARS.fullmatch(key):
        raise IngestError(f"{name}: law key {key!r} may hold only letters, digits, '/', '.' and '-'")
    law_info = info or LawInfo(key=key, abbrev=header.get("abbrev") or key, title=title, lang=lang,
                               format="plain-text", file=name, bundled=False)
    if info is None and key in load_registry():
        raise IngestError(f"{name}: key {key} belongs to a bundled law; choose another key")
    section_re = patterns.PLAIN_SECTION_FI if lang == "fi" else patterns.PLAIN_SECTION_EN
    builder = _LawBuilder(law_info)
    chapter: Node | None = None
    current: tuple[str, list[str]] | None = None
    sections: list[tuple[Node | None, str, list[str]]] = []
    for line in body:
        cm = patterns.PLAIN_CHAPTER_FI.match(line) if lang == "fi" else None
        sm = section_re.match(line)
        if cm:
            chapter = builder.add(Node(id=f"{key}:{cm.group('num')}", law_key=key, kind="CHAPTER",
                                       label=cm.group("num"), citation=f"{law_info.abbrev} {cm.group('num')} luku",
                                       parent_id=key, ordinal=0, lang=lang, heading=cm.group("head").strip()))
            current = None
        elif sm:
            current = (sm.group("num").replace(" ", "") + "\t" + sm.group("head").strip(), [])
            sections.append((chapter, current[0], current[1]))
        elif current is not None:
            current[1].append(line)
    for chap, head, raw_lines in sections:
        _plain_section(builder, chap, head, raw_lines, lang)
    if lang == "fi":
        _FinnishSections(builder).finish_citations()
    return builder.result()


def _plain_section(builder: _LawBuilder, chapter: Node | None, head: str, raw_lines: list[str], lang: str) -> None:
    key, abbrev = builder.info.key, builder.info.abbrev
    label, heading = head.split("\t", 1)
    blocks: list[list[str]] = [[]]
    for line in raw_lines:
        if line.strip():
            blocks[-1].append(line.strip())
        elif blocks[-1]:
            blocks.append([])
    blocks = [b for b in blocks if b]
    if lang == "fi":
        chap = chapter.label if chapter else "0"
        sid = f"{key}:{chap}:{label}"
        citation = f"{label} §"
    else:
        sid, citation = f"{key}:{label}", f"{abbrev} {label}"
    section = builder.add(Node(id=sid, law_key=key, kind="SECTION", label=label, citation=citation,
                               parent_id=chapter.id if chapter else key, ordinal=0, lang=lang, heading=heading,
                               section_id=sid))
    em = _Emitter()
    numbered = lang == "en" and len(blocks) > 1
    for i, block in enumerate(blocks, 1):
        mlabel = str(i)
        if lang == "en" and not numbered:
            owner = section
        else:
            owner = builder.add(Node(id=f"{sid}:{mlabel}", law_key=key, kind="MOMENT", label=mlabel,
                                     citation=f"{abbrev} {label}({mlabel})" if lang == "en" else "",
                                     parent_id=sid, ordinal=0, lang=lang, section_id=sid))
            em.gap()
            if numbered:
                em.write(f"({mlabel})")
                em.gap()
            owner.start = em.next_pos()
        for line in block:
            im = patterns.PLAIN_ITEM.match(line)
            if im:
                plabel = im.group("en") or im.group("fi")
                para = builder.add(Node(id=f"{owner.id}:{plabel}", law_key=key, kind="PARAGRAPH", label=plabel,
                                        citation=(owner.citation + f"({plabel})") if lang == "en" else "",
                                        parent_id=owner.id, ordinal=0, lang=lang, section_id=sid, depth=1))
                em.gap()
                em.write(im.group(0))
                em.gap()
                para.start = em.next_pos()
                em.write(line[im.end():])
                para.end = em.length
            else:
                em.gap()
                em.write(line)
        owner.end = em.length
    section.start, section.end = 0, em.length
    text = em.text()
    for n in builder.nodes[section.ordinal:]:
        n.text = text[n.start:n.end]


def iter_bundled(laws_dir: Path = LAWS_DIR) -> Iterable[tuple[LawInfo, Path]]:
    for info in load_registry(laws_dir).values():
        yield info, laws_dir / info.file

