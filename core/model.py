"""Small dataclasses at the edges of the pipeline: what ingest produces and the graph stores."""
from __future__ import annotations

from dataclasses import dataclass, field, asdict
from typing import Any


class IngestError(ValueError):
    """A statute file that cannot be parsed; the message names the file and the reason."""


@dataclass
class LawInfo:
    key: str
    abbrev: str
    title: str
    lang: str
    format: str
    file: str = ""
    version: str = ""
    licence: str = ""
    aliases: list[str] = field(default_factory=list)
    bundled: bool = True


TRAIL_SEPARATOR = " › "  # between the headings of a section's trail
LABEL_SEPARATOR = " — "  # between a Part's or Division's label and its title in a trail ("PART III — Proposals")


@dataclass
class Node:
    id: str
    law_key: str
    kind: str  # LAW, CHAPTER, SECTION, MOMENT, PARAGRAPH, DEFINITION
    label: str  # structural label as printed, without brackets or §
    citation: str  # human citation, e.g. "BIA 50.4(1)"
    parent_id: str | None
    ordinal: int  # document order within the law
    lang: str
    text: str = ""  # verbatim, whitespace normalised, no own label / notes
    heading: str = ""  # marginal note, section heading or chapter title
    trail: str = ""  # the headings above a section: "PART III › Division I — …"
    section_id: str | None = None
    start: int = 0  # offsets of `text` inside the section's text
    end: int = 0
    repealed: bool = False
    term: str = ""  # DEFINITION: the defined term as printed
    depth: int = 0  # PARAGRAPH: 1 paragraph/kohta, 2 subparagraph, 3 clause, ...

    def top_heading(self) -> str:
        """The outermost heading above a section ("PART III — Proposals"), or ""."""
        return self.trail.split(TRAIL_SEPARATOR)[0]

    def is_under(self, trail: str) -> bool:
        """Whether the section sits under these headings (a Part, or a Part and one of its Divisions)."""
        return self.trail == trail or self.trail.startswith(trail + TRAIL_SEPARATOR)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Markup:
    """Inline markup found in a section's text (offsets into that section's text)."""
    section_id: str
    kind: str  # XRefInternal, XRefExternal, DefinedTermEn, Italic
    start: int
    end: int
    attr: str = ""  # e.g. the XRefExternal link (chapter code)


@dataclass
class ParsedLaw:
    info: LawInfo
    nodes: list[Node]
    markups: list[Markup] = field(default_factory=list)

    def node(self, node_id: str) -> Node | None:
        return next((n for n in self.nodes if n.id == node_id), None)


@dataclass
class Edge:
    source: str
    type: str
    target: str
    law_key: str
    evidence: str = ""  # the matched span
    start: int = -1  # offsets of the span inside the source node's text
    end: int = -1

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.source, self.type, self.target)


@dataclass
class UnresolvedRef:
    source: str
    law_key: str
    evidence: str
    start: int
    end: int
    reason: str
