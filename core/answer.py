"""Answer: the extractive answer — primary provision, verbatim quote, norm path, candidates.

The quote is chosen by scoring the sentences and list items of the best unit against the question (IDF-weighted
term overlap — a list item reading with its lead-ins, the provision's title counting for less, English question
words side by side counting again as a pair — plus a bonus when the question asks for a time limit, an amount, a
consequence or a limit on a power and the sentence states one); neighbouring sentences that score almost as well
are quoted with it, and a question asking for a list gets the whole list. The primary is the most specific
provision containing the quote, and the quote is checked in code to be an exact substring of the primary's text.
The rerank weighs that evidence among the first five units; in graph mode a consequence or a period can inherit the
evidence of the provision it cites, a period or amount is looked for in the provisions a reranked unit cites, a
provision that makes an exception to another or disapplies it reads with that one's words, a question about
refusal gets the sibling that limits the power, and one asking whether a rule always holds gets its exception.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from typing import Callable, Iterable, Sequence

from core import expand as expand_mod
from core import extract, patterns, store
from core.model import Edge, Node
from core.index import keyword_text
from core.normalize import Analyzer, analyzer, fi_word_info
from core.retrieve import Candidate, Retrieval, Retriever, asked_words
from core.text import is_verbatim, numbers_in, sentence_spans

MAX_SUPPORTING = 5
# The next ranked provisions shown beside the answer, each with its own quote: of 977 evaluation questions, 213 first
# answers miss, and for 88 of those the right provision is one of the next two not already on the norm path's cards.
MAX_ALTERNATIVES = 2
# Neither retriever ranked the answer among its first few: right 37 % of the time in English and 59 % in Finnish on
# 1,169 evaluation questions, against 90 % / 87 % when both rank it first — worth telling the student.
UNSURE_RANK = 3
UNSURE_NOTICE = {"en": "Neither the keyword search nor the meaning search ranked this provision among its first "
                       "three: compare the other provisions below and the whole section.",
                 "fi": "Kumpikaan haku ei sijoittanut tätä säännöstä kolmen ensimmäisen joukkoon: vertaa alla oleviin "
                       "muihin säännöksiin ja koko pykälään."}
LEAD_IN_MAX = 400  # characters: a longer lead-in is shown from its last sentence
MIN_SHARED_QUOTE = 40  # characters: shorter quotes ("the court may order") stand in many provisions
OUTLINE_KINDS = ("LAW", "CHAPTER")  # nodes without text of their own
INTENT_BONUS = 0.6  # share of the best plain overlap added for a sentence of the asked-for type
LENGTH_PENALTY = 0.0008
TIE_BREAK = 1e-6  # share of the best plain overlap that decides between spans otherwise equal
LEAD_IN_SHARE = 0.5
PART_COVERAGE_SHARE = 1.0  # swept 0.25–3.0: +2 of 481 at 0.25–0.5, +3 from 1.0, no loss
LAW_TITLE_SHARE = 0.5  # swept 0.35–1.0: +1 of 400 questions at 0.35, +3 at 0.5–0.7, exam_fi −1 from 0.8
# A subsection citing an earlier one of its section ("If no inspectors are appointed, the trustee may do … the
# things referred to in subsection (1)") reads that one's words at this share: swept 0.15 / 0.25 / 0.35 / 0.5 on
# 2,434 questions, +3 / +6 / +1 / ±0; a held-out set written first, 5 → 6 of 11 at each of 0.15–0.35.
CITED_SIBLING_SHARE = 0.25
HEADING_SHARE = 0.35  # swept 0.1–1.0: +1 question at 0.25–0.5 (of 132), losses from 0.75
PAIR_SHARE = 0.5  # swept 0.2–1.0: +2 English questions at 0.5–0.7, one fewer at 0.3, losses from 1.0
MAX_LIST_QUOTE = 1200  # characters: a longer list is quoted by its best item
# An item scoring this many times its list's next answers for the lead-in quoted through it, if its own words count
# most too (swept on 3,291 questions: 1.0 and 1.1 +5 −0; on the score alone 1.02–1.5 +6 −1, +5, +4, +4, +1 −0).
ITEM_STANDS_OUT = 1.1
TIED_SENTENCE_SHARE = 0.75  # a neighbouring sentence scoring this share of the best is quoted with it
RERANK_TOP = 5
CONDITION_SHARE = 0.5  # a question word only in its leading condition, in choosing the sentence to quote
KEYWORD_TIE_SHARE = 0.95  # swept 0.8–0.99: +2 of 512 at 0.93–0.95, +1 at 0.97–0.99, −1 from 0.85
EXCEPTION_SHARE = 0.5  # an exception goes first only with this share of the first answer's sentence evidence
INHERITED_SHARE = 0.5
PERIOD_SHARE = 0.75  # swept 0.25–1.0: exam_fi +1 from 0.5, nothing lost; from 0.75 paraphrases hold too
CO_CITED_MIN = 2  # listed units a provision outside the list must cite to join the reranked ones …
CO_CITED_MAX = 3  # … citing no more than this many provisions in all
CONSEQUENCE_SOURCES = 2  # best hits whose referring provisions join the pool on a consequence question
# A sentence with the duty ("what must X do") or power ("who may …") asked about: see docs/RETRIEVAL.md.
MODAL_SHARE = 0.3
KEYWORD_MARGIN = 1.6  # swept 1.3–1.9: +1 top-1 and +4 top-3 of 738 from 1.5 to 1.75, one lost at 1.3
RERANK_WEIGHT = 0.03  # how much the best sentence's evidence moves a unit among the top five
SIBLING_BREVITY = 0.0004  # per sibling in the five whose quote is longer (swept 0.0003–0.0005: +1, +4, +4, +3 net)
# The keyword search's own first answer, where the fusion ranked it lower, is offered third: on questions written
# before any code ran on them the keywords alone answer more often than the fusion (stops 43–45: 61 of 101 to 53).
KEYWORD_CHOICE_PLACE = 3
# Swept on 3,071 questions: 1.5 +12 −11 (public −2), 2.0 +4 −2, 2.5 +2 −0, 3.0 +1 −0.
KEYWORD_CHOICE_FIRST = 2.5
# What a question asks that its answer's sibling subsection may state, in the order the rules are applied: the
# limit on a power, who receives a notice, the factors a decision weighs or whether it weighs one, a document's
# contents (_stated_by_a_sibling). The last three look at every subsection of the section, the first two only at the
# listed ones (measured: with every sibling the limit rule lost 3; the recipient rule gained nothing more).
# A listed sibling is one of the fused list's first SIBLING_LISTED_DEPTH units: with no bound, a sibling ranked tenth
# (BIA 50(15), a limit on compromising claims against directors) overruled 50(12)(b) once a guard moved it up; at 5,
# −3 +2 (siblings ranked 6th to 8th still answer); at 8 or 9 no answer of 2,088 moves.
SIBLING_LISTED_DEPTH = 8
SIBLING_ANSWERS = ((patterns.LIMIT_QUESTION, patterns.LIMIT, False),
                   (patterns.RECIPIENT_QUESTION, patterns.RECIPIENT, False),
                   (patterns.FACTORS_QUESTION, patterns.FACTORS, True),
                   (patterns.FACTOR_QUESTION, patterns.FACTORS, True),
                   (patterns.CONTENT_QUESTION, patterns.CONTENT, True),
                   (patterns.APPEAL_QUESTION, patterns.APPEALABLE, True),
                   (patterns.PLACE_QUESTION, patterns.PLACE, False),
                   (patterns.ONUS_QUESTION, patterns.ONUS, False))
# A cited provision joins the reranked units when its evidence is this much stronger than theirs: swept 1.0–1.5,
# +2 of 221 questions at 1.1–1.35, one lost at 1.0 (a stay "for such period" citing a notice's ten days).
CITED_PERIOD_MARGIN = 1.25
CITED_PERIOD_COVERAGE = 0.5  # … and covers this share of the question's word weight (fired at 0.17 only on a miss)


@dataclass
class LeadIn:
    """The words of an enclosing provision that a list item completes (lead_ins)."""
    node: Node
    before: str  # its words before its first item
    item: str  # the printed label of its item on the way to the answer: "(a)", "2)"
    after: str = ""  # its words after its last item, where its sentence goes on ("…, the trustee shall …")


@dataclass
class Located:
    node: Node
    quote: str
    score: float
    lead_in: list[LeadIn] = field(default_factory=list)  # set for the alternatives shown (lead_ins)


@dataclass
class SectionParts:
    """The section an answer sits in, part by part: the provisions around the answer, in the statute's order."""
    section: Node
    parts: list[Node]  # its subsections / momentit
    answer_part: str  # the id of the part that holds the answer


@dataclass
class Answer:
    question: str
    mode: str
    lang: str
    primary: Node | None = None
    quote: str = ""
    score: float = 0.0
    supporting: list[tuple[Node, expand_mod.Support]] = field(default_factory=list)
    path: list[list[str]] = field(default_factory=list)
    candidates: list[Candidate] = field(default_factory=list)
    ranked: list[str] = field(default_factory=list)  # localised node ids of the top candidates
    notices: list[str] = field(default_factory=list)
    latency_ms: dict[str, float] = field(default_factory=dict)
    laws: list[str] = field(default_factory=list)
    corrections: list[tuple[str, str]] = field(default_factory=list)  # misspelt words: (as typed, as searched)
    statute_words: list[str] = field(default_factory=list)  # the Acts' words searched beside everyday ones
    contents: list[Node] = field(default_factory=list)  # a cited law or chapter: its parts, in order
    outline: str = ""  # a cited Part of an Act: its headings ("PART III — Proposals"), whose sections are `contents`
    headings: dict[str, str] = field(default_factory=dict)  # the primary's, supports' and alternatives' headings
    # The next ranked provisions, each with its quote and its search score (as the primary's `score`).
    alternatives: list[Located] = field(default_factory=list)
    # A list item's primary: the words of each enclosing provision that it completes, outermost first (lead_ins).
    lead_in: list[LeadIn] = field(default_factory=list)

    def as_json(self, qid: str | None = None) -> dict:
        out: dict = {"id": qid} if qid is not None else {}
        out["question"] = self.question
        out["primary"] = None if self.primary is None else {
            "node_id": self.primary.id, "label": self.primary.citation, "text": self.primary.text,
            "score": round(self.score, 6)}
        out["quote"] = self.quote
        out["supporting"] = [{"node_id": n.id, "label": n.citation, "heading": self.headings.get(n.id, n.heading),
                              "text": n.text, "score": s.score, "via": s.via, "role": s.role}
                             for n, s in self.supporting]
        out["path"] = self.path
        out["candidates"] = [c.as_json() for c in self.candidates]
        out["latency_ms"] = {k: round(v, 2) for k, v in self.latency_ms.items()}
        if self.headings:  # beside DESIGN's contract, whose `primary` keeps exactly its four fields
            out["headings"] = self.headings
        if self.lead_in:
            out["lead_in"] = lead_in_json(self.lead_in)
        if self.alternatives:
            out["alternatives"] = [_alternative_json(alt.node.id, alt.node.citation, alt.quote, alt.score,
                                                     self.headings.get(alt.node.id, ""), lead_in_json(alt.lead_in))
                                   for alt in self.alternatives]
        if self.notices:
            out["notices"] = self.notices
        if self.corrections:
            out["corrections"] = [list(pair) for pair in self.corrections]
        if self.statute_words:
            out["statute_words"] = self.statute_words
        if self.outline:
            out["outline"] = self.outline
        if self.contents:
            out["contents"] = [{"node_id": n.id, "label": n.citation, "heading": n.heading, "trail": n.trail,
                                "repealed": n.repealed} for n in self.contents]
        return out


def asked_part(question: str) -> str:
    """The question less a leading condition: "If … misses the deadline, what document …?" asks for a document."""
    condition = patterns.CONDITION_CLAUSE.match(question)
    return question[condition.end():] if condition else question


def states_asked_type(question: str, text: str, period_only: bool = False) -> bool:
    """Whether the question asks for a time, an amount, a place, who pays, how often or on whom the onus lies
    (after any leading condition) and the text states every one asked for. A clause of time ("when the order is
    made") answers "when …?" unless `period_only` asks for a stated period."""
    time_answer = patterns.DURATION if period_only else patterns.TIME_ANSWER
    main_part = asked_part(question)
    asked = [answer_pattern for question_pattern, answer_pattern in (
        (patterns.DEADLINE_QUESTION, time_answer), (patterns.AMOUNT_QUESTION, patterns.AMOUNT),
        (patterns.PLACE_QUESTION, patterns.PLACE), (patterns.PAYER_QUESTION, patterns.PAYER),
        (patterns.FREQUENCY_QUESTION, patterns.FREQUENCY), (patterns.ONUS_QUESTION, patterns.ONUS))
        if question_pattern.search(main_part)]
    return bool(asked) and all(answer_pattern.search(text) for answer_pattern in asked)


def _modal_fit(asked: str, lang: str) -> Callable[[str], bool] | None:
    """For "What must the clerk do …?" / "Mitä pesänhoitajan on tehtävä …?", whether a sentence puts a duty on
    that actor ("The clerk shall (a) file …"); for "What can the trustee do …?" / "Mitä pesänhoitaja voi tehdä …?",
    whether it gives that actor a power; for "What does the court do …?" / "Mitä tuomioistuin tekee …?", either; for
    "Who may …?" / "Kuka voi …?", whether it grants a power to anyone ("a proposal may be made by", "Hakemuksen …
    voi tehdä"); None for any other question."""
    if patterns.POWER_QUESTION.search(asked):
        return lambda sentence: extract.grants_power(sentence, lang)
    an = analyzer(lang)
    for question, wanted_duties in ((patterns.DUTY_QUESTION, ("mandatory",)),
                                    (patterns.POWER_OF_QUESTION, ("discretionary",)),
                                    (patterns.ACTION_OF_QUESTION, ("mandatory", "discretionary"))):
        m = question.search(asked)
        wanted = set(an.terms(next(group for group in m.groups() if group))) if m else set()
        if wanted:  # every word of the actor asked about: "the former trustee" is not "a substituted trustee"
            return lambda sentence: any(duty in wanted_duties and wanted <= set(an.terms(actor))
                                        for actor, duty in extract.duties_in(sentence, lang))
    return None


def _descendants(db, node: Node) -> list[Node]:
    out, stack = [], [node.id]
    while stack:
        for child in store.children(db, stack.pop()):
            out.append(child)
            stack.append(child.id)
    return out


def _printed_label(node: Node) -> str:
    return f"{node.label})" if node.lang == "fi" else f"({node.label})"


def _item_cut(holder: Node, item: Node) -> int:
    """Where a list item begins in the text of a provision holding it, its printed label ("(a)", "1)") included."""
    rel = item.start - holder.start
    label = _printed_label(item)
    pos = holder.text.rfind(label, max(0, rel - len(label) - 3), rel)
    return pos if pos >= 0 else rel


def _question_terms(retriever: Retriever, question: str, lang: str) -> tuple[set[str], set[str]]:
    """The question's own terms, and those with the statutes' words for its everyday ones ("employee" → "worker")."""
    words = set(analyzer(lang).terms(asked_words(question)))
    return words, words | set(retriever.register_terms(question, lang))


def _question_weight(retriever: Retriever, question: str, lang: str) -> float:
    """The summed IDF of the question's terms: what a sentence that shares every one of them would score."""
    bm = retriever.bm25(lang)
    return sum(bm.idf(t) for t in _question_terms(retriever, question, lang)[1]) if bm else 0.0


def localise(retriever: Retriever, unit: Node, question: str, lang: str,
             graph: expand_mod.GraphView | None = None, reads_cited_elsewhere: bool = False) -> Located:
    """Best sentence / list item of `unit` for the question, and the smallest node holding it. With the `graph`, a
    sentence that makes an exception to another provision or disapplies it reads with that provision's words, as a
    list item reads with its lead-in ("Subsection (1) does not apply if …" answers "does recognition stay actions
    if …?"; "17 §:n estämättä oikeutettu saamaan maksun" answers "saako velallinen maksaa …?")."""
    db = retriever.db
    an = analyzer(unit.lang)
    # The statute's words for the question's everyday ones count as evidence too ("employee" → "worker").
    q_words, q_terms = _question_terms(retriever, question, unit.lang)
    bm = retriever.bm25(unit.lang)
    idf = bm.idf if bm else (lambda t: 1.0)
    inner = [d for d in _descendants(db, unit) if d.section_id == unit.section_id and unit.start <= d.start <= unit.end]
    text = unit.text
    cuts = [_item_cut(unit, d) for d in inner]
    # An item ends where the words closing its list begin ("… or (b) any other order of the court …, the order made
    # under section 248 … prevails"): those words are the whole list's, not its last item's.
    spans = sentence_spans(text, cuts + [d.end - unit.start for d in inner])
    if not spans:
        return Located(unit, text, 0.0)
    # What a question asks for (a time, an amount, a consequence, a limit, a place, who pays) favours the sentences
    # stating one. The provision's evidence reads it in the whole question — its condition often restates the
    # provision's own ("If the 45-day period passes …" for "Where, at the expiration of the forty-five day period
    # …") —, but the sentence quoted answers what is asked after the condition ("If … misses the deadline, what
    # document …?").
    asked = asked_part(question)
    asks_consequence = bool(patterns.CONSEQUENCE_QUESTION.search(question))  # "if … fails to" is itself the cue
    asks_effect = bool(patterns.EFFECT_QUESTION.search(question))  # "what effect does X have?" (patterns.SAME_EFFECT)
    time_and_amount = [
        (patterns.DEADLINE_QUESTION, lambda seg: patterns.DURATION.search(seg) or patterns.DATE.search(seg)),
        (patterns.AMOUNT_QUESTION, patterns.AMOUNT.search)]
    other_types = [
        (patterns.LIMIT_QUESTION, patterns.LIMIT.search), (patterns.PLACE_QUESTION, patterns.PLACE.search),
        (patterns.COUNT_QUESTION, patterns.COUNT.search),
        (patterns.FREQUENCY_QUESTION, patterns.FREQUENCY.search),
        (patterns.PAYER_QUESTION, patterns.PAYER.search), (patterns.ONUS_QUESTION, patterns.ONUS.search),
        (patterns.VALIDITY_QUESTION, patterns.VALIDITY.search),
        (patterns.CONTENT_QUESTION, patterns.CONTENT.search), (patterns.APPLICATION_QUESTION, patterns.APPLIES.search),
        (patterns.WHERE_PROVIDED_QUESTION, lambda seg: patterns.SIGNPOST.match(seg.strip())),
        (patterns.SAVING_QUESTION, patterns.SAVING.search),
        (patterns.STILL_QUESTION, patterns.CONCEDES.search)]
    whole_types = [states for question_pattern, states in time_and_amount + other_types
                   if question_pattern.search(question)]
    asked_time_or_amount = [states for question_pattern, states in time_and_amount if question_pattern.search(asked)]
    # Whether a decision can be appealed picks the quote, not the provision: the Acts say it of many decisions, and
    # which decision is asked about is the question's other words.
    quote_types = [(patterns.APPEAL_QUESTION, patterns.APPEALABLE.search)]
    asked_types = asked_time_or_amount + [states for question_pattern, states in other_types + quote_types
                                          if question_pattern.search(asked)]
    fits = _modal_fit(asked, unit.lang)
    first_item = min(cuts) if cuts else len(text)
    lead_terms = set(an.terms(text[:first_item])) & q_terms
    # The provision's own title (marginal note, else its section's heading) is weaker evidence for every sentence.
    section = store.get_node(db, unit.section_id) if unit.section_id and unit.section_id != unit.id else None
    heading_terms = set(an.terms(unit.heading or (section.heading if section else ""))) & q_terms
    # Question words side by side, in order, in the sentence too ("must the trustee determine" → "the trustee
    # shall (a) determine"). English only: Finnish word order is free (measured: 1–3 Finnish questions lost).
    q_pairs = set(an.terms(question, bigrams=True)) - q_words if unit.lang == "en" else set()
    span_words = {(s, e): set(an.terms(keyword_text(text[s:e]), bigrams=bool(q_pairs))) for s, e in spans}
    span_terms = {span: words & q_terms for span, words in span_words.items()}
    # A nested item reads with its enclosing items' own lead-ins too ("(a) … is discharged (i) on the expiry …").
    terms_at = {s: terms for (s, _), terms in span_terms.items()}
    pairs_at = {s: words & q_pairs for (s, _), words in span_words.items()}
    enclosing = [(cut, d.end - unit.start) for d, cut in zip(inner, cuts)]
    # Every item reads with its list's closing words, as with its lead-in.
    list_end = max((d.end - unit.start for d in inner if d.parent_id == unit.id), default=len(text))
    closing_terms = set().union(*(terms for (s, _), terms in span_terms.items() if s >= list_end))

    def weighed_groups(s: int, e: int) -> list[tuple[float, set[str]]]:
        """The question words a span shows, by the share they count at."""
        seg_terms = span_terms[(s, e)]
        groups = [(1.0, seg_terms), (HEADING_SHARE, heading_terms - seg_terms),
                  (PAIR_SHARE, span_words[(s, e)] & q_pairs)]
        if s >= first_item:  # a list item reads with its lead-in: borrow half of the lead-in's evidence
            around = [cut for cut, end in enclosing if cut < s and e <= end]  # the items this span lies inside
            context = lead_terms.union(*(terms_at.get(cut, set()) for cut in around))
            if s < list_end:
                context |= closing_terms
            groups.append((LEAD_IN_SHARE, context - seg_terms))
            # … and with its enclosing items' word pairs, at the same half ("(a) the amount of an unsecured claim is
            # the amount (i) in the case of a company … being wound up" against "(b) the amount of a secured claim
            # …"). Not the provision's own lead-in's: with those, one item outscored the lead-in that a list question
            # quotes with all its items (BIA 136(1)'s scheme of distribution answered by its item (e)).
            pairs = set().union(*(pairs_at.get(cut, set()) for cut in around))
            groups.append((LEAD_IN_SHARE * PAIR_SHARE, pairs - span_words[(s, e)]))
        if graph is not None:
            excepted = _excepted_terms(db, graph, unit, s, e, an) & q_terms
            groups.append((LEAD_IN_SHARE, excepted - seg_terms))
            cited = _cited_sibling_terms(db, graph, unit, s, e, an) & q_terms
            # A sentence whose subject the cited provision names ("The order made under subsection (1) must be
            # consistent …") reads with its words at an exception's share; one that only mentions it, at less.
            names_subject = bool(patterns.SUBJECT_REFERENCE.match(text[s:e]))
            share = LEAD_IN_SHARE if names_subject else CITED_SIBLING_SHARE
            groups.append((share, cited - seg_terms - excepted))
            if reads_cited_elsewhere and names_subject:
                # "An order made under section 11 at the same time as an order made under subsection 11.02(1) …":
                # the subject is the cited provision's, wherever in the Act it stands.
                elsewhere = _words_of([n for n in _cited_provisions(db, graph, unit, s, e)
                                       if n.section_id != unit.section_id], an) & q_terms
                groups.append((LEAD_IN_SHARE, elsewhere - cited - seg_terms - excepted))
        return groups

    def evidence_of(groups: list[tuple[float, set[str]]], weight) -> float:
        overlap = 0.0
        for share, terms in groups:
            overlap += share * sum(weight(t) for t in terms)
        return overlap

    span_groups = [weighed_groups(s, e) for s, e in spans]
    plain = [evidence_of(groups, idf) for groups in span_groups]
    condition_only = (set(an.terms(question[:len(question) - len(asked)], bigrams=True))
                      - set(an.terms(asked, bigrams=True))) if asked != question else set()
    quote_plain = [evidence_of(groups, lambda t: idf(t) * (CONDITION_SHARE if t in condition_only else 1.0))
                   for groups in span_groups] if condition_only else plain
    best_plain = max(plain) or 1.0

    # Whether each span puts a duty on the actor a "what must X do" asks about, or grants the power a "who may …"
    # asks about; a list item reads with its lead-in ("the trustee shall … (d) … file with the court a report").
    lead_fits = bool(fits and cuts and fits(text[:first_item]))
    fitting = [bool(fits and (fits(text[s:e]) or s >= first_item and lead_fits)) for s, e in spans]

    # Of two spans that answer equally well, the one stating the question's words wins over the one denying them
    # ("(a) …, where no court review is requested; or (b) where a court review is requested, …").
    asks_denied = bool(patterns.NEGATION.search(question))
    denies = [0.0 if asks_denied else float(any(set(an.terms(m.group("denied"))) & q_terms
                                                for m in patterns.NEGATED.finditer(text[s:e]))) for s, e in spans]

    def scored_for(types: list, evidence: list[float]) -> list[tuple[float, int, int, int]]:
        out = []
        for (s, e), overlap, fit, denied in zip(spans, evidence, fitting, denies):
            seg = text[s:e]
            stated = sum(1 for states in types if states(seg)) + bool(
                asks_consequence and (_states_consequence(seg)
                                      or asks_effect and patterns.SAME_EFFECT.search(seg)))
            out.append((overlap + (INTENT_BONUS * stated + MODAL_SHARE * fit) * best_plain
                        - LENGTH_PENALTY * len(seg) * best_plain / 10 - TIE_BREAK * denied * best_plain, -s, s, e))
        return out

    scored = scored_for(whole_types, plain)
    unit_score = max(scored)[0]
    if asked_types != whole_types or quote_plain is not plain:  # a leading condition changes the quote's reading
        scored = scored_for(asked_types, quote_plain)
    score, _, s, e = max(scored)
    s, e = _with_tied_neighbours(scored, s, e, score, first_item)
    e = _through_the_closing_words(text, spans, cuts, s, e, first_item, list_end,
                                   lambda seg: set(an.terms(keyword_text(seg))) & q_terms)
    by_part = _part_evidence(question, span_terms, idf, an)
    s, e = _with_each_part_answered(by_part, s, e, first_item)
    items = [(cut, end, d) for d, (cut, end) in zip(inner, enclosing)]
    s, e = _lead_in_through_its_best_item(text, scored, items, unit.id, s, e)
    s, e = _tied_alternatives_as_their_item(scored, items, s, e, score, text, numbers_in(question, unit.lang),
                                            terms_at)
    lead_in_end = len(text[:first_item].rstrip())
    lead_start = max((s2 for s2, _ in spans if s2 < first_item), default=0)
    s = _from_the_lead_in_stating_it(text, asked_time_or_amount, s, e, first_item, lead_start)
    # A list of who may act answers "who …?"; a list of what its lead-in's actor does ("Pesänhoitajan tehtävänä
    # on: … 6) määrätä valvontapäivä …") answers it with its item, the actor being named once, before the colon.
    lists_who = (bool(patterns.WHO_QUESTION.search(question)) and text[:lead_in_end].endswith(":")
                 and not _items_are_actions(text, cuts, unit.lang))
    asks_list = bool(patterns.LIST_QUESTION.search(question))
    asks_content = bool(patterns.CONTENT_QUESTION.search(asked))  # a content type still quotes the whole list
    # "What must a consolidation order state?": the best sentence is the lead-in "… shall state the following:",
    # so the thing asked for is what the colon introduces — the whole list.
    restates_lead_in = (lead_start <= s < first_item and text[:lead_in_end].endswith(":")
                        and bool(patterns.WHAT_QUESTION.search(question))
                        and (asks_content or not (asked_types or asks_consequence)))
    if cuts and (asks_list or restates_lead_in or lists_who and e >= lead_in_end):
        # "What factors …", "which documents …", "millä edellytyksillä …": the answer is the whole list, read with
        # its lead-in (and with the sentence before it, where that one scored best: "Konkurssissa voidaan vahvistaa
        # … sovinto. Edellytyksenä on, että: 1) …"); so is "who may …?" when the provision names them in a list
        # ("Hakemuksen … voi tehdä: 1) velallinen; 2) …").
        list_start = min(s, lead_start)
        list_end = max(e, max(end for _, end in enclosing))
        if list_end - list_start <= MAX_LIST_QUOTE:
            s, e = list_start, list_end
    else:
        s, e = _the_item_that_stands_out(text, scored, items, s, e, first_item, terms_at, lead_terms, asked_types, idf)
    s = _with_the_sentence_it_points_back_to(text, spans, cuts, s)
    # The most specific provision whose text contains the chosen span.
    holder = unit
    for d, cut in zip(inner, cuts):
        ds, de = d.start - unit.start, d.end - unit.start
        if s < min(ds, cut) or (de - ds) >= (holder.end - holder.start):
            continue
        # Words running on past an item that start no other item and answer nothing asked (the closing words of a
        # list, "but it shall comprise") leave the item the provision quoted.
        if e <= de or (not any(de <= c < e for c in cuts) and not set(an.terms(text[de:e])) & q_terms):
            holder = d
    quote = text[s:e]
    if holder.id != unit.id:
        hs = holder.start - unit.start
        quote = text[max(s, hs):min(e, holder.end - unit.start)]
    # Every provision of a law is about the law's subject: a question word from its title that the quote and
    # the provision's own title do not repeat still counts, once the quote is chosen (so quotes do not widen).
    untold = retriever.title_terms(unit.law_key) & q_terms - set(an.terms(keyword_text(text[s:e]))) - heading_terms
    score = unit_score + LAW_TITLE_SHARE * sum(idf(t) for t in untold)
    # A two-part question is answered by a provision that answers each part, if in different sentences.
    score += PART_COVERAGE_SHARE * _part_coverage(by_part)
    return Located(holder, quote.strip(), score)


def _through_the_closing_words(text: str, spans: list[tuple[int, int]], cuts: list[int], s: int, e: int,
                               first_item: int, list_end: int, asked_in: Callable[[str], set[str]]) -> int:
    """The end of the quote: a list's last item runs on into the words closing the list where those answer
    something the item does not ("(b) who seizes and sells the security …, is limited in his recovery of the claim
    to the security"); an earlier item would take its later siblings with it, and stays as it is."""
    if s < first_item or e > list_end or any(s < c < list_end for c in cuts):
        return e
    closing = [span for span in spans if span[0] >= list_end]
    # (What the lead-in already says for every item is no reason to run on: "declare terminated … the thirty day
    # period" before the items, "where the court declares the period in question terminated" after them.)
    if closing and asked_in(text[list_end:closing[-1][1]]) - asked_in(text[s:e]) - asked_in(text[:first_item]):
        return closing[-1][1]
    return e


def _items_are_actions(text: str, cuts: list[int], lang: str) -> bool:
    """Whether most list items open with a verb's dictionary form ("määrätä valvontapäivä", "ottaa haltuun") —
    tasks of the lead-in's actor, not people. Finnish only: Voikko names the word class."""
    if lang != "fi" or not cuts:
        return False
    openings = [m.group(1).lower() for m in (patterns.ITEM_OPENING_WORD.match(text, cut) for cut in cuts) if m]
    verbs = sum(1 for word in openings
                if any(r.word_class == "teonsana" and r.base == word for r in fi_word_info(word)))
    return 2 * verbs > len(cuts)


def _part_evidence(question: str, span_terms: dict[tuple[int, int], set[str]], idf, an: Analyzer
                   ) -> dict[tuple[int, int], list[float]]:
    """For a question in parts ("…, and who …?", "…, ja milloin …?"), each span's evidence for each part; {} for a
    question in one part."""
    parts = patterns.CLAUSE_JOIN.split(question)
    if len(parts) < 2:
        return {}
    part_terms = [set(an.terms(part)) for part in parts]
    return {span: [sum(idf(t) for t in terms & asked) for asked in part_terms]
            for span, terms in span_terms.items()}


def _part_coverage(by_part: dict[tuple[int, int], list[float]]) -> float:
    """What a question in parts gains when each part is answered by its own sentence: the sum of each part's best
    evidence, less the best that any one sentence gives all parts."""
    if not by_part:
        return 0.0
    scores = list(by_part.values())
    each = sum(max(row[i] for row in scores) for i in range(len(scores[0])))
    return each - max(sum(row) for row in scores)


def _with_each_part_answered(by_part: dict[tuple[int, int], list[float]], s: int, e: int,
                             lead_end: int) -> tuple[int, int]:
    """A question in parts ("What is bankruptcy, and whose control does the property pass to?") is quoted through
    the sentence that best answers each part, when the provision holds them; list items are never joined."""
    sentences = sorted(span for span in by_part if span[1] <= lead_end)
    if not sentences or e > lead_end:
        return s, e
    for i in range(len(by_part[sentences[0]])):
        best = max(sentences, key=lambda span: (by_part[span][i], -span[0]))
        if by_part[best][i] > 0 and max(e, best[1]) - min(s, best[0]) <= MAX_LIST_QUOTE:
            s, e = min(s, best[0]), max(e, best[1])
    return s, e


def _excepted_terms(db, graph: expand_mod.GraphView, unit: Node, start: int, end: int, an: Analyzer) -> set[str]:
    """The words of the provisions that the unit's text start:end makes an exception to ("notwithstanding
    subsection (1)", "17 §:n estämättä": its EXCEPTS edges) or says do not apply ("Subsection (1) does not apply
    if …": every provision such a sentence cites)."""
    disapplies = bool(patterns.NON_APPLICATION.search(unit.text[start:end]))
    types = ("EXCEPTS", "REFERS_TO") if disapplies else ("EXCEPTS",)
    return _words_of(store.get_nodes(db, _cited_in(graph, unit, start, end, types)).values(), an)


def _cited_sibling_terms(db, graph: expand_mod.GraphView, unit: Node, start: int, end: int, an: Analyzer) -> set[str]:
    """The words of the provisions of the unit's own section that its text start:end cites ("the things referred to
    in subsection (1)", "Edellä 1 momentissa tarkoitetun määräpäivän"): a later subsection speaks of what an earlier
    one names."""
    return _words_of([node for node in _cited_provisions(db, graph, unit, start, end)
                      if node.section_id == unit.section_id], an)


def _cited_provisions(db, graph: expand_mod.GraphView, unit: Node, start: int, end: int) -> list[Node]:
    """The provisions that the unit's text start:end refers to."""
    return list(store.get_nodes(db, _cited_in(graph, unit, start, end, ("REFERS_TO",))).values())


def _cited_in(graph: expand_mod.GraphView, unit: Node, start: int, end: int, types: tuple[str, ...]) -> list[str]:
    """The targets of the unit's edges of `types` whose matched text lies in its text start:end."""
    return sorted({e.target for e in graph.out.get(unit.id, []) if start <= e.start < end and e.type in types})


def _words_of(nodes: Iterable[Node], an: Analyzer) -> set[str]:
    return {t for node in nodes for t in an.terms(node.text)}


def _from_the_lead_in_stating_it(text: str, asked_for: list, s: int, e: int, first_item: int, lead_start: int) -> int:
    """Where the quote should start. A list item quoted for a time or an amount it does not state starts at the
    lead-in that states it: "What is the deadline for filing the cash-flow statement?" is answered by "Within ten
    days after filing a notice of intention …, the insolvent person shall file … (a) a statement …", not by item
    (a) alone. A list too long to quote whole keeps its item (the Ask page shows the lead-in above it). `asked_for`:
    the checks that a text states the time or amount the question asks for."""
    item_states_it = any(states(text[s:e]) for states in asked_for)
    lead_in_states_it = any(states(text[lead_start:first_item]) for states in asked_for)
    if s < first_item or item_states_it or not lead_in_states_it or e - lead_start > MAX_LIST_QUOTE:
        return s
    return lead_start


def _with_the_sentence_it_points_back_to(text: str, spans: list[tuple[int, int]], cuts: list[int], s: int) -> int:
    """Where the quote opens by pointing back ("Tällöin ohjelman sisältö voi poiketa …", "Sama koskee …"), the start
    of the sentence it points to, so the quote states its condition; never across a list item's start."""
    while patterns.POINTS_BACK.match(text[s:]):
        before = [s2 for s2, e2 in spans if e2 <= s]
        if not before or any(max(before) < cut <= s for cut in cuts):
            break
        s = max(before)
    return s


def _holding_items(items: list[tuple[int, int, Node]], s: int, e: int) -> list[tuple[int, int, Node]]:
    """The list items whose text holds the span s:e, innermost first."""
    return sorted((item for item in items if item[0] <= s and e <= item[1]), key=lambda item: item[1] - item[0])


def _lead_in_through_its_best_item(text: str, scored: list[tuple], items: list[tuple[int, int, Node]], unit_id: str,
                                   s: int, e: int) -> tuple[int, int]:
    """A lead-in — the provision's own, or a list item's ("(a) without delay, inform the court of") — is not a whole
    sentence: it is quoted through the best-scoring item below it."""
    holding = _holding_items(items, s, e)
    parent_id, parent_end = (holding[0][2].id, holding[0][1]) if holding else (unit_id, len(text))
    below = [cut for cut, _, node in items if node.parent_id == parent_id]
    if not below or e > min(below) or text[s:e].rstrip().endswith((".", "?", "!")):
        return s, e
    candidates = [(sc, -s2, e2) for sc, _, s2, e2 in scored if min(below) <= s2 < parent_end]
    return (s, max(candidates)[2]) if candidates else (s, e)


def _tied_alternatives_as_their_item(scored: list[tuple], items: list[tuple[int, int, Node]], s: int, e: int,
                                     score: float, text: str, asked_numbers: set[int],
                                     own_terms: dict[int, set[str]]) -> tuple[int, int]:
    """Alternatives nested in one item that answer almost as well as each other ("(a) … automatically discharged
    (i) on the expiry of 9 months …, or (ii) on the expiry of 21 months …") are quoted together, as that item —
    unless the question names a number that only the chosen one states ("… discharged after 24 months?"). A
    question naming numbers of both ("between 1 and 5 years") still gets both."""
    holding = _holding_items(items, s, e)
    if len(holding) < 2:
        return s, e
    chosen, parent = holding[0], holding[1]
    siblings = {cut for cut, _, node in items if node.parent_id == chosen[2].parent_id and node.id != chosen[2].id}
    stated = numbers_in(text[s:e], chosen[2].lang)

    def alternative(s2: int, e2: int) -> bool:
        # An alternative speaks of what the chosen one does: it shares a question word of the chosen one's own, not
        # just the lead-in's ("(ii) of any person in respect of counselling" shares none with "(i) of the
        # administrator …").
        chosen_own = own_terms.get(s, set())
        if chosen_own and not chosen_own & own_terms.get(s2, set()):
            return False
        other = numbers_in(text[s2:e2], chosen[2].lang)
        return asked_numbers & stated <= other or bool(asked_numbers & other - stated)

    if any(sc >= TIED_SENTENCE_SHARE * score and alternative(s2, e2) for sc, _, s2, e2 in scored if s2 in siblings):
        return parent[0], parent[1]
    return s, e


def _the_item_that_stands_out(text: str, scored: list[tuple], items: list[tuple[int, int, Node]], s: int, e: int,
                              first_item: int, own_terms: dict[int, set[str]], lead_terms: set[str],
                              asked_types: list, idf: Callable[[str], float]) -> tuple[int, int]:
    """A lead-in quoted through several items, one of which answers far better than the others and says what the
    lead-in does not ("… is not personally liable … (a) before the trustee's appointment; or (b) after the
    trustee's appointment unless …" for "… after its appointment?"), is answered by that item alone; the Ask page
    shows the lead-in above it. Not where the lead-in states what is asked and the item does not ("Within ten
    days …, the trustee shall (a) …" for "how long …?")."""
    if s >= first_item:
        return s, e
    leaves = {cut: end for cut, end, _ in items if s <= cut and end <= e
              and not any(cut < c2 < end for c2, _, _ in items)}
    ranked = sorted(((sc, s2) for sc, _, s2, e2 in scored if s2 in leaves and e2 <= leaves[s2]), reverse=True)
    if len(ranked) < 2 or ranked[0][0] <= 0 or ranked[0][0] < ITEM_STANDS_OUT * max(ranked[1][0], 0.0):
        return s, e
    # … on the question words it has of its own, not only on the lead-in's words it repeats ("(b) after the
    # appointment unless … the condition arose" outscores "(a) before the appointment" on "condition arose" alone).
    distinct = {cut: sum(idf(t) for t in own_terms.get(cut, set()) - lead_terms) for cut in leaves}
    best = ranked[0][1]
    if distinct[best] <= max(v for cut, v in distinct.items() if cut != best):
        return s, e
    if any(states(text[s:first_item]) and not states(text[best:leaves[best]]) for states in asked_types):
        return s, e
    return best, leaves[best]


def _with_tied_neighbours(scored: list[tuple], s: int, e: int, score: float, lead_end: int) -> tuple[int, int]:
    """Widen the chosen sentence over the neighbouring sentences that answer almost as well (a rule and
    its qualification often share the question's words); list items are never joined."""
    if score <= 0 or e > lead_end:
        return s, e
    spans = sorted((start, end, sc) for sc, _, start, end in scored if end <= lead_end)
    i = j = next(k for k, (start, _, _) in enumerate(spans) if start == s)
    while j + 1 < len(spans) and spans[j + 1][2] >= TIED_SENTENCE_SHARE * score:
        j += 1
    while i > 0 and spans[i - 1][2] >= TIED_SENTENCE_SHARE * score:
        i -= 1
    return spans[i][0], spans[j][1]


def _unit_of(graph: expand_mod.GraphView, node_id: str) -> str:
    """The searchable unit holding a node: its subsection / momentti, else its section."""
    return graph.ancestor(node_id, ("MOMENT", "SECTION"))


def _edges_into(graph: expand_mod.GraphView, node_id: str, types: tuple[str, ...]) -> list[Edge]:
    """The edges of the given types into a provision or one of its parts."""
    return [e for part in graph.subtree(node_id) for e in graph.inn.get(part, []) if e.type in types]


def _citing_units(graph: expand_mod.GraphView, unit_id: str) -> set[str]:
    """The units that refer to a unit or to one of its items ("2 momentin 1–7 kohdan vastaisesti" refers to the
    momentti too)."""
    return {_unit_of(graph, e.source) for e in _edges_into(graph, unit_id, ("REFERS_TO",))}


def _states_consequence(text: str) -> bool:
    """Whether the text states a consequence. Words that date an event ("the day on which the consumer proposal is
    deemed to be annulled") state none."""
    return bool(patterns.CONSEQUENCE.search(patterns.DATED_EVENT.sub("", text)))


def _sanctions(text: str) -> bool:
    """Whether the text states a consequence, or sanctions the breach of a rule it cites ("Jos panttiomaisuus on
    myyty 1 tai 2 momentin vastaisesti, velkojan on maksettava …"). A breach alone does not make a sentence the
    answer to "what happens if …?" (it may be the condition), so the sentence score does not count it."""
    return _states_consequence(text) or bool(patterns.BREACH.search(text))


def _with_referring_units(retriever: Retriever, pool: list[Candidate]) -> tuple[list[Candidate], dict[str, str]]:
    """Graph-guided candidates for "what happens if …": a consequence often sits in a provision that
    refers back to the duty it sanctions ("fails to comply with subsection (2)"). The units that refer
    to the best hits and state a consequence join the pool just below the unit they refer to (or move up
    there, if found lower down); returns the pool and, for each such unit, the unit it refers to."""
    graph = retriever.graph
    found = {c.node_id for c in pool}
    added: list[Candidate] = []
    refers: dict[str, str] = {}
    for c in pool[:CONSEQUENCE_SOURCES]:
        sources = _citing_units(graph, c.node_id)
        for unit_id, node in sorted(store.get_nodes(retriever.db, sorted(sources - set(refers))).items()):
            if unit_id == c.node_id or not _sanctions(node.text):
                continue
            refers[unit_id] = c.node_id
            if unit_id not in found:
                found.add(unit_id)
                added.append(Candidate(unit_id, node.law_key, score=c.score - 1e-6))
            else:  # found lower down: it moves up just below the unit it refers to all the same
                pool = [replace(p, score=c.score - 1e-6) if p.node_id == unit_id and p.score < c.score - 1e-6
                        else p for p in pool]
    return sorted(pool + added, key=lambda c: -c.score), refers


def _disapplying(retriever: Retriever, retrieval: Retrieval, listed: list[Candidate], head: list[Candidate],
                 units: dict[str, Node], located: dict[str, Located]) -> list[Candidate]:
    """"Does the ban on terminating agreements apply to eligible financial contracts?": whether a rule reaches a
    case is often answered by the provision that disapplies it ("Subsection (1) does not apply in respect of an
    eligible financial contract."), a short sentence the search finds poorly. The units that disapply one of the
    listed rules (a reference to it followed by "does not apply") join the reranked ones, at that rule's fused
    score, for their sentence evidence to be weighed."""
    graph = retriever.graph
    in_head = {c.node_id for c in head}
    scores: dict[str, float] = {}  # each disapplying unit, at the score of the first listed rule it disapplies
    for cand in listed:
        for edge in _edges_into(graph, cand.node_id, ("REFERS_TO",)):
            unit_id = _unit_of(graph, edge.source)
            if unit_id not in in_head and unit_id != cand.node_id and graph.disapplies(edge):
                scores.setdefault(unit_id, cand.score - 1e-6)
    found = store.get_nodes(retriever.db, list(scores))
    out: list[Candidate] = []
    for unit_id, score in scores.items():
        unit = found.get(unit_id)
        if unit is None or unit.repealed:
            continue
        units[unit_id] = unit
        _located(retriever, retrieval, located, unit)
        out.append(Candidate(unit_id, unit.law_key, score=score))
    return out


def _citing_several(retriever: Retriever, retrieval: Retrieval, listed: list[Candidate], units: dict[str, Node],
                    located: dict[str, Located]) -> list[Candidate]:
    """"What limits apply to orders a court makes under its general power at the same time as the initial stay
    order?": a provision that qualifies two others ("An order made under section 11 at the same time as an order
    made under subsection 11.02(1) … shall be limited to …") is described by the words of both, which the search
    ranks first; its own are few. The units outside the list that cite at least CO_CITED_MIN of the listed ones
    join the reranked units, at the best cited one's fused score, a sentence whose subject a cited provision names
    reading with that provision's words. A definitions section cites what its terms do, not one rule: it is left
    out, and so is a provision citing more than CO_CITED_MAX others ("sections 69 to 69.3 do not affect …"): a
    carve-out from a whole scheme, not a rule about two."""
    graph = retriever.graph
    listed_ids = [c.node_id for c in listed]
    cited_by: dict[str, set[str]] = {}  # each citing unit outside the list, and the listed units it cites
    for node_id in listed_ids:
        for edge in _edges_into(graph, node_id, ("REFERS_TO",)):
            cited_by.setdefault(_unit_of(graph, edge.source), set()).add(node_id)
    citing = [unit_id for unit_id, cited in cited_by.items()
              if len(cited) >= CO_CITED_MIN and unit_id not in listed_ids]
    score_of = {c.node_id: c.score for c in listed}
    out: list[Candidate] = []
    for unit_id, unit in sorted(store.get_nodes(retriever.db, citing).items()):
        if unit.repealed or any(e.type == "DEFINES" for e in graph.out.get(unit_id, [])) or len(
                _cited_outside(graph, unit_id)) > CO_CITED_MAX:
            continue
        units[unit_id] = unit
        located[unit_id] = localise(retriever, unit, retrieval.query, retrieval.lang, graph,
                                    reads_cited_elsewhere=True)
        out.append(Candidate(unit_id, unit.law_key, score=max(score_of[c] for c in cited_by[unit_id]) - 1e-6))
    return out


def _cited_outside(graph: expand_mod.GraphView, unit_id: str) -> set[str]:
    """The provisions a unit or one of its parts refers to, other than its own parts."""
    own = set(graph.subtree(unit_id))
    return {e.target for part in own for e in graph.out.get(part, []) if e.type == "REFERS_TO"} - own


def _period_reads_in_what_it_cites(graph: expand_mod.GraphView, located: dict[str, Located]) -> None:
    """"Within what time …, if …": the best sentence evidence may describe the condition, while the period sits in
    a provision that cites it ("2 momentin 3 kohdan nojalla … kolmen kuukauden kuluessa"). A quoted sentence that
    states a period and cites the best-evidenced unit inherits part of its evidence, as a consequence does."""
    if not located:
        return
    best_id = max(located, key=lambda unit_id: located[unit_id].score)
    best_nodes = {best_id, located[best_id].node.id}
    for unit_id, loc in located.items():
        if unit_id == best_id or not patterns.DURATION.search(loc.quote):
            continue
        start = loc.node.text.find(loc.quote)
        if start < 0:
            continue
        cited = {e.target for e in graph.out.get(loc.node.id, [])
                 if e.type == "REFERS_TO" and start <= e.start and e.end <= start + len(loc.quote)}
        if (cited | {_unit_of(graph, target) for target in cited}) & best_nodes:
            loc.score += PERIOD_SHARE * located[best_id].score


def _located(retriever: Retriever, retrieval: Retrieval, located: dict[str, Located], unit: Node) -> Located:
    """A unit's localised answer, computed once for a rule that looks beyond the five reranked units."""
    if unit.id not in located:
        located[unit.id] = localise(retriever, unit, retrieval.query, retrieval.lang, retriever.graph)
    return located[unit.id]


def _unlisted_in_section(db, section_id: str, ordered: list[Candidate], first_id: str) -> list[Node]:
    """The provisions in force of a section that the ranked list does not hold, less those nesting with the first
    answer: where a rule about siblings looks beyond the list."""
    listed = {c.node_id for c in ordered}
    return [n for n in store.children(db, section_id)
            if not n.repealed and n.id not in listed and not nested(first_id, n.id)]


def _stated_by_a_sibling(retriever: Retriever, retrieval: Retrieval, ordered: list[Candidate],
                         units: dict[str, Node], located: dict[str, Located], states: Callable[[str], object],
                         every_sibling: bool = False) -> list[Candidate]:
    """A provision and what the question asks of it are often sibling subsections, and the question's words all sit
    in the first: "When will the court refuse …" ("(1) the court may make an order … (3) The court may not make the
    order unless …"); "What must the trustee state when applying …?" ("(1) On application by the trustee, a court may
    declare … (2) In making the application …, the trustee shall state …"). When the first answer's quote does not
    state what is asked (`states`), its section's first sibling whose quote, read with the words it completes, does
    goes first: a listed one (among the first SIBLING_LISTED_DEPTH), or with `every_sibling` any subsection of the
    section, listed or not. ("Does the court
    consider whether …?" is answered by one item of the factors' list, whose lead-in says "the court is to consider".)"""
    top = ordered[0]
    quote = located[top.node_id].quote
    # A saving clause answers "Does X prevent / affect Y?" as it stands ("Nothing in this section shall be
    # construed to affect any right … of the directors to recover …"): no limit beside it is wanted.
    if states(quote) or patterns.SAVING_QUESTION.search(retrieval.query) and patterns.SAVING.search(quote):
        return ordered
    section_id = units[top.node_id].section_id
    pool = list(ordered[1:] if every_sibling else ordered[1:SIBLING_LISTED_DEPTH])
    if every_sibling and section_id:
        unlisted = _unlisted_in_section(retriever.db, section_id, ordered, top.node_id)
        units.update((n.id, n) for n in unlisted)
        pool += [Candidate(n.id, n.law_key, score=top.score) for n in unlisted]
    for cand in pool:
        unit = units.get(cand.node_id)
        if unit is None or unit.section_id != section_id or not states(unit.text):
            continue
        if states(_with_its_lead_in(retriever.db, _located(retriever, retrieval, located, unit))):
            return [cand] + [c for c in ordered if c is not cand]
    return ordered


def _with_cited_periods(retriever: Retriever, retrieval: Retrieval, head: list[Candidate], units: dict[str, Node],
                        located: dict[str, Located]) -> list[Candidate]:
    """"How soon after the bankruptcy must the bankrupt give the trustee a statement of affairs …?": the words may
    sit in a provision that only cites where the period is ("the trustee shall verify the bankrupt's statement of
    affairs referred to in paragraph 158(d)"). On a question asking for a time or an amount, a reranked unit whose
    quote states none is followed along the references in that quote: a cited provision whose best sentence states
    a period or amount asked for, with clearly stronger evidence than every reranked unit's and at least half the
    question's word weight, joins them with the citing unit's fused score."""
    if not head:
        return head
    graph = retriever.graph
    out = list(head)
    followed: set[str] = set()  # a provision cited twice is localised once (the outcome cannot differ)
    bar = max(CITED_PERIOD_MARGIN * max(loc.score for loc in located.values()),
              CITED_PERIOD_COVERAGE * _question_weight(retriever, retrieval.query, retrieval.lang))
    for cand in head:
        loc = located[cand.node_id]
        start = loc.node.text.find(loc.quote)
        if start < 0 or states_asked_type(retrieval.query, loc.quote):
            continue
        for edge in graph.out.get(loc.node.id, []):
            if edge.type != "REFERS_TO" or not (start <= edge.start and edge.end <= start + len(loc.quote)):
                continue
            target_id = _unit_of(graph, edge.target)
            if target_id in followed:
                continue
            followed.add(target_id)
            # A cited section with subsections is answered by one of them, each localised as a unit of its own.
            moments = [sub.target for sub in graph.out.get(target_id, []) if sub.type == "HAS_MOMENT"]
            cited_units = [u for u in store.get_nodes(retriever.db, moments or [target_id]).values() if not u.repealed]
            if not cited_units:
                continue
            cited, unit = max(((localise(retriever, u, retrieval.query, retrieval.lang, graph), u)
                               for u in cited_units),
                              key=lambda pair: (pair[0].score, pair[1].id))
            if any(c.node_id == unit.id for c in out) or cited.score < bar or not states_asked_type(
                    retrieval.query, cited.quote, period_only=True):
                continue
            located[unit.id], units[unit.id] = cited, unit
            out.append(Candidate(unit.id, unit.law_key, score=cand.score - 1e-6))
    return out


def _exceptions_first(retriever: Retriever, retrieval: Retrieval, ranked: list[Candidate], units: dict[str, Node],
                      located: dict[str, Located]) -> list[Candidate]:
    """"Even though …", "other than …" / "vaikka …", "muussa kuin …": a question that concedes the rule asks for
    its exception; a unit that overrides another unit of the list (an EXCEPTS edge between them) goes first.
    "Does it always …?" / "aina": a question whether the first answer's rule always holds asks for that rule's
    exceptions, followed along the graph whether or not the search found them (transitional provisions only when
    asked for). Either goes first only if its sentences speak to the question at least half as well as the first
    answer's (an exception about something else, such as a group company's venue for a question about an
    estate's, stays where it is)."""
    graph = retriever.graph
    query = retrieval.query
    overriding: set[str] = set()
    if patterns.CONCESSION_QUESTION.search(query):
        listed = {c.node_id for c in ranked}
        section_of = {c.node_id: graph.ancestor(c.node_id, ("SECTION",)) for c in ranked}
        sections = set(section_of.values())
        for cand in ranked:
            # "tämän pykälän estämättä" excepts the unit's own section: nothing else in the list.
            own_section = section_of[cand.node_id]
            # A sibling of a listed unit stands for the section's rule ("Notwithstanding subsection (1)" beside
            # the listed (2) that applies it).
            shares_section = sum(sec == own_section for sec in section_of.values()) > 1
            for node_id in graph.subtree(cand.node_id):
                for edge in graph.out.get(node_id, []):
                    if edge.type != "EXCEPTS" or edge.target == own_section:
                        continue
                    target_unit = _unit_of(graph, edge.target)
                    sibling_rule = shares_section and graph.ancestor(edge.target, ("SECTION",)) == own_section
                    if target_unit == cand.node_id or not (target_unit in listed or edge.target in sections
                                                           or sibling_rule):
                        continue
                    if graph.overrides(edge):
                        overriding.add(cand.node_id)
                    elif target_unit in listed:
                        overriding.add(target_unit)
    first_id = ranked[0].node_id
    if patterns.UNIVERSAL_QUESTION.search(query):
        old_law = set() if patterns.TRANSITIONAL_QUESTION.search(query) else retriever.sections_headed(
            patterns.TRANSITIONAL_HEADING)
        # An exception may name the rule's section ("17 §:n estämättä") or the rule itself.
        rule = [graph.ancestor(first_id, ("SECTION",))] + graph.subtree(first_id)
        for node_id in rule:
            for edge in graph.inn.get(node_id, []):
                source_unit = _unit_of(graph, edge.source)
                if (edge.type == "EXCEPTS" and source_unit != first_id and graph.overrides(edge)
                        and graph.ancestor(source_unit, ("SECTION",)) not in old_law):
                    overriding.add(source_unit)
        unlisted = sorted(overriding - {c.node_id for c in ranked})
        units.update(store.get_nodes(retriever.db, unlisted))
        found = [Candidate(unit_id, units[unit_id].law_key, score=ranked[0].score - 1e-6) for unit_id in unlisted]
        ranked = ranked[:1] + found + ranked[1:]
    if not overriding:
        return ranked
    for unit_id in overriding | {first_id}:
        _located(retriever, retrieval, located, units[unit_id])
    bar = EXCEPTION_SHARE * located[first_id].score
    first = [c for c in ranked if c.node_id in overriding and located[c.node_id].score >= bar]
    return first + [c for c in ranked if c not in first]


def _unit_first(ordered: list[Candidate], unit: Node) -> list[Candidate]:
    """`unit` goes first: its own candidate where the list holds it, else a new one at the first answer's score."""
    moved = next((c for c in ordered if c.node_id == unit.id), None) or Candidate(unit.id, unit.law_key,
                                                                                 score=ordered[0].score)
    return [moved] + [c for c in ordered if c is not moved]


def _excluded_by_reference(graph: expand_mod.GraphView, unit: Node) -> set[str]:
    """The units a unit's text leaves out by reference: "muita kuin 2 momentissa tarkoitettuja tietoja",
    "other than those referred to in subsection (1)"."""
    out: set[str] = set()
    for m in patterns.OTHER_THAN_WORDS.finditer(unit.text):
        for edge in graph.out.get(unit.id, []):
            gap = unit.text[m.end():edge.start] if edge.type == "REFERS_TO" and edge.start > m.end() else ""
            if patterns.SCOPE_GAP.match(gap):
                out.add(_unit_of(graph, edge.target))
    return out


def _past_a_signpost(graph: expand_mod.GraphView, ordered: list[Candidate], located: dict[str, Located],
                     question: str) -> list[Candidate]:
    """A first answer that only says where its matter is provided ("Konkurssivalvonnasta liikkeeseenlaskijan
    konkurssissa säädetään 17 §:ssä.") restates the question's words and answers nothing: the provision it points
    to goes first when it is among the five reranked — unless the question asks just that ("Missä säädetään …?")."""
    first = located.get(ordered[0].node_id) if ordered else None
    if first is None or not patterns.SIGNPOST.match(first.quote.strip()) \
            or patterns.WHERE_PROVIDED_QUESTION.search(question):
        return ordered
    targets = {e.target for e in graph.out.get(first.node.id, []) if e.type == "REFERS_TO"}
    pointed = next((c for c in ordered[1:RERANK_TOP]
                    if any(within(c.node_id, t) for t in targets)), None)
    return ordered if pointed is None else [pointed] + [c for c in ordered if c is not pointed]


def _other_than_first(retriever: Retriever, retrieval: Retrieval, ordered: list[Candidate], units: dict[str, Node],
                      located: dict[str, Located]) -> list[Candidate]:
    """"Saako velkoja muitakin tietoja kuin vuosiselonteon tiedot?": the question leaves out what one provision says
    (its words may even find that provision first), and the answer is the provision that covers what that one does
    not — "muita kuin 2 momentissa tarkoitettuja tietoja". A candidate, or a unit citing one of the five reranked,
    that leaves out by reference a unit holding the question's left-out words goes first."""
    m = patterns.QUESTION_OTHER_THAN.search(retrieval.query)
    if not m:
        return ordered
    graph = retriever.graph
    an = analyzer(retrieval.lang)
    left_out = set(an.terms(m.group("excluded")))
    head = [c.node_id for c in ordered[:RERANK_TOP]]
    citing = set().union(*(_citing_units(graph, node_id) for node_id in head))
    listed = [c.node_id for c in ordered]
    pool = listed + sorted(citing - set(listed))
    units.update(store.get_nodes(retriever.db, [u for u in pool if u not in units]))
    # The left-out unit must be one the search found, and hold words of the question's left-out part.
    found = [u for u in pool if u in units and any(
        t != u and t in listed and left_out & set(an.terms(units[t].text))
        for t in _excluded_by_reference(graph, units[u]))]
    if not found:
        return ordered
    first = found[0]
    _located(retriever, retrieval, located, units[first])
    return _unit_first(ordered, units[first])


def _besides_the_first(retriever: Retriever, retrieval: Retrieval, ordered: list[Candidate], units: dict[str, Node],
                       located: dict[str, Located]) -> list[Candidate]:
    """"Besides removing a director …, what else may the court do?": the question's words find what it sets aside
    (BIA 64(1), the removal), and the answer is the provision beside it ((2), "The court may … fill any vacancy").
    When the first answer's quote holds most of the set-aside words outside its premise and does not itself add to
    them ("In addition to any creditor …"), the provision of its section that best answers the rest of the question,
    among those holding fewer of those words, goes first."""
    m = patterns.BESIDES_QUESTION.search(retrieval.query)
    if not m or not ordered:
        return ordered
    an = analyzer(retrieval.lang)
    set_aside = set(an.terms(next(g for g in m.groups() if g)))
    top = ordered[0]
    first = units[top.node_id]
    # A first answer holding them only in its premise provides what comes with them: it stays.
    held = set_aside & set(an.terms(patterns.OPENING_PREMISE.sub("", located[top.node_id].quote, count=1)))
    if 2 * len(held) <= len(set_aside) or not first.section_id or first.section_id == first.id \
            or patterns.ADDS_TO.search(located[top.node_id].quote):
        return ordered
    rest = (retrieval.query[:m.start()] + " " + retrieval.query[m.end():]).strip()
    beside = [units[c.node_id] for c in ordered[1:] if c.node_id in units
              and units[c.node_id].section_id == first.section_id and not nested(first.id, c.node_id)]
    beside += _unlisted_in_section(retriever.db, first.section_id, ordered, first.id)
    # What is beside the set-aside thing holds fewer of its words than the first answer does.
    scored = [(localise(retriever, n, rest, retrieval.lang, retriever.graph), n) for n in beside
              if len(set_aside & set(an.terms(n.text))) < len(held)]
    best = max(scored, key=lambda pair: pair[0].score, default=None)  # the search's order breaks a tie
    if best is None or best[0].score <= 0:
        return ordered
    loc, unit = best
    located[unit.id] = loc
    units[unit.id] = unit
    return _unit_first(ordered, unit)


def _first_section(db, parts: list[Node]) -> Node | None:
    """The first section in force under a law or chapter (a law's first part may be a chapter)."""
    for part in parts:
        if part.kind == "SECTION" and not part.repealed:
            return part
        if part.kind == "CHAPTER":
            found = _first_section(db, store.children(db, part.id))
            if found is not None:
                return found
    return None


def _outline_notice(node: Node, parts: list[Node], example: Node | None, outline: str = "") -> str:
    """What a cited law, chapter or Part is, and how to reach its words."""
    title = f"{node.citation}, {outline}" if outline else \
        f"{node.citation} — {node.heading}" if node.heading else node.citation
    sections = sum(p.kind == "SECTION" for p in parts)
    if node.lang == "fi":
        count = f"{sections} pykälää" if sections == len(parts) else f"{len(parts)} lukua"
        cite = f"viittaamalla pykälään (kuten ”{example.citation}”) tai kysymällä sanoin" if example else \
            "kysymällä sanoin"
        return f"{title}: {count}, lueteltu alla. Lain sanamuodon saat {cite}."
    count = f"{sections} sections" if sections == len(parts) else f"{len(parts)} parts"
    cite = f"cite a section (such as “{example.citation}”) or ask in words" if example else "ask in words"
    return f"{title}: {count}, listed below. For the statute's own words, {cite}."


def _citation_quote(node: Node) -> str:
    spans = sentence_spans(node.text)
    if len(node.text) <= 700 or not spans:
        return node.text
    s, e = spans[0]
    return node.text[s:e]


def _rerank(retriever: Retriever, retrieval: Retrieval, mode: str, k: int) -> tuple[list[Candidate], dict[str, Located]]:
    """The deterministic rerank of the fused top k: sentence evidence among the first RERANK_TOP, and in
    graph mode the rules that follow the graph (consequences, cited periods, limits, exceptions). Returns the
    order and the localised answers."""
    pool = retrieval.candidates[:k]
    top_keyword = next((c for c in retrieval.candidates if c.bm25_rank == 1), None)
    if retrieval.lang == "fi":
        # The English-only embedding model reads Finnish poorly; its stray ranks can push the keyword side's
        # first hit below the fifth place. That hit always gets its sentence evidence weighed, and so does a hit
        # whose keyword score ties with it (within 5 %: the order of a near-tie says nothing).
        first_score = top_keyword.bm25_score if top_keyword is not None else 0.0
        keyword_first = [c for c in retrieval.candidates[RERANK_TOP:] if c.bm25_rank is not None and (
            c.bm25_rank == 1 or c.bm25_rank <= 3 and 0 < KEYWORD_TIE_SHARE * first_score <= c.bm25_score)][:2]
    else:
        # In English, only a keyword hit standing far above the next (a word only it has: "prison"), wherever the
        # dense side put it.
        keyword_first = [c for c in retrieval.candidates[RERANK_TOP:]
                         if c is top_keyword and retrieval.keyword_lead >= KEYWORD_MARGIN]
    if keyword_first:
        kept = RERANK_TOP - len(keyword_first)
        pool = pool[:kept] + keyword_first + [c for c in pool[kept:] if c not in keyword_first]
    # "What happens if …": the best match describes the condition; the consequence may sit elsewhere.
    asks_consequence = bool(patterns.CONSEQUENCE_QUESTION.search(retrieval.query))
    refers: dict[str, str] = {}
    if mode == "graph" and asks_consequence:
        pool, refers = _with_referring_units(retriever, pool)
    units = store.get_nodes(retriever.db, [c.node_id for c in pool])
    cands = [c for c in pool if c.node_id in units]
    graph = retriever.graph if mode == "graph" else None
    located = {c.node_id: localise(retriever, units[c.node_id], retrieval.query, retrieval.lang, graph)
               for c in cands[:RERANK_TOP]}
    for unit_id, target in refers.items():
        # "fails to comply with subsection (2)" reads subsection (2) in: part of its evidence is inherited.
        if unit_id in located and target in located and _sanctions(located[unit_id].quote):
            located[unit_id].score += INHERITED_SHARE * located[target].score
    asked = asked_part(retrieval.query)
    asks_time = bool(patterns.DEADLINE_QUESTION.search(asked))
    if mode == "graph" and asks_time:
        _period_reads_in_what_it_cites(retriever.graph, located)
    head = cands[:RERANK_TOP]
    if mode == "graph":
        head += _citing_several(retriever, retrieval, cands, units, located)  # cands hold the head
    if mode == "graph" and patterns.APPLICATION_QUESTION.search(retrieval.query):
        head += _disapplying(retriever, retrieval, cands, head, units, located)
    if mode == "graph" and (asks_time or patterns.AMOUNT_QUESTION.search(asked)):
        head = _with_cited_periods(retriever, retrieval, head, units, located)
    best = max((loc.score for loc in located.values()), default=0.0) or 1.0
    brevity = _sibling_brevity(head, units, located)
    head = sorted(head, key=lambda c: (-(c.score + RERANK_WEIGHT * located[c.node_id].score / best
                                         + brevity[c.node_id]), c.node_id))
    # Both retrievers put the same unit first: sentence evidence does not overrule that agreement — unless
    # the question asks for a time or an amount, or who may act, that the agreed unit's best sentence does not
    # state and the sentence evidence's choice does.
    agreed = cands[0] if cands and cands[0].bm25_rank == 1 and cands[0].dense_rank == 1 else None
    # (Nothing to weigh when the sentence evidence already put the agreed unit first.)
    if agreed is not None and head[0] is not agreed and not asks_consequence and not _answered_only_by(
            retrieval, asked, _with_its_lead_in(retriever.db, located[head[0].node_id]),
            _with_its_lead_in(retriever.db, located[agreed.node_id])):
        head = [agreed] + [c for c in head if c is not agreed]
    in_head = {c.node_id for c in head}
    ordered = head + [c for c in cands[RERANK_TOP:] if c.node_id not in in_head]
    if mode == "graph":
        main_clause = patterns.TRAILING_CONDITION.sub("", asked) or asked
        for question, states, every_sibling in SIBLING_ANSWERS:
            if ordered and question.search(main_clause):
                ordered = _stated_by_a_sibling(retriever, retrieval, ordered, units, located, states.search,
                                               every_sibling=every_sibling)
    if mode == "graph" and ordered:
        ordered = _other_than_first(retriever, retrieval, ordered, units, located)
        ordered = _besides_the_first(retriever, retrieval, ordered, units, located)
        ordered = _past_a_signpost(retriever.graph, ordered, located, retrieval.query)
    if mode == "graph" and (patterns.CONCESSION_QUESTION.search(retrieval.query)
                            or patterns.UNIVERSAL_QUESTION.search(retrieval.query)):
        ordered = _exceptions_first(retriever, retrieval, ordered, units, located)
    if retrieval.keyword_candidates and ordered:
        ordered = _with_keyword_choice(retriever, retrieval, ordered, located, graph, k)
    return ordered, located


def _with_keyword_choice(retriever: Retriever, retrieval: Retrieval, ordered: list[Candidate],
                         located: dict[str, Located], graph: expand_mod.GraphView | None, k: int) -> list[Candidate]:
    """`ordered` with the unit the keyword search alone answers with (mode bm25's first, reranked as that mode
    reranks) among its first KEYWORD_CHOICE_PLACE, at the last of those places if it was not there already — or
    first, where its sentence evidence is KEYWORD_CHOICE_FIRST times the first answer's."""
    keyword_only = replace(retrieval, mode="bm25", candidates=retrieval.keyword_candidates, keyword_candidates=[])
    choice = _rerank(retriever, keyword_only, "bm25", k)[0][0]
    head = ordered[:KEYWORD_CHOICE_PLACE]
    if any(nested(c.node_id, choice.node_id) for c in head):
        return ordered
    fused = next((c for c in ordered if c.node_id == choice.node_id), choice)  # keep the fusion's provenance
    if fused.node_id not in located:
        located[fused.node_id] = localise(retriever, store.get_node(retriever.db, fused.node_id), retrieval.query,
                                          retrieval.lang, graph)
    rest = [c for c in ordered if c is not fused]
    # … and first when its sentences answer far better than the first answer's do: the dense side's silence (a unit
    # it ranks nowhere) cost it its fused place, not its evidence. (Only on evidence: a unit the question's words
    # miss scores at most its length penalty, below 0, where the ratio says nothing.)
    if 0 < located[fused.node_id].score >= KEYWORD_CHOICE_FIRST * located[ordered[0].node_id].score:
        return [fused] + rest
    return rest[:KEYWORD_CHOICE_PLACE - 1] + [fused] + rest[KEYWORD_CHOICE_PLACE - 1:]


def _sibling_brevity(head: list[Candidate], units: dict[str, Node], located: dict[str, Located]) -> dict[str, float]:
    """Of two subsections of one section that both answer, the one that says it in fewer words is the more specific
    ("Velallista on pidettävä maksukyvyttömänä, jos velallinen ilmoittaa …", KonkL 2:3.1, against the list of
    presumptions beside it): each unit gains SIBLING_BREVITY for every sibling among the reranked whose quote is longer."""
    length = {c.node_id: len(located[c.node_id].quote) for c in head}
    return {c.node_id: SIBLING_BREVITY * sum(
        1 for other in head if other is not c and units[other.node_id].section_id == units[c.node_id].section_id
        and length[other.node_id] > length[c.node_id]) for c in head}


def _with_its_lead_in(db, loc: Located) -> str:
    """A quoted list item read with the words it completes: "(a) a statement … indicating the projected cash-flow"
    states the time of its lead-in, "Within ten days after filing a notice of intention …, the insolvent person
    shall file"."""
    chain = lead_ins(db, loc.node)
    return " ".join([link.before for link in chain] + [loc.quote] + [link.after for link in reversed(chain)])


def _answered_only_by(retrieval: Retrieval, asked: str, quote: str, agreed_quote: str) -> bool:
    """Whether `quote` states what the question asks for and the agreed unit's `agreed_quote` does not: a time,
    an amount, a place or a payer (states_asked_type); for "Who may …?" / "Kuka voi …?" a power granted to someone
    ("Hakemuksen saneerausmenettelystä voi tehdä: 1) velallinen" against "kun hakemus … tehdään"); for "What must /
    can / does the court do …?" a duty or power of the court ("The court shall consider the objection" against "Any
    interested person desiring to object … shall file")."""
    if states_asked_type(retrieval.query, quote) and not states_asked_type(retrieval.query, agreed_quote):
        return True
    fits = _modal_fit(asked, retrieval.lang)
    return bool(fits and fits(quote) and not fits(agreed_quote))


def answer(retriever: Retriever, question: str, mode: str = "graph", k: int = 10, as_typed: bool = False) -> Answer:
    t0 = time.perf_counter()
    retrieval: Retrieval = retriever.search(question, mode=mode, k=k, as_typed=as_typed)
    result = Answer(question=retrieval.query, mode=mode, lang=retrieval.lang, candidates=retrieval.candidates,
                    notices=list(retrieval.notices), latency_ms=dict(retrieval.latency_ms), laws=retrieval.laws,
                    corrections=list(retrieval.corrections), statute_words=list(retrieval.statute_words))
    db = retriever.db
    if retrieval.citation:
        node = store.get_node(db, retrieval.citation)
        result.primary, result.score = node, 1.0
        result.ranked = [node.id]
        if node.kind in OUTLINE_KINDS:  # a whole law or chapter has no words of its own: its parts answer
            _with_headings_and_lead_ins(db, result)
            result.contents, result.outline = store.children(db, node.id), retrieval.outline
            if result.outline:  # a Part of an Act: the sections under its heading
                result.contents = [n for n in result.contents if n.is_under(result.outline)]
            result.notices.append(_outline_notice(node, result.contents, _first_section(db, result.contents),
                                                  result.outline))
            result.latency_ms["total"] = (time.perf_counter() - t0) * 1000
            return result
        result.quote = _citation_quote(node)
    elif retrieval.candidates:
        ordered, located = _rerank(retriever, retrieval, mode, k)
        reranked = {c.node_id for c in ordered}
        result.candidates = ordered + [c for c in retrieval.candidates[k:] if c.node_id not in reranked]
        for cand in ordered:
            loc = located.get(cand.node_id)
            if loc is None and result.primary is None:
                loc = located[cand.node_id] = localise(retriever, store.get_node(db, cand.node_id), retrieval.query,
                                                       retrieval.lang, retriever.graph if mode == "graph" else None)
            if loc is not None and result.primary is None:
                result.primary, result.quote, result.score = loc.node, loc.quote, cand.score
                if mode in ("hybrid", "graph") and all(rank is None or rank > UNSURE_RANK
                                                       for rank in (cand.bm25_rank, cand.dense_rank)):
                    result.notices.append(UNSURE_NOTICE.get(retrieval.lang, UNSURE_NOTICE["en"]))
            elif loc is not None and loc.quote and is_verbatim(loc.quote, loc.node.text) and not _overlaps(
                    loc.node, result.primary):
                result.alternatives.append(Located(loc.node, loc.quote, cand.score))
            result.ranked.append(loc.node.id if loc else cand.node_id)
    if result.primary is not None and not is_verbatim(result.quote, result.primary.text):
        result.notices.append("The selected quote was not verbatim and is not shown.")
        result.quote = ""
    if result.primary is not None and mode == "graph":
        _with_norm_path(retriever, result)
    # Offered besides: the next ranked provisions that the answer and its norm path's cards do not show already.
    shown = [n for n, _ in result.supporting]
    result.alternatives = [alt for alt in result.alternatives
                           if not any(_overlaps(alt.node, n) for n in shown)][:MAX_ALTERNATIVES]
    if result.primary is not None:
        _with_headings_and_lead_ins(db, result)
    result.latency_ms["total"] = (time.perf_counter() - t0) * 1000
    return result


def answer_from(retriever: Retriever, question: str, node_id: str, quote: str = "") -> Answer:
    """The answer a known provision gives (an exam set's answer key), in the same form as `answer`'s: its `quote`
    where that is the provision's own words, else the sentence that best answers the question; and its norm path.
    No search: a drill shows the key, not what the search would pick."""
    node = store.get_node(retriever.db, node_id)
    result = Answer(question=question, mode="graph", lang=node.lang if node else "")
    if node is None:
        result.notices.append(f"The answer key's provision {node_id} is not in the database.")
        return result
    result.primary, result.score = node, 1.0
    result.quote = quote if quote and is_verbatim(quote, node.text) else localise(
        retriever, node, question, node.lang, retriever.graph).quote
    result.ranked = [node.id]
    return _with_headings_and_lead_ins(retriever.db, _with_norm_path(retriever, result))


def with_alternative_first(retriever: Retriever, shown: dict, node_id: str) -> dict:
    """The answer JSON that shows one of `shown`'s alternatives as the answer, with its own norm path (a student
    picking the second provision listed); the provision shown before becomes the first alternative, so the choice
    can be undone. The question, candidates and notices stay those of the search."""
    chosen = next((alt for alt in shown.get("alternatives", []) if alt["node_id"] == node_id), None)
    if chosen is None:
        raise ValueError(f"{node_id} is not one of the answer's alternatives")
    out = answer_from(retriever, shown["question"], node_id, chosen["quote"]).as_json(shown.get("id"))
    out["primary"]["score"] = chosen["score"]
    before = shown["primary"]
    out["alternatives"] = [_alternative_json(before["node_id"], before["label"], shown["quote"], before["score"],
                                             shown.get("headings", {}).get(before["node_id"], ""),
                                             shown.get("lead_in", []))] + [
        alt for alt in shown["alternatives"] if alt["node_id"] != node_id]
    out.update({key: shown[key] for key in ("candidates", "notices", "corrections", "latency_ms") if key in shown})
    return out


def _alternative_json(node_id: str, label: str, quote: str, score: float, heading: str,
                      lead_in: list[dict]) -> dict:
    """One entry of the answer JSON's `alternatives`, the same whether the search or a swap wrote it."""
    out = {"node_id": node_id, "label": label, "quote": quote, "score": round(score, 6), "heading": heading}
    if lead_in:  # a list item: the words it completes, as the answer's own `lead_in`
        out["lead_in"] = lead_in
    return out


def within(node_id: str, holder_id: str) -> bool:
    """Whether a provision is `holder_id` or lies inside it (its subsection, paragraph, …): ids nest by ":"."""
    return node_id == holder_id or node_id.startswith(holder_id + ":")


def nested(node_id: str, other_id: str) -> bool:
    """Whether one of two provisions holds the other (a paragraph and its subsection say the same words)."""
    return within(node_id, other_id) or within(other_id, node_id)


def _overlaps(node: Node, other: Node | None) -> bool:
    return other is not None and nested(node.id, other.id)


def _with_headings_and_lead_ins(db, result: Answer) -> Answer:
    """The headings the answer's provision, its norm path's cards and the alternatives are shown under
    (store.headings), and the lead-in each list item among the primary and the alternatives completes."""
    result.headings = store.headings(db, [result.primary] + [n for n, _ in result.supporting]
                                     + [alt.node for alt in result.alternatives])
    result.lead_in = lead_ins(db, result.primary)
    for alt in result.alternatives:
        alt.lead_in = lead_ins(db, alt.node)
    return result


def lead_in_json(lead_in: list[LeadIn]) -> list[dict]:
    """Lead-ins as the answer JSON's `lead_in` (and render.lead_in_html) has them."""
    return [{"node_id": li.node.id, "label": li.node.citation, "text": li.before, "item": li.item}
            | ({"after": li.after} if li.after else {}) for li in lead_in]


def lead_ins(db, node: Node | None) -> list[LeadIn]:
    """What a list item completes: each enclosing provision's words before its first item and, where its sentence
    goes on after the list, the words after its last ("Where (a) … the trustee … shall …"), outermost first — "A
    trustee shall not engage the services of a person" for BIA 13.6(a), whose own text is only "whose trustee
    licence has been cancelled …". Each is checked to be its provision's own words; a long lead-in is given from
    its last sentence, the words after a list to the end of their first. Empty for a node that is not a list item."""
    chain: list[LeadIn] = []
    while node is not None and node.kind == "PARAGRAPH" and node.parent_id:
        parent = store.get_node(db, node.parent_id)
        items = [c for c in store.children(db, parent.id) if c.kind == "PARAGRAPH"] if parent else []
        if not items:
            break
        before = parent.text[:_item_cut(parent, min(items, key=lambda c: c.start))].rstrip()
        if len(before) > LEAD_IN_MAX:
            spans = sentence_spans(before)
            before = before[spans[-1][0]:] if spans else before
        tail = parent.text[max(c.end for c in items) - parent.start:]
        spans = sentence_spans(tail)
        after = tail[spans[0][0]:spans[0][1]].strip() if spans else ""
        if is_verbatim(before, parent.text) and (not after or is_verbatim(after, parent.text)):
            chain.append(LeadIn(parent, before, _printed_label(node), after))
        node = parent
    return chain[::-1]


def section_parts(db, node: Node | None) -> SectionParts | None:
    """The other subsections or momentit of the section that holds `node`, with the one holding it: a student asking
    who may vote reads BIA 109(5) ("A corporation may vote by an authorized proxyholder") beside 109(1), the rule
    ("A person is not entitled to vote … unless …"). An item of a section that is one list is shown in the whole
    section, its other items around it. None where nothing is around the answer: a definition, a whole section,
    a section of one part."""
    if node is None or node.kind not in ("MOMENT", "PARAGRAPH") or not node.section_id:
        return None
    section = store.get_node(db, node.section_id)
    if section is None:
        return None
    parts = [c for c in store.children(db, section.id) if c.kind == "MOMENT"]
    if len(parts) < 2:  # a section of one part: around a list item, its other items
        whole = parts[0] if parts else section
        return SectionParts(section, [whole], whole.id) if node.kind == "PARAGRAPH" else None
    holder = next((p for p in parts if within(node.id, p.id)), None)
    return SectionParts(section, parts, holder.id) if holder is not None else None


def same_words_elsewhere(db, node: Node | None, quote: str) -> list[Node]:
    """Other provisions that state the quoted words verbatim: the two Acts' twin provisions (BIA 270(1) and CCAA
    47(1)), a charge's priority in four sections of the CCAA, an initial stay's terms repeated for later stays
    (CCAA 11.02(1)(b) and (2)(b)). The words alone cannot tell which one a question means, so the student is shown
    where else they stand. The most specific provision holding them, in each law's order; none for a quote shorter
    than MIN_SHARED_QUOTE, or beside the answer's own provision, its parts and the definition it states."""
    if node is None or len(quote) < MIN_SHARED_QUOTE:
        return []

    def home(n: Node) -> str:  # a definition stands in the provision that states it
        return n.parent_id if n.kind == "DEFINITION" and n.parent_id else n.id

    mine = home(node)
    others = [n for n in store.nodes_containing(db, quote, node.lang)
              if not nested(home(n), mine)]
    return [n for n in others if not any(o is not n and within(home(o), n.id) for o in others)]


def citing_provisions(graph: expand_mod.GraphView, db, node: Node | None) -> list[Node]:
    """The provisions that refer to `node` or to one of its parts, or make an exception to it, in each law's order:
    what depends on the answer, the other way along the norm path (BIA 49(4), the official receiver appointing a
    trustee, for 49(1)'s assignment). Not those citing its whole section ("section 50.4" for 50.4(3)): they depend
    on the section, and for a definition on the Act's list of them."""
    if node is None:
        return []
    sources = {e.source for e in _edges_into(graph, node.id, ("REFERS_TO", "EXCEPTS")) if not nested(e.source, node.id)}
    return sorted(store.get_nodes(db, sorted(sources)).values(), key=lambda n: (n.law_key, n.ordinal or 0))


def _with_norm_path(retriever: Retriever, result: Answer) -> Answer:
    """The primary's exceptions, references and definitions (DESIGN's expansion), chosen for the cards."""
    t = time.perf_counter()
    q_terms = set(analyzer(result.primary.lang).terms(result.question))
    exp = expand_mod.expand(retriever.graph, result.primary.id, result.score, q_terms)
    searched = result.ranked + [c.node_id for c in result.candidates]
    chosen = _choose_supporting(exp.supports, searched)
    nodes = store.get_nodes(retriever.db, [s.node_id for s in chosen])
    result.supporting = [(nodes[s.node_id], s) for s in chosen if s.node_id in nodes]
    result.path = exp.path
    result.latency_ms["expand"] = (time.perf_counter() - t) * 1000
    return result


def _through_definition(support: expand_mod.Support) -> bool:
    """Reached from a definition the primary's words lead to ("court … referred to in subsection 183(1)"): the
    word's context, not something the provision itself depends on."""
    return support.hops > 1 and ":def:" in support.edge[0]


def _support_order(support: expand_mod.Support) -> tuple[bool, bool, int, int]:
    """The primary's own dependencies first — exceptions, then references, then definitions — then what they lead
    to, and what a definition it uses leads to last. A second hop waits behind every first: the other exceptions to
    the general rule the primary excepts (KonkL 24:2.11–13 beside 24:2.10) are not what 24:2.10 depends on, the
    sections it cites (18:3–5) are."""
    return (_through_definition(support), support.hops > 1,
            {"EXCEPTS": 0, "REFERS_TO": 1, "DEFINES": 2}[support.via], support.hops)


def _choose_supporting(supports: list[expand_mod.Support], searched: Sequence[str] = ()) -> list[expand_mod.Support]:
    """Up to five, in `_support_order` — keeping one of each kind the primary depends on itself. Among supports of
    one kind and distance, those the search ranked (`searched`: node ids, best first), themselves or a part of them,
    come first: "subject to sections 127 to 135" names nine sections, and the question asks about one of them."""
    def search_rank(support: expand_mod.Support) -> int:
        return next((i for i, node_id in enumerate(searched) if within(node_id, support.node_id)), len(searched))

    ordered = sorted(supports, key=lambda s: (_support_order(s), search_rank(s)))
    chosen = ordered[:MAX_SUPPORTING]
    for via in ("REFERS_TO", "DEFINES"):
        if not any(s.via == via for s in chosen):
            extra = next((s for s in ordered if s.via == via and s.hops == 1), None)
            if extra is not None and len(chosen) == MAX_SUPPORTING:
                victim = max(range(len(chosen)), key=lambda i: (sum(c.via == chosen[i].via for c in chosen), i))
                chosen[victim] = extra
            elif extra is not None:
                chosen.append(extra)
    return sorted(chosen, key=_support_order)
