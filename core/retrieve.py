"""Retrieve: question → ranked provisions.

language detection → keyword law router (top-2 laws) → BM25 ∥ dense on the routed laws →
Reciprocal Rank Fusion (k = 60, provenance kept) → deterministic rerank. A citation ("BIA
50.4(1)", "KonkL 3:2 §", "B-3:50.4:1") is answered by direct look-up without searching. When
the dense side fails the result comes from BM25 alone, with a notice.
"""
from __future__ import annotations

import json
import re
import time
from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import NamedTuple
import unicodedata
from dataclasses import dataclass, field

import sqlite_utils

from core import index, patterns, store
from core.config import LAWS_DIR, MODES
from core.graph import names_in_parentheses
from core.model import LABEL_SEPARATOR, TRAIL_SEPARATOR
from core.normalize import (EN_STOPWORDS, FI_STOPWORDS, analyzer, dictionary_language, dictionary_rejects, has_speller,
                            fi_derivation_base, fi_quality_noun, fi_word_info, restored_umlauts, spelling_candidates)

RRF_K = 60
# How far down each side's list the fusion reads: a unit that one side ranks 51st–100th still counts a little
# (50 → 100: +4 of 799, top-3 +2, verbatim +3; 75 +2, 150 and 200 +3; see docs/RETRIEVAL.md).
LIST_DEPTH = 100
MAX_QUERY_CHARS = 2000
ROUTE_TOP = 2
# Words a synonym-table phrase may have between its own: Finnish puts the object inside a verb phrase ("hakea
# velallinen konkurssiin" for "hakea konkurssiin"). English at 2: +1 −1 of 2,763, so contiguous.
PHRASE_GAP = {"fi": 2}
# A law's best BM25 hits that count for it (best two: exam_fi_own4 +1, nothing else; see docs/RETRIEVAL.md).
ROUTE_HITS = 3
ROUTE_HIT_DECAY = 0.5  # its 2nd and 3rd best hits count 0.5 and 0.25: swept 0.3–1.0, see docs/RETRIEVAL.md
DIVERSITY_TOP, DIVERSITY_PER_SECTION = 5, 2
# Fused scores closer than this are a tie: the two retrievers' ranks add up to the same sum (2 + 2 against 1 + 3 are
# 8·10⁻⁶ apart, 3 + 2 against 1 + 4 1.6·10⁻⁵, 2 + 4 against 1 + 5 2.4·10⁻⁵; one rank more, 2 + 3 against 2 + 2, is
# 2.6·10⁻⁴). A third unit of a section tied with the second is not held back by the diversity rule, which would
# otherwise choose between equals by list order. (Swept: 10⁻⁵ → 2, 3, 4–10·10⁻⁵: top-1 +1, +2, +3 −0 of 3,211.)
DIVERSITY_TIE = 5e-5
DENSE_WEIGHT = {"en": 1.0, "fi": 0.2}
DEFINITION_GUARD = 0.004
# A provision that defines at least this many terms, itself or in its items, is a list of definitions ("Tässä laissa
# tarkoitetaan: … 9) etuoikeutetulla elatusapuvelalla …", CCAA 2(1)) and is guarded as a definition is.
DEFINITION_LIST_TERMS = 2
# A question naming one Act's subject ("saneerausmenettelyssä") is not about an Act that seldom speaks of it: that
# Act's units are demoted when fewer than SUBJECT_SHARE of them use the subject's word (+10 −0 of 1,450 with the
# routing; share swept 0.1–0.4 and guard 0.002–0.01, +8 or +9 −0 from 0.15 to 0.3 at 0.004–0.006; bankruptcy, the
# setting of the Recovery and Priority Acts, which a third and a half of their provisions name, demotes neither).
SUBJECT_GUARD = 0.006
SUBJECT_SHARE = 0.2
# A Part or Division titled with a term its Act defines names a narrower regime ("DIVISION II — Consumer Proposals",
# BIA 66.11's *consumer proposal*): a question asking about the head word alone ("a proposal") is not asked about it,
# and that regime's units are demoted as another Act's are (+3 / +4 / +4 −0 of 2,059 at 0.003 / 0.006 / 0.01; see
# docs/RETRIEVAL.md, stop 53).
REGIME_GUARD = 0.006
# A question word used by MARKER_RATIO times the share of one routed law's units as of the other's (and by more than
# MARKER_MIN_SHARE of them) marks that law; when the question's markers agree, that law's units get the router bonus,
# as if it had been routed first with this share. Measured on 2,843 questions: 10 and 5 +4 −1, 3 +8 −10.
MARKER_RATIO = 10
MARKER_MIN_SHARE = 0.01
MARKED_LAW_SHARE = 0.5
TRANSITIONAL_GUARD = 0.004  # like the definition guard: old-case rules and the short title after live law
GENERIC_TITLE_TERMS = frozenset({"laki"})  # "Konkurssilaki": the law, not its subject
DEFINITION_LOOKUP_BONUS = 0.05  # above the sentence rerank (answer.RERANK_WEIGHT): a direct hit
BARE_TERM_WORDS = 5  # a query of at most this many words, not a question, may be a term to look up
SPELLING_MIN_LETTERS = {"en": 6, "fi": 4}  # shorter words have too many neighbours to correct safely
_STOPWORDS = EN_STOPWORDS | FI_STOPWORDS
_ARTICLES = frozenset({"a", "an", "the"})  # skipped when a synonym's phrase is looked for ("ask (the) court")


@dataclass
class Candidate:
    node_id: str
    law_key: str
    bm25_rank: int | None = None
    dense_rank: int | None = None
    bm25_score: float = 0.0
    dense_score: float = 0.0
    rrf: float = 0.0
    score: float = 0.0

    @property
    def demoted(self) -> bool:
        """Whether a pair guard took points off (a definition or a transitional provision)."""
        return self.score < self.rrf

    def as_json(self) -> dict:
        return {"node_id": self.node_id, "bm25_rank": self.bm25_rank, "dense_rank": self.dense_rank,
                "rrf": round(self.rrf, 6)}


@dataclass
class Retrieval:
    query: str
    lang: str
    mode: str
    laws: list[str] = field(default_factory=list)
    candidates: list[Candidate] = field(default_factory=list)
    citation: str | None = None  # node id found by direct look-up
    outline: str = ""  # a cited Part (or Division) of the cited law: its trail, "PART III — Proposals › DIVISION II — …"
    notices: list[str] = field(default_factory=list)
    latency_ms: dict[str, float] = field(default_factory=dict)
    terms: list[str] = field(default_factory=list)
    corrections: list[tuple[str, str]] = field(default_factory=list)  # (as typed, as searched)
    # The Acts' own words searched beside the question's everyday ones (data/synonyms.json): "tenant" → "lessee"
    statute_words: list[str] = field(default_factory=list)
    keyword_lead: float = 1.0  # BM25's first score over its second: how far its first hit stands out
    # hybrid / graph: the candidates the keyword search alone gives (mode bm25's), for the answer's first three
    keyword_candidates: list[Candidate] = field(default_factory=list)


def clean_query(text: str) -> str:
    """Printable, NFC-normalised, bounded query text (NUL and control characters removed), without an exam prompt's
    instruction ("Explain …", "Kerro, …")."""
    text = unicodedata.normalize("NFC", text or "")
    text = "".join(ch if (ch.isprintable() or ch.isspace()) else " " for ch in text)
    text = patterns.WHITESPACE.sub(" ", text).strip()[:MAX_QUERY_CHARS]
    return patterns.EXAM_INSTRUCTION.sub("", text, count=1)


def _roman(number: str) -> str:
    """A Part's number as the Acts print it: "3" → "III"; a Roman numeral as it is, upper-cased."""
    if not number.isdigit():
        return number.upper()
    n, out = int(number), ""
    for value, letters in ((50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out, n = out + letters, n - value
    return out


def detect_language(text: str) -> str:
    """Finnish or English, from stopwords, ä / ö and Finnish endings, and the words only one language's
    dictionary accepts — so that a bare term ("takaisinsaanti", "Konkurssi") is read as what it is."""
    words = [w.lower() for w in patterns.WORD.findall(text)]
    fi = sum(w in FI_STOPWORDS for w in words) + 2 * sum(ch in "äöåÄÖÅ" for ch in text)
    fi += sum(bool(patterns.FI_CASE_ENDING.search(w)) for w in words) * 0.3
    en = sum(w in EN_STOPWORDS for w in words)
    by_dictionary = [dictionary_language(w) for w in words if w not in FI_STOPWORDS and w not in EN_STOPWORDS]
    fi += by_dictionary.count("fi")
    en += by_dictionary.count("en")
    return "fi" if fi > en else "en"


class Retriever:
    """Holds the per-law indexes of one database; safe to share across threads for reading."""

    def __init__(self, db: sqlite_utils.Database, dense: bool = True) -> None:
        self.db = db
        self.dense_enabled = dense
        self.laws = {row["key"]: row for row in store.laws(db)}
        self._bm25: dict[str, index.Bm25Index | None] = {}
        self._dense_error: str | None = None
        self._alias = self._alias_patterns()
        self._alias_lemmas = self._one_word_alias_lemmas()
        self._graph = None
        self._def_terms: dict[str, list[tuple[tuple[str, ...], str, str]]] = {}
        self._headed: dict[str, set[str]] = {}
        self._titles: dict[str, list[tuple[frozenset[str], str, str]]] = {}
        self._regimes: dict[str, list[tuple[frozenset[str], str, frozenset[str]]]] = {}
        self._definition_lists: set[str] | None = None
        self._title_terms = {key: _title_terms(row["title"], row["lang"]) for key, row in self.laws.items()}
        self._subjects = {key: _title_subject(row["title"], row["lang"]) for key, row in self.laws.items()}
        self._subject_shares: dict[tuple[str, str], float] = {}
        self._markers: dict[tuple[str, str, str], str | None] = {}  # (term, law, law) → the law it marks

    @property
    def graph(self):
        """The graph in memory, loaded on first use (for norm-path expansion)."""
        if self._graph is None:
            from core.expand import GraphView  # noqa: PLC0415

            self._graph = GraphView(self.db)
        return self._graph

    # -- indexes ---------------------------------------------------------------------------------
    def bm25(self, lang: str) -> index.Bm25Index | None:
        """The keyword index of one language (statistics shared by its laws)."""
        if lang not in self._bm25:
            self._bm25[lang] = index.load_bm25(lang)
        return self._bm25[lang]

    def warm(self) -> None:
        """Load every index and the embedding model now rather than on the first question."""
        for lang in {r["lang"] for r in self.laws.values()}:
            self.bm25(lang)
            has_speller(lang)  # loads the spelling dictionary
        _ = self.graph
        self.sections_headed(patterns.TRANSITIONAL_HEADING)
        self.sections_headed(patterns.SHORT_TITLE_HEADING)
        if self.dense_enabled:
            try:
                index.load_model()
                for key in self.laws:
                    index.open_collection(key)
            except Exception as exc:
                self._dense_error = f"{type(exc).__name__}: {exc}"

    def title_terms(self, law_key: str) -> frozenset[str]:
        """The terms of a law's title without its citation: what every one of its provisions is about
        ("takaisinsaanti" for TakSL, "bankruptcy" and "insolvency" for the BIA)."""
        return self._title_terms.get(law_key, frozenset())

    def subject_named(self, text: str, lang: str) -> str | None:
        """The Act whose subject the question names, when it names one Act's only ("saneerausmenettelyssä" → YSL,
        *saneeraus*; "velkajärjestelyssä" → VJL)."""
        q_terms = set(analyzer(lang).terms(text))
        # A compound led by the subject names it too ("velkajärjestelyasian" → *velkajärjestely*): a Finnish compound
        # keeps its first member as written, which the analyser's members (velka + järjestää) no longer show.
        words = [w.lower() for w in patterns.WORD.findall(text)]
        named = [k for k, subject in self._subjects.items() if self.laws[k]["lang"] == lang and (
            subject & q_terms or any(w.startswith(term) and len(w) > len(term) + 2 for w in words for term in subject))]
        return named[0] if len(named) == 1 else None

    def marked_law(self, text: str, lang: str, laws: list[str]) -> str | None:
        """Of two routed laws, the one the question's words mark: a word that MARKER_RATIO times the share of that
        law's units use as of the other's ("bankruptcy" beside the CCAA, *maksuohjelma* beside the YSL, "saada
        takaisin konkurssipesään" beside KonkL). None when no word marks either law, or words mark both."""
        bm = self.bm25(lang) if len(laws) == 2 else None
        if bm is None:
            return None
        marked = set()
        for term in dict.fromkeys(analyzer(lang).terms(text)):
            if (term, *laws) not in self._markers:
                shares = bm.unit_shares(frozenset({term}))
                first, second = (shares.get(k, 0.0) for k in laws)
                self._markers[(term, *laws)] = (
                    laws[0] if first > MARKER_MIN_SHARE and first >= MARKER_RATIO * second else
                    laws[1] if second > MARKER_MIN_SHARE and second >= MARKER_RATIO * first else None)
            marked.add(self._markers[(term, *laws)])
        marked.discard(None)
        return marked.pop() if len(marked) == 1 else None

    def off_subject_laws(self, about: str | None, lang: str) -> set[str]:
        """The Acts a question is not about: when it names the subject of the Act `about` (subject_named), the Acts
        of its language that seldom use that subject's word."""
        bm = self.bm25(lang) if about is not None else None
        if bm is None:
            return set()
        off = set()
        for key, row in self.laws.items():
            if key == about or row["lang"] != lang:
                continue
            if (about, key) not in self._subject_shares:
                self._subject_shares[(about, key)] = bm.unit_share(self._subjects[about], key)
            if self._subject_shares[(about, key)] < SUBJECT_SHARE:
                off.add(key)
        return off

    def definition_lists(self) -> set[str]:
        """Ids of the provisions that define DEFINITION_LIST_TERMS terms or more, themselves or in their items (a
        DEFINES edge leaves the paragraph or kohta that states the definition; ids nest, so its ancestors are its
        id's prefixes). A term a rule names in parentheses ("… (jakoluetteloehdotus)") does not count: that
        provision is a rule."""
        if self._definition_lists is None:
            edges = [(r["source"], r["target"]) for r in self.db.query(
                "SELECT source, target FROM edges WHERE type = 'DEFINES'")]
            definitions = store.get_nodes(self.db, [target for _, target in edges])
            defined: Counter[str] = Counter()
            for source, target in edges:
                if target in definitions and names_in_parentheses(definitions[target]):
                    continue
                parts = source.split(":")
                defined.update(":".join(parts[:k]) for k in range(2, len(parts) + 1))
            self._definition_lists = {node_id for node_id, n in defined.items() if n >= DEFINITION_LIST_TERMS}
        return self._definition_lists

    def narrower_regimes(self, lang: str) -> list[tuple[frozenset[str], str, frozenset[str]]]:
        """(qualifier terms, head term, section ids) of each Part or Division of `lang`'s Acts whose title, read
        word for word by base form, is a term its Act defines: "Consumer Proposals" (qualifier *consumer*, head
        *proposal*), "Official Receivers"."""
        if lang not in self._regimes:
            an = analyzer(lang)
            defined: dict[str, set[tuple[str, ...]]] = {}
            for r in self.db.query("SELECT law_key, term FROM nodes WHERE kind = 'DEFINITION' AND lang = ? "
                                   "AND term IS NOT NULL AND term != ''", [lang]):
                defined.setdefault(r["law_key"], set()).add(tuple(an.terms(r["term"], compounds=False)))
            sections: dict[tuple[str, tuple[str, ...]], set[str]] = {}
            for r in self.db.query("SELECT id, law_key, trail FROM nodes WHERE kind = 'SECTION' AND lang = ? "
                                   "AND trail IS NOT NULL AND trail != ''", [lang]):
                for part in r["trail"].split(TRAIL_SEPARATOR):
                    title = tuple(an.terms(part.split(LABEL_SEPARATOR, 1)[-1], compounds=False))
                    if len(title) >= 2 and title in defined.get(r["law_key"], ()):
                        sections.setdefault((r["law_key"], title), set()).add(r["id"])
            self._regimes[lang] = [(frozenset(title[:-1]), title[-1], frozenset(ids))
                                   for (_, title), ids in sorted(sections.items())]
        return self._regimes[lang]

    def narrower_than_asked(self, text: str, lang: str) -> set[str]:
        """The sections of each narrower regime (narrower_regimes) whose head word the question uses without any
        of its qualifiers: "When can the court annul a proposal?" is not about consumer proposals."""
        asked = set(analyzer(lang).terms(text, compounds=False))
        out: set[str] = set()
        for qualifiers, head, sections in self.narrower_regimes(lang):
            if head in asked and not qualifiers & asked:
                out |= sections
        return out

    def sections_headed(self, heading: re.Pattern) -> set[str]:
        """Ids of the sections whose heading matches (e.g. transitional provisions)."""
        if heading.pattern not in self._headed:
            self._headed[heading.pattern] = {
                r["id"] for r in self.db.query("SELECT id, heading FROM nodes WHERE kind = 'SECTION'")
                if r["heading"] and heading.search(r["heading"])}
        return self._headed[heading.pattern]

    def titled_sections(self, text: str, lang: str, laws: list[str]) -> list[str]:
        """The first provision of each section of `laws` whose heading is `text` word for word, by base form
        ("Pesänhoitajan määrääminen", "first meeting of creditors"): a heading typed alone is looked up as a
        defined term is. In the laws' order."""
        if lang not in self._titles:
            first_part = {r["parent_id"]: r["id"] for r in self.db.query(
                "SELECT parent_id, id FROM nodes WHERE kind = 'MOMENT' AND lang = ? AND repealed = 0 "
                "ORDER BY ordinal DESC", [lang])}  # descending: each section's first part is written last and kept
            an = analyzer(lang)
            self._titles[lang] = [
                (frozenset(an.terms(r["heading"], compounds=False)), r["law_key"], first_part.get(r["id"], r["id"]))
                for r in self.db.query("SELECT id, law_key, heading FROM nodes WHERE kind = 'SECTION' AND lang = ? "
                                       "AND repealed = 0 AND heading IS NOT NULL AND heading != '' ORDER BY ordinal",
                                       [lang])]
        asked = frozenset(analyzer(lang).terms(text, compounds=False))
        if not asked:
            return []
        return [unit for law in laws for terms, key, unit in self._titles[lang] if key == law and terms == asked]

    def _alias_patterns(self) -> dict[str, re.Pattern]:
        out = {}
        for key, row in self.laws.items():
            names = [row["abbrev"], key] + [a for a in store.law_info(row).aliases]
            out[key] = patterns.any_name(sorted(set(names), key=len, reverse=True))
        return out

    def _one_word_alias_lemmas(self) -> dict[tuple[str, str], str]:
        """(language, base form) → law for the one-word names: "konkurssilain", "velkajärjestelylaissa" name a law
        as "konkurssilaki" does."""
        out = {}
        for key, row in self.laws.items():
            for name in store.law_info(row).aliases:
                if len(patterns.WORD.findall(name)) == 1:
                    out[(row["lang"], analyzer(row["lang"]).lemma(name))] = key
        return out

    def named_laws(self, text: str, lang: str) -> list[str]:
        """The laws a question names, by key, abbreviation or alias — a one-word name in any inflection."""
        return self._law_names(text, lang)[0]

    def _law_names(self, text: str, lang: str) -> tuple[list[str], str]:
        """The laws a text names (as named_laws), and the text with their names taken out."""
        named = []
        for key, pattern in self._alias.items():
            if pattern.search(text):
                named.append(key)
                text = pattern.sub(" ", text)
        an = analyzer(lang)
        kept, last = [], 0
        for m in patterns.WORD.finditer(text):  # "konkurssilain", "velkajärjestelylaissa"
            key = self._alias_lemmas.get((lang, an.lemma(m.group(0))))
            if key is not None:
                named += [key] if key not in named else []
                kept.append(text[last:m.start()] + " ")
                last = m.end()
        return named, "".join(kept) + text[last:]

    # -- citations -------------------------------------------------------------------------------
    def lookup_citation(self, text: str) -> str | None:
        """A node id for a citation-shaped query, else None: a node id, or a law's name and a locator in either
        order ("BIA 50.4(1)", "section 50.4(1) of the BIA", "s. 69.3" — the BIA —, "KonkL 3:2",
        "konkurssilain 3 luvun 2 §", "YSL 17 § 2 mom.")."""
        return self._resolve_citation(text)[0]

    def _resolve_citation(self, text: str) -> tuple[str | None, bool, str]:
        """(node id or None, whether the whole query is shaped as a citation, the trail of a cited Part): "BIA
        999(9)" is a citation of nothing, to be told as such rather than searched for its numbers; "BIA Part III"
        is the BIA with the trail of its Part III, whose sections answer."""
        m = patterns.NODE_ID.match(text)
        if m and ":" in text or (m and text.strip() in self.laws):
            node = store.get_node(self.db, text.strip())
            return (node.id if node is not None else None), True, ""
        laws, locator = self._law_names(text, "fi")  # an English law's names are matched as they are written
        locator = patterns.CITATION_FILLER.sub(" ", locator)
        if len(laws) == 1 and patterns.LAW_ONLY.match(locator):  # "the BIA", "konkurssilaki": the law itself
            return laws[0], True, ""
        english = [k for k, r in self.laws.items() if r["lang"] == "en"]
        m = patterns.CA_PART_LOCATOR.match(locator)
        if m and (set(laws) & set(english) or not laws):
            part, division = m.group("part") or m.group("part_last"), m.group("div") or m.group("div_first")
            for key in [k for k in laws if k in english] if laws else english:  # a bare "Part III": the BIA first
                trail = self._part_trail(key, _roman(part), _roman(division) if division else "")
                if trail:
                    return key, True, trail
            return None, True, ""
        m = patterns.CA_LOCATOR.match(locator)
        if m and (set(laws) & set(english) if laws else m.group("marker")):
            parens = patterns.CA_BRACKETED_LABEL.findall(m.group("parens") or "")
            for key in [k for k in laws if k in english] if laws else english:  # a bare "s. 69.3": the BIA first
                node_id = ":".join([key, m.group("sec")] + parens)
                if store.get_node(self.db, node_id) is not None:
                    return node_id, True, ""
            return None, True, ""
        m = patterns.FI_LOCATOR.match(locator)
        finnish = [k for k in laws if self.laws[k]["lang"] == "fi"]
        chapter = patterns.FI_CHAPTER_LOCATOR.match(locator)
        if finnish and chapter:  # "KonkL 3 luku"
            node_id = f"{finnish[0]}:{chapter.group('chap').replace(' ', '').lower()}"
            return (node_id if store.get_node(self.db, node_id) is not None else None), True, ""
        if not (m and finnish and (m.group("para") or m.group("chap"))):
            return None, False, ""
        key = finnish[0]
        sec = m.group("sec").replace(" ", "").lower()
        if m.group("chap"):
            section_id = f"{key}:{m.group('chap').replace(' ', '')}:{sec}"
        else:
            rows = list(self.db.query(
                "SELECT id FROM nodes WHERE law_key = ? AND kind = 'SECTION' AND label = ?", [key, sec]))
            if len(rows) != 1:
                return None, True, ""
            section_id = rows[0]["id"]
        node_id = section_id + (f":{m.group('mom')}" if m.group("mom") else "") + (
            f":{m.group('kohta')}" if m.group("mom") and m.group("kohta") else "")
        return (node_id if store.get_node(self.db, node_id) is not None else None), True, ""

    def _part_trail(self, law_key: str, part: str, division: str) -> str:
        """The trail of a Part (and Division) of a law as its sections carry it ("PART III — Proposals › DIVISION II
        — Consumer Proposals"), or "" when the law has no such Part."""
        wanted = [("PART", part)] + ([("DIVISION", division)] if division else [])
        for row in self.db.query("SELECT DISTINCT trail FROM nodes WHERE law_key = ? AND kind = 'SECTION'", [law_key]):
            headings = row["trail"].split(TRAIL_SEPARATOR)
            found = [patterns.CA_PART_HEADING.match(h) for h in headings[:len(wanted)]]
            if len(found) == len(wanted) and all(
                    f and f.group("kind").upper() == kind and f.group("number").upper() == number
                    for f, (kind, number) in zip(found, wanted)):
                return TRAIL_SEPARATOR.join(headings[:len(wanted)])
        return ""

    # -- routing ---------------------------------------------------------------------------------
    def route(self, text: str, lang: str, terms: list[str], about: str | None = None) -> list[tuple[str, float]]:
        """Laws of the question's language ranked by keyword evidence; explicit names win, and the Act whose subject
        the question names (`about`, subject_named) is among them."""
        named = self.named_laws(text, lang)
        if named:
            return [(k, 1.0) for k in named][:ROUTE_TOP]
        bm = self.bm25(lang)
        hits = bm.search(terms, k=200) if bm else []
        per_law: dict[str, list[float]] = {k: [] for k, r in self.laws.items() if r["lang"] == lang}
        for key, _, score in hits:
            if key in per_law and len(per_law[key]) < ROUTE_HITS:
                per_law[key].append(score)
        # The best hit counts most: a law with one provision that matches well beats one with three that match a
        # little (Finnish routing: expected law routed for 93 of 94 questions, was 91).
        scored = [(k, sum(score * ROUTE_HIT_DECAY ** i for i, score in enumerate(v))) for k, v in per_law.items()]
        scored.sort(key=lambda kv: (-kv[1], kv[0]))
        if about is not None and about not in [k for k, _ in scored[:ROUTE_TOP]]:
            # The Act whose subject the question names is searched, whatever the keyword evidence: its sections
            # on that subject may share fewer words with the question than another Act's chapter about it.
            rest = [kv for kv in scored if kv[0] != about]
            scored = rest[:ROUTE_TOP - 1] + [next(kv for kv in scored if kv[0] == about)] + rest[ROUTE_TOP - 1:]
        total = sum(s for _, s in scored) or 1.0
        return [(k, s / total) for k, s in scored[:ROUTE_TOP]]

    # -- search ----------------------------------------------------------------------------------
    def search(self, question: str, mode: str = "hybrid", k: int = 10, as_typed: bool = False) -> Retrieval:
        """The fused, reranked candidates for a question (or the provision it cites). Misspelt words are
        corrected first, unless `as_typed`."""
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}")
        t_start = time.perf_counter()
        text = clean_query(question)
        lang = detect_language(text)
        result = Retrieval(query=text, lang=lang, mode=mode)
        if not text:
            result.notices.append("Empty question: type a question or a citation such as “BIA 50.4(1)”.")
            return result
        node_id, is_citation, result.outline = self._resolve_citation(text)
        if node_id is not None:
            result.citation = node_id
            result.lang = store.get_node(self.db, node_id).lang
            result.latency_ms["total"] = (time.perf_counter() - t_start) * 1000
            return result
        if is_citation:  # searching "BIA 999(9)" for its numbers would answer with some other provision
            named = {self.laws[k]["lang"] for k in self.named_laws(text, lang)}
            result.lang = lang = named.pop() if len(named) == 1 else lang
            result.notices.append(
                f"Laeista ei löydy kohtaa “{text}”: tarkista numero tai kysy sanoin." if lang == "fi" else
                f"No provision “{text}” in the bundled laws: check the number, or ask in words.")
            result.latency_ms["total"] = (time.perf_counter() - t_start) * 1000
            return result
        t = time.perf_counter()
        text, result.corrections = (text, []) if as_typed else self.correct_spelling(text, lang)
        if result.corrections:
            lead = "Haettiin korjatulla kirjoitusasulla" if lang == "fi" else "Searched with corrected spelling"
            result.notices.append(f"{lead}: " + ", ".join(
                f"“{typed}” → “{fixed}”" for typed, fixed in result.corrections) + ".")
        text, spelled_out = (text, []) if as_typed else spell_out(text, lang)
        if spelled_out:
            lead = "Lyhenteet luettiin lakien sanoin" if lang == "fi" else "Abbreviations read as the Acts spell them"
            result.notices.append(f"{lead}: " + ", ".join(f"“{short}” → “{full}”" for short, full in spelled_out) + ".")
            result.corrections += spelled_out  # "search as typed" undoes them too
        if result.corrections:
            result.query = text
        # The synonym table is read once: its statute terms join the keyword query, its words as written are shown
        # and, in English, embedded with the question.
        register = _register_entries_in(text, lang)
        terms = analyzer(lang).terms(asked_words(text), bigrams=True) + _statute_terms(register)
        result.terms, result.statute_words = terms, _statute_words(register)
        about = self.subject_named(text, lang)  # once per question: routing and the fusion's guard both use it
        routed = self.route(text, lang, terms, about)
        result.laws = [k for k, _ in routed]
        result.latency_ms["route"] = (time.perf_counter() - t) * 1000

        bm25_list: list[tuple[str, str, float]] = []
        if mode in ("bm25", "hybrid", "graph"):
            t = time.perf_counter()
            bm = self.bm25(lang)
            if bm is None:
                result.notices.append("No keyword index: run `python -m core build`.")
            else:
                bm25_list = bm.search(terms, laws=result.laws, k=LIST_DEPTH)
                if len(bm25_list) > 1 and bm25_list[1][2] > 0:
                    result.keyword_lead = bm25_list[0][2] / bm25_list[1][2]
            result.latency_ms["bm25"] = (time.perf_counter() - t) * 1000
        dense_list: list[tuple[str, str, float]] = []
        if mode in ("dense", "hybrid", "graph"):
            t = time.perf_counter()
            dense_list = self._dense(_dense_text(text, lang, result.statute_words), result)
            result.latency_ms["dense"] = (time.perf_counter() - t) * 1000
        t = time.perf_counter()
        result.candidates = _listed(self._fuse(bm25_list, dense_list, dict(routed), text, lang, about), k)
        if dense_list and bm25_list:
            result.keyword_candidates = _listed(self._fuse(bm25_list, [], dict(routed), text, lang, about), k)
        result.latency_ms["fuse"] = (time.perf_counter() - t) * 1000
        if not result.candidates:
            result.notices.append("Nothing found for this question.")
        result.latency_ms["total"] = (time.perf_counter() - t_start) * 1000
        return result

    def dense_query(self, text: str, lang: str) -> str:
        """What the dense side embeds: the question without the do / task frame words no answer shares ("Mitä
        pesänhoitajan on tehtävä" keeps "Mitä pesänhoitajan"), as the keyword side does; in English, followed by
        the statute words the synonym table gives for its everyday words ("… keep suing … (action, proceedings)"),
        which the keyword side reads as extra terms. Not in Finnish: the bundled model reads English only, and
        there the added words cost 12 answers of 1,893 (docs/RETRIEVAL.md)."""
        return _dense_text(text, lang, self.register_words(text, lang))

    def _dense(self, text: str, result: Retrieval) -> list[tuple[str, str, float]]:
        if not self.dense_enabled:
            result.notices.append("Keyword search only: dense search is switched off.")
            return []
        out: list[tuple[str, str, float]] = []
        try:
            out = index.dense_search(result.laws, text, k=LIST_DEPTH)
        except Exception as exc:  # model missing, Chroma down: BM25 still answers
            self._dense_error = f"{type(exc).__name__}: {exc}"
            result.notices.append("Keyword search only: the semantic index is unavailable "
                                  f"({type(exc).__name__}).")
            return []
        return out

    def _fuse(self, bm25_list, dense_list, route_share: dict[str, float], text: str, lang: str,
              about: str | None = None) -> list[Candidate]:
        cands: dict[str, Candidate] = {}
        for rank, (key, uid, s) in enumerate(bm25_list, 1):
            c = cands.setdefault(uid, Candidate(uid, key))
            c.bm25_rank, c.bm25_score = rank, s
            c.rrf += 1.0 / (RRF_K + rank)
        # The bundled embedding model is English-only: on Finnish text its ranks count for less.
        dense_weight = DENSE_WEIGHT.get(lang, 1.0)
        for rank, (key, uid, s) in enumerate(dense_list, 1):
            c = cands.setdefault(uid, Candidate(uid, key))
            c.dense_rank, c.dense_score = rank, s
            c.rrf += dense_weight / (RRF_K + rank)
        # Router bonus for the best-routed law; none when laws tie (e.g. both named in the question).
        routed = sorted(route_share.items(), key=lambda kv: -kv[1])
        top_law = routed[0][0] if routed and (len(routed) == 1 or routed[0][1] > routed[1][1]) else None
        asked = self.definition_question(text)
        # The Act whose subject the question names first ("vakuusvelka saneerauksessa": the YSL's term), then as routed.
        laws = sorted(route_share, key=lambda key: key != about)
        if asked is not None:
            looked_up = self.defined_terms_in(asked, lang, laws, whole=asked is not text)
        elif _is_bare_term(text):  # a term typed alone is looked up like a dictionary entry, if the statutes define it
            looked_up = self.defined_terms_in(text, lang, laws, whole=True)
        else:
            looked_up = self.predicate_term(text, lang, laws)
        # "What counts as X …?" names X first, whatever follows: that term, not another the rest may name.
        explicit = patterns.DEFINITION_ASKED.match(text)
        leading = self.leading_defined_terms(explicit.group("term"), lang, laws) if explicit else []
        if leading and not set(looked_up) & set(leading):
            looked_up = leading
        asks_definition = asked is not None or bool(looked_up)
        # Sections that state no rule the question can be after: transitional provisions, and the short title
        # (which every question naming the Act in full matches), each unless the question asks for it.
        no_rule = set() if patterns.TRANSITIONAL_QUESTION.search(text) else \
            self.sections_headed(patterns.TRANSITIONAL_HEADING)
        if not patterns.SHORT_TITLE_QUESTION.search(text):
            no_rule = no_rule | self.sections_headed(patterns.SHORT_TITLE_HEADING)
        off_subject = self.off_subject_laws(about, lang)
        narrower = self.narrower_than_asked(text, lang)
        definition_lists = self.definition_lists()
        marked = self.marked_law(text, lang, list(route_share))
        if marked is not None:  # the question's own words name one of the two Acts' matters: its units get the bonus
            top_law, route_share = marked, {**route_share, marked: MARKED_LAW_SHARE}
        for c in cands.values():
            c.score = c.rrf + (0.002 * route_share.get(c.law_key, 0.0) if c.law_key == top_law else 0.0)
            section = _section_of(c.node_id)
            if c.law_key in off_subject:
                c.score -= SUBJECT_GUARD
            if section in narrower:
                c.score -= REGIME_GUARD
            if (":def:" in c.node_id or c.node_id in definition_lists) and not asks_definition:
                c.score -= DEFINITION_GUARD  # pair guard: an operative provision before a definition
            if section in no_rule:
                c.score -= TRANSITIONAL_GUARD
        # A defined term typed alone goes to its definition; else a section's heading typed alone to that section.
        titled = [] if asks_definition or not _is_bare_term(text) else self.titled_sections(text, lang, laws)
        if asks_definition or titled:
            top = max((c.score for c in cands.values()), default=0.0)
            for i, unit_id in enumerate(looked_up or titled):
                c = cands.setdefault(unit_id, Candidate(unit_id, unit_id.split(":", 1)[0]))  # ids begin with the law
                c.score = top + DEFINITION_LOOKUP_BONUS - 0.0001 * i
        ranked = sorted(cands.values(), key=lambda c: (-c.score, c.node_id))
        return _diversify(ranked)

    def correct_spelling(self, text: str, lang: str) -> tuple[str, list[tuple[str, str]]]:
        """The question with its misspelt words corrected, and the corrections ("velkajarjestelya" →
        "velkajärjestelyä", "statment" → "statement"). A word is known when the keyword index or the synonym
        table knows its base form; a known word the dictionary accepts, a word the dictionary accepts that the
        statutes do not use ("parent", not "patent"), short words, acronyms and words with digits are left
        alone. Without a dictionary nothing is corrected."""
        bm = self.bm25(lang)
        if bm is None or not has_speller(lang):
            return text, []
        an = analyzer(lang)
        everyday = {entry.key_terms[0] for entry in _register(lang) if len(entry.key_terms) == 1}

        def base_term(word: str) -> str | None:  # as a whole: its base form, not only its compound parts
            terms = an.terms(word)
            return terms[0] if terms else None

        def known(word: str) -> bool:
            base = base_term(word)
            return base in bm.vocab or base in everyday

        corrections: list[tuple[str, str]] = []
        for m in reversed(list(patterns.WORD.finditer(text))):
            word = m.group(0)
            base = base_term(word)
            # A word the table lists stays as typed even where the dictionary lacks it ("eräännyttääkö": Voikko
            # knows erääntyä and eräännyttävä, not the verb eräännyttää, and offered "eräännyttäväkö").
            if (len(word) < SPELLING_MIN_LETTERS[lang] or not word.isalpha() or not word[1:].islower()
                    or word.lower() in an.stopwords or base in everyday
                    or (base in bm.vocab and not dictionary_rejects(word, lang))):
                continue
            fixed = self._respelt(word, lang, known)
            if fixed is not None:
                fixed = fixed.capitalize() if word[0].isupper() else fixed
                corrections.insert(0, (word, fixed))
                text = text[:m.start()] + fixed + text[m.end():]
        return text, corrections

    def _respelt(self, word: str, lang: str, known: Callable[[str], bool]) -> str | None:
        """The known word that an unknown or rejected one was meant to be, or None."""
        an, bm = analyzer(lang), self.bm25(lang)
        # Finnish typed without ä / ö: "saneerausmenettelyssa" (Voikko rejects it, though the index reads its
        # base form), "maarata" (which Voikko reads as maa + rata), "paatos" (pathos: a word, not the statutes').
        restored = restored_umlauts(word) if lang == "fi" else ()
        fixed = next((c for c in restored if known(c)), None)
        if fixed is not None or any(t in bm.vocab for t in an.terms(word)):
            return fixed  # a word known by its parts ("takaisinsaantilain", which only Voikko lacks) stays
        if not dictionary_rejects(word, lang):
            # A real word the statutes do not use ("maksamaton", unpaid) is respelt only as a whole word they do use
            # (above), not as one that shares a compound part with them ("maksamätön", maksa + mättää).
            return None
        # The dictionary's first suggestion that shares a term with the statutes (or is a stopword: "mita").
        return next((c for c in spelling_candidates(word, lang) if " " not in c and (
            c in an.stopwords or any(t in bm.vocab for t in an.terms(c)))), None)

    def register_terms(self, text: str, lang: str) -> list[str]:
        """Statute words for everyday words in the question (data/synonyms.json), as extra query terms. The
        table's words are matched by their base forms, so that "nimitetään" finds "nimittää" too."""
        return _statute_terms(_register_entries_in(text, lang))

    def register_words(self, text: str, lang: str) -> list[str]:
        """The statute words themselves, as the table writes them, for the everyday words in the question, once
        each ("keep suing" → "action", "proceedings")."""
        return _statute_words(_register_entries_in(text, lang))

    def definition_question(self, text: str) -> str | None:
        """What a one-clause question asks the meaning of: the whole question for explicit wording
        ("define", "tarkoitetaan"), the bare term for "What is a …?" / "Who counts as …?" / "What does …
        include?", else None."""
        if patterns.CLAUSE_JOIN.search(text):
            return None
        if patterns.DEFINITION_EXPLICIT.search(text):
            return text
        m = patterns.WHAT_IS_TERM.match(text)
        return (m.group("term") or m.group("included") or m.group("includes")) if m else None

    def predicate_term(self, text: str, lang: str, laws: list[str]) -> list[str]:
        """The definition a question "Is Y a / an X?" / "Are Ys Xs?" ("Onko Y X?", "Kuuluuko Y X:ään?"), "When is Y
        X?" ("Milloin Y on X?") or "Which Ys are Xs?" ("Mitkä Y:t luetaan X:ksi?") asks about: X's, when X is a term
        the Acts define and Y has no verb of its own; else []. In Finnish X is the last word, or the last two
        ("tavallista velkaa")."""
        m = (patterns.IS_A_TERM.match(text) or patterns.WHEN_IS_TERM.match(text)
             or patterns.WHICH_ARE_TERM.match(text) or patterns.ARE_TERM.match(text))
        if m is None:
            return []
        parts = m.groupdict()
        finnish_x = parts.get("termi")
        subject, term = parts.get("subject") or parts["aihe"], parts.get("term") or finnish_x
        # (A verb in an English X leaves it undefined anyway: only the whole of X is looked up there.)
        if patterns.IS_A_TERM_VERB.search(subject + " " + (finnish_x or "")):
            return []
        words = term.split()
        # The predicate as the Acts name it: the words themselves; in English with the subject's noun after an
        # adjective ("a person insolvent" → insolvent person); in Finnish the last word or two, or the noun of
        # an adjective's quality (maksukyvytön → maksukyvyttömyys).
        if m.re is patterns.ARE_TERM:  # no article marks where X begins: its longest defined ending
            phrases = [" ".join(words[-n:]) for n in range(len(words), 0, -1)]
        else:
            phrases = [" ".join(words[-n:]) for n in range(1 if finnish_x else len(words), len(words) + 1)]
        adjective_read_with_noun = None
        if finnish_x:
            noun = fi_quality_noun(analyzer(lang).lemma(words[-1]))
            phrases += [noun] if noun else []
        elif m.re is patterns.WHEN_IS_TERM and len(words) == 1:
            adjective_read_with_noun = f"{term} {subject.split()[-1]}"
            phrases.append(adjective_read_with_noun)
        phrase, found = next(((p, d) for p, d in ((p, self.defined_terms_in(p, lang, laws, whole=True))
                                                  for p in phrases) if d), (None, []))
        if adjective_read_with_noun is not None and phrase == adjective_read_with_noun:
            # An adjective's definition that uses the adjective again ("claim provable … includes any claim …
            # provable in proceedings") does not say when a thing is that.
            found = [d for d in found if not _repeats(store.get_node(self.db, d).text, term, lang)]
        # The definition must speak of Y ("debtor … includes a bankrupt"; a procedure's own words count only when Y
        # has no others), and X must not be a procedure the Acts are named after ("Kuuluuko takaus
        # velkajärjestelyyn?" asks what the procedure covers).
        an = analyzer(lang)
        procedures = frozenset().union(*(self.title_terms(k) for k in laws))
        if m.re is patterns.ARE_TERM and found:  # the words before the X found belong to Y
            subject += " " + " ".join(words[:len(words) - len(self._term_of(found[0], lang))])
        said = set(an.terms(subject)) - procedures or set(an.terms(subject))  # "velka", "company": all Y says
        # ("Which Ys are Xs?" names a kind, not a case: the definition may call persons individuals.)
        return [d for d in found if not set(self._term_of(d, lang)) <= procedures
                and (m.re is patterns.WHICH_ARE_TERM or said & set(an.terms(store.get_node(self.db, d).text)))]

    def _term_of(self, def_id: str, lang: str) -> tuple[str, ...]:
        return next((t for t, d, _ in self._definition_terms(lang) if d == def_id), ())

    def _term_words(self, def_id: str, lang: str) -> frozenset[str]:
        """The lemmas of every term a definition names ("trustee or licensed trustee", "maksukyvyttömyys; …")."""
        return frozenset(w for t, d, _ in self._definition_terms(lang) if d == def_id for w in t)

    def _definition_terms(self, lang: str) -> list[tuple[tuple[str, ...], str, str]]:
        """(term as lemmas, definition id, law key) for every live definition of a language, longest first."""
        if lang not in self._def_terms:
            an = analyzer(lang)
            rows = self.db.query("SELECT id, law_key, label FROM nodes WHERE kind = 'DEFINITION' AND repealed = 0 "
                                 "AND lang = ?", [lang])
            terms = []
            for r in rows:
                for term in r["label"].split("; "):
                    lemmas = tuple(an.lemmas(term))
                    if lemmas:
                        terms.append((lemmas, r["id"], r["law_key"]))
            terms.sort(key=lambda t: (-len(t[0]), t[1]))
            self._def_terms[lang] = terms
        return self._def_terms[lang]

    def leading_defined_terms(self, text: str, lang: str, laws: list[str]) -> list[str]:
        """Definitions (of the given laws, in their order) of the longest defined term that the text begins with."""
        an = analyzer(lang)
        lemmas = tuple(an.lemmas(text))
        found = [(len(term), laws.index(law_key), def_id) for term, def_id, law_key in self._definition_terms(lang)
                 if law_key in laws and lemmas[:len(term)] == term]
        longest = max((n for n, _, _ in found), default=0)
        # The law routed first, and in it the Act's own definition before a later one for a section ("…@66.37").
        return [def_id for n, _, def_id in sorted(found, key=lambda f: (f[1], "@" in f[2])) if n == longest]

    def defined_terms_in(self, text: str, lang: str, laws: list[str], whole: bool = False) -> list[str]:
        """Definitions (of the given laws) whose whole term the text names, longest terms first.
        With `whole`, the term must make up most of the text (a bare "What is a …?")."""
        an = analyzer(lang)
        lemmas = an.lemmas(text)
        if whole:
            # The procedure a term is asked about is not part of the term: "Mikä on maksuvara velkajärjestelyssä?",
            # "Mikä on vakuusvelka yrityssaneerauksessa?" — a word of a law's title, or a Finnish word saying where;
            # nor is whose it is ("velallisen maksuvara").
            procedures = frozenset().union(*(self.title_terms(k) for k in laws))
            content = [w for w in patterns.WORD.findall(text) if w.lower() not in an.stopwords
                       and an.lemma(w) not in procedures and not _only_in_case(w, lang, INESSIVE)]
            owned = [w for w in content if not _only_in_case(w, lang, GENITIVE)]  # the term itself, not its owner
            owned_lemmas = {an.lemma(w) for w in owned}
            terms = {d: self._term_of(d, lang) for d in self.defined_terms_in(text, lang, laws)}
            content_lemmas = [an.lemma(w) for w in content]
            # The term must be most of what is asked, not a word beside it: "What is a bankruptcy district?" asks for
            # no definition of *bankruptcy* (a word of the BIA's title, so not counted as content), though the term's
            # one word is as long as the question's one content word. (A definition may name several terms.)
            found = [d for d, term in terms.items()
                     if len(term) >= 0.6 * max(1, len(content))
                     and sum(w not in self._term_words(d, lang) for w in content_lemmas) <= 0.4 * max(1, len(content))
                     or len(term) >= 0.6 * max(1, len(owned)) and set(term) <= owned_lemmas]
            # A term of its own before the procedure's name, when the question names both.
            return sorted(found, key=lambda d: set(terms[d]) <= procedures)[:1]
        found: list[str] = []
        covered: set[int] = set()
        # A term two Acts define is the routed-first Act's ("vakuusvelka velkajärjestelyssä": the VJL's).
        for term, def_id, law_key in sorted(self._definition_terms(lang), key=lambda t: (
                -len(t[0]), laws.index(t[2]) if t[2] in laws else len(laws))):
            if law_key not in laws:
                continue
            n = len(term)
            for i in range(len(lemmas) - n + 1):
                if tuple(lemmas[i:i + n]) == term and not covered.issuperset(range(i, i + n)):
                    found.append(def_id)
                    covered.update(range(i, i + n))
                    break
        return found


def asked_words(question: str) -> str:
    """The question without the words of its frame that the answer does not share ("Mitä X:n on tehtävä", "Kenen
    tehtävä on …", "Whose job is it to …"; "Mihin mennessä …", "How long …" read as "milloin" / "when")."""
    return without_task_frame(
        patterns.TIME_FRAME.sub(lambda m: "when" if m.group(0)[:1] in "Hh" else "milloin", question))


def without_task_frame(question: str) -> str:
    """The question without its do / task frame ("Mitä X:n on tehtävä" → "Mitä X:n", "Whose job is it to" → "who"),
    its time frame as asked: "how long" means a duration to the meaning search, where "when" means a moment."""
    return patterns.WHOSE_TASK_FRAME.sub(lambda m: "who" if m.group(0)[:1] in "Ww" else "kuka",
                                         patterns.FI_DO_FRAME.sub(r"\1", question))


def _repeats(definition: str, word: str, lang: str) -> bool:
    """Whether an English definition's body (after "means" / "includes") uses the word."""
    body = patterns.EN_INLINE_DEFINITION.split(patterns.EN_FRENCH_EQUIVALENT.sub("", definition), maxsplit=1)
    an = analyzer(lang)
    return len(body) > 1 and bool(set(an.terms(word)) & set(an.terms(body[-1])))


INESSIVE, GENITIVE = "sisaolento", "omanto"  # Voikko's case names


def _only_in_case(word: str, lang: str, case: str) -> bool:
    """A Finnish word every reading of which is in the case: the inessive says where ("konkurssissa",
    "saneerausmenettelyssä"), the genitive whose ("velallisen maksuvara"), not what."""
    readings = fi_word_info(word) if lang == "fi" else ()
    return bool(readings) and all(r.case == case for r in readings)


def _is_bare_term(text: str) -> bool:
    """A few words typed alone, not a question ("consumer debtor", "transfer at undervalue", "saneerausvelka"):
    no question mark, no digits, and a first and last word that are not stopwords."""
    words = [w.lower() for w in patterns.WORD.findall(text)]
    return (0 < len(words) <= BARE_TERM_WORDS and "?" not in text and all(w.isalpha() for w in words)
            and words[0] not in _STOPWORDS and words[-1] not in _STOPWORDS)


@lru_cache(maxsize=4)
def _word_table(name: str) -> dict:
    """One of the bundled word tables (data/synonyms.json, data/abbreviations.json), by language."""
    data = json.loads((LAWS_DIR.parent / name).read_text(encoding="utf-8"))
    return {lang: data.get(lang, {}) for lang in ("en", "fi")}


@lru_cache(maxsize=4)
def _abbreviations(lang: str) -> tuple[tuple[re.Pattern, str], ...]:
    """A language's abbreviations (data/abbreviations.json) as patterns for the whole abbreviation as written, with
    an optional plural s ("NOIs"), and the words the statutes spell it out in."""
    data = _word_table("abbreviations.json").get(lang, {})
    return tuple((patterns.abbreviation(short), spelled) for short, spelled in data.items())


def spell_out(text: str, lang: str) -> tuple[str, list[tuple[str, str]]]:
    """The question with the abbreviations the statutes spell out written in full, and what was spelt out
    ("NOI" → "notice of intention")."""
    spelled_out: list[tuple[str, str]] = []
    for pattern, spelled in _abbreviations(lang):
        def in_full(m: re.Match, spelled: str = spelled) -> str:
            if (m.group(0), spelled) not in spelled_out:  # said once, however often it is written
                spelled_out.append((m.group(0), spelled))
            return spelled

        text = pattern.sub(in_full, text)
    return text, spelled_out


class RegisterEntry(NamedTuple):
    """One row of the synonym table, analysed: the everyday word's terms, the phrase to find in the question, and
    the statute words, as terms and as written."""
    key_terms: tuple[str, ...]
    phrase: tuple[str, ...]
    statute_terms: tuple[str, ...]
    statute_words: tuple[str, ...]


@lru_cache(maxsize=4)
def _register(lang: str) -> tuple[RegisterEntry, ...]:
    """The synonym table of a language analysed once. A phrase with small words is found with them ("which court"
    → every word but an article), else its base forms alone would be found in every question they are in
    ("court")."""
    an = analyzer(lang)
    # (terms, words) of the statute words, in order and once each; "employee" and "employees" are one entry
    table: dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[dict[str, None], dict[str, None]]] = {}
    for word, statute_words in _word_table("synonyms.json").get(lang, {}).items():
        key = tuple(an.terms(word, compounds=False))
        kept = tuple(lemma for lemma in an.lemmas(word) if lemma not in _ARTICLES)
        phrase = kept if len(key) < len(kept) else key
        terms, words = table.setdefault((key, phrase), ({}, {}))
        terms.update(dict.fromkeys(t for w in statute_words for t in an.terms(w)))
        words.update(dict.fromkeys(statute_words))
    return tuple(RegisterEntry(key, phrase, tuple(terms), tuple(words))
                 for (key, phrase), (terms, words) in table.items())


@lru_cache(maxsize=1024)
def _register_entries_in(text: str, lang: str) -> tuple[RegisterEntry, ...]:
    """The synonym table's rows whose everyday word or phrase the question uses; a duty participle counts as its verb
    ("on kerrottava" uses kertoa's row). Cached: the search and the sentence evidence of every reranked unit ask it of
    the same question (12 times per question)."""
    an = analyzer(lang)
    joined = an.terms(text, compounds=False) + an.duty_verbs(text)
    lemmas = [lemma for lemma in an.lemmas(text) if lemma not in _ARTICLES]
    gap = PHRASE_GAP.get(lang, 0)
    counts = {entry: _phrase_count(entry.phrase, joined if entry.phrase == entry.key_terms else lemmas, gap)
              for entry in _register(lang) if entry.phrase}
    found = [entry for entry, count in counts.items() if count]
    # A longer phrase found that holds a word with a row of its own reads the word in another sense when the two
    # rows share no statute word: a "credit union" is a deposit-taking institution, not a union's bargaining agent;
    # a debtor who "stops paying" ceases to meet liabilities, and no stay is asked about. Only where the word stands
    # in it: "a plan must pay" still asks about an arrangement in a question that names a "pension plan" too.
    return tuple(entry for entry in found if counts[entry] > sum(
        counts[other] for other in found
        if len(other.key_terms) > len(entry.key_terms) and _phrase_in(entry.key_terms, list(other.key_terms), 0)
        and not set(other.statute_terms) & set(entry.statute_terms)))


def _phrase_in(phrase: tuple[str, ...], words: list[str], gap: int) -> bool:
    """Whether the words hold the phrase in order, with up to `gap` other words between its words."""
    return _phrase_count(phrase, words, gap, first_only=True) > 0


def _phrase_count(phrase: tuple[str, ...], words: list[str], gap: int, first_only: bool = False) -> int:
    """How many times the words hold the phrase in order, with up to `gap` other words between its words."""
    count = 0
    for start in (i for i, word in enumerate(words) if word == phrase[0]):
        at = start
        for part in phrase[1:]:
            window = words[at + 1: at + 2 + gap]
            if part not in window:
                break
            at += 1 + window.index(part)
        else:
            count += 1
            if first_only:
                break
    return count


def _statute_terms(entries: Sequence[RegisterEntry]) -> list[str]:
    return [t for entry in entries for t in entry.statute_terms]


def _statute_words(entries: Sequence[RegisterEntry]) -> list[str]:
    return list(dict.fromkeys(w for entry in entries for w in entry.statute_words))


def _dense_text(text: str, lang: str, statute_words: list[str]) -> str:
    """`Retriever.dense_query` for statute words already read from the table."""
    framed = without_task_frame(text)
    words = statute_words if lang == "en" else []
    return f"{framed} ({', '.join(words)})" if words else framed


def _title_terms(title: str, lang: str) -> frozenset[str]:
    """The terms of a law's title, without its citation and the word for "law"; a Finnish title's derived words
    also as what they are made from, as a question's compound reads them ("yrityksen saneerauksesta" →
    *saneerata*, which "saneerausmenettelyssä" gives)."""
    text = patterns.TITLE_CITATION.sub(" ", title)
    terms = analyzer(lang).terms(text)
    if lang == "fi":
        terms += [b for b in (fi_derivation_base(w) for w in patterns.WORD.findall(text)) if b]
    return frozenset(t for t in terms if t not in GENERIC_TITLE_TERMS)


def _title_subject(title: str, lang: str) -> frozenset[str]:
    """What an Act is about, read from a Finnish title: the word in the elative of "Laki X:stä" ("Laki yrityksen
    saneerauksesta" → *saneeraus*, and *saneerata*, as "saneerausmenettely" reads), or the first part of a one-word
    name ("Konkurssilaki" → *konkurssi*). Empty for other titles (an English Act's title lists several subjects)."""
    if lang != "fi":
        return frozenset()
    an = analyzer(lang)
    words = patterns.WORD.findall(patterns.TITLE_CITATION.sub(" ", title))
    elative = next((w for w in words if w.lower().endswith(("sta", "stä"))), None)
    if elative is not None:
        return frozenset({an.lemma(elative), fi_derivation_base(elative)} - {""})
    if len(words) == 1:
        return frozenset(set(an.terms(words[0])) - {an.lemma(words[0])} - GENERIC_TITLE_TERMS)
    return frozenset()


@lru_cache(maxsize=50_000)  # the fusion asks it of every candidate of every question
def _section_of(node_id: str) -> str:
    parts = node_id.split(":")
    if len(parts) > 2 and parts[1] == "def":
        return node_id
    return ":".join(parts[:3] if patterns.FI_LAW_KEY.match(parts[0]) else parts[:2])


def _listed(fused: list[Candidate], k: int) -> list[Candidate]:
    """The fused list's first max(k, 10), and the keyword side's first hit wherever the fusion ranked it, unless a
    guard demoted it (the rerank weighs it in Finnish, where the dense side is weak)."""
    depth = max(k, 10)
    return fused[:depth] + [c for c in fused[depth:] if c.bm25_rank == 1 and not c.demoted]


def _diversify(ranked: list[Candidate]) -> list[Candidate]:
    """Diversity rule: at most two units of one section in the top five, unless tied with the second (the rest keep
    their order)."""
    head, tail, per_section, last_score = [], [], {}, {}
    for c in ranked:
        sec = _section_of(c.node_id)
        if (len(head) < DIVERSITY_TOP and per_section.get(sec, 0) >= DIVERSITY_PER_SECTION
                and last_score[sec] - c.score > DIVERSITY_TIE):
            tail.append(c)
            continue
        per_section[sec] = per_section.get(sec, 0) + 1
        last_score[sec] = c.score
        (head if len(head) < DIVERSITY_TOP else tail).append(c)
    return head + tail
