"""Extract: duty relationships from provisions — who must or may do what, by when, with what consequence.

The rules extractor (default, offline, deterministic) reads each sentence with a modal (English:
shall, must, may, is required to, is entitled to, it is the duty of …; Finnish: on …-ttava, tulee,
saa, ei saa, voi, on velvollinen, on oikeus) and finds the actor before it, the procedure after it,
each time limit in the sentence and a stated consequence. Every relationship keeps the exact
sentence; storing goes through `review.store_relationship`, which rejects anything not verbatim.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Iterable

import sqlite_utils

from core import patterns, review, store
from core.model import Node
from core.normalize import fi_word_info
from core.review import DutyCandidate
from core.text import sentence_spans

Progress = Callable[[float, str], None]
EN_TYPES = {"shall": "mandatory", "must": "mandatory", "is required to": "mandatory", "is the duty of": "mandatory",
            "shall not": "prohibited", "must not": "prohibited", "may not": "prohibited", "is not entitled to": "prohibited",
            "may": "discretionary", "is entitled to": "discretionary"}
FI_TYPES = {"on": "mandatory", "tulee": "mandatory", "on velvollinen": "mandatory", "saa": "discretionary",
            "voi": "discretionary", "on oikeus": "discretionary", "ei saa": "prohibited", "ei ole oikeutta": "prohibited",
            "ei voi": "prohibited"}
MAX_PROCEDURE_WORDS = 16


@dataclass
class Deadline:
    text: str
    start: int
    end: int
    amount: float | None
    unit: str


def _clean(text: str) -> str:
    return patterns.WHITESPACE.sub(" ", text).strip(" ,;:—-")


def _words(text: str, limit: int) -> str:
    """The first `limit` words, extended (by at most 12) so that no bracket or quotation is left open."""
    words = text.split()
    n = min(limit, len(words))
    while n < min(len(words), limit + 12):
        head = " ".join(words[:n])
        if head.count("(") <= head.count(")") and head.count("“") <= head.count("”"):
            break
        n += 1
    return " ".join(words[:n])


# --- deadlines -------------------------------------------------------------------------------
def find_deadlines(sentence: str, lang: str) -> list[Deadline]:
    out = []
    pattern = patterns.FI_DEADLINE if lang == "fi" else patterns.EN_DEADLINE
    for m in pattern.finditer(sentence):
        if m.group("word"):
            out.append(Deadline(m.group("word"), m.start(), m.end(), 0.0, "immediately"))
            continue
        num = (m.group("num") or "").lower()
        unit = m.group("unit").lower()
        if lang == "fi":
            amount = int(num) if num.isdigit() else patterns.FI_NUMBER_WORDS.get(num, 1)
            unit = {"päivän": "days", "viikon": "weeks", "kuukauden": "months", "vuoden": "years"}[unit]
        else:
            amount = int(num) if num.isdigit() else patterns.EN_NUMBER_WORDS.get(num)
            unit = unit.rstrip("s") + "s"
        text = patterns.TRAILING_CONJUNCTION.sub("", m.group("deadline").rstrip())
        out.append(Deadline(text, m.start(), m.start() + len(text), float(amount) if amount is not None else None, unit))
    return out


def deadline_label(d: Deadline | None) -> str:
    if d is None:
        return "none"
    if d.unit == "immediately":
        return "immediately"
    amount = int(d.amount) if d.amount is not None and d.amount == int(d.amount) else d.amount
    return f"{amount} {d.unit}"


# --- English ---------------------------------------------------------------------------------
def _en_actor(sentence: str, modal_start: int) -> str:
    """The subject before a modal: "A trustee who applies … (1) shall" → "trustee"."""
    before = sentence[:modal_start]
    if patterns.EN_MODAL_SKIP_BEFORE.search(before.rstrip()):
        return ""
    cut = max(before.rfind(","), before.rfind(";"), before.rfind(":"))
    phrase = patterns.PARENTHESISED.sub(" ", before[cut + 1:]).strip()
    phrase = patterns.RELATIVE_CLAUSE.split(phrase, maxsplit=1)[0]
    phrase = patterns.TRAILING_PREPOSITION.sub("", phrase)
    phrase = patterns.LEADING_CONJUNCTION.sub("", phrase)
    words = phrase.split()
    if not words or len(words) > 6 or words[0].lower() in ("if", "where", "when", "unless", "as"):
        return ""
    return _clean(patterns.EN_ACTOR_TRIM.sub("", phrase))


def _procedure_after(sentence: str, pos: int, lang: str) -> str:
    after = sentence[pos:]
    stripped = after.lstrip()
    if stripped.startswith(","):  # "shall, without delay, file …": skip the inserted phrase
        second = stripped.find(",", 1)
        if 0 < second < 60:
            after = stripped[second + 1:]
    stop = patterns.CLAUSE_STOP.search(after)
    return _clean(_whole_phrase(after[:stop.start()] if stop else after, MAX_PROCEDURE_WORDS))


def _whole_phrase(clause: str, limit: int) -> str:
    """The first `limit` words of a clause; cut short, back to its last comma (else a joining "and") — a procedure
    names what is to be done and a quiz asks about it, so it must not stop at "… to the substituted trustee all
    the"."""
    phrase = _words(clause, limit)
    if len(phrase.split()) >= len(clause.split()):
        return phrase
    # Not where the phrase opens with a circumstance ("after the demand … is presented, pay …"): the verb is after
    # its comma. And "and" often joins nouns ("fees and allowances"), so it ends the phrase only after a few words.
    for joint, least in ((patterns.COMMA_BREAK, 3), (patterns.AND_BREAK, 6)):
        breaks = [m.start() for m in joint.finditer(phrase) if len(phrase[:m.start()].split()) >= least]
        if breaks and not patterns.LEADING_ADJUNCT.match(phrase):
            phrase = phrase[:breaks[-1]]
            break
    return patterns.DANGLING_WORDS.sub("", phrase)


Clause = tuple[str, str, int, int]  # actor, modal, modal start, modal end


def _en_modal(m: re.Match) -> str:
    """A modal as EN_TYPES names it: "are  entitled to" → "is entitled to"."""
    return patterns.WHITESPACE.sub(" ", m.group("modal").lower()).replace("are ", "is ")


def _en_clauses(sentence: str) -> tuple[list[Clause], set[int]]:
    """Each modal clause with its actor, in order, and the starts of those negated by "No … shall"."""
    clauses: list[Clause] = []
    for m in patterns.EN_DUTY_OF.finditer(sentence):
        clauses.append((_clean(patterns.EN_ACTOR_TRIM.sub("", m.group("actor"))), "is the duty of", m.start(), m.end()))
    for m in patterns.EN_MODAL.finditer(sentence):
        if any(s <= m.start() < e for _, _, s, e in clauses):
            continue
        if patterns.EN_MODAL_SKIP_AFTER.match(sentence[m.end():]):
            continue  # passive ("may be made"): no actor owes it
        modal = _en_modal(m)
        actor = _en_actor(sentence, m.start())
        if actor:
            clauses.append((actor, modal, m.start(), m.end()))
    negated = {c[2] for c in clauses if patterns.EN_NO_BEFORE_MODAL.search(sentence[:c[2]]) and c[1] == "shall"}
    return sorted(clauses, key=lambda c: c[2]), negated


def _en_type(modal: str, start: int, negated: set[int]) -> str:
    # "No person shall …" is a prohibition although its modal is "shall".
    return "prohibited" if start in negated else EN_TYPES[modal]


def _english(node: Node, sentence: str) -> list[DutyCandidate]:
    out: list[DutyCandidate] = []
    clauses, negated = _en_clauses(sentence)
    deadlines = find_deadlines(sentence, "en")
    consequence = patterns.EN_CONSEQUENCE.search(sentence)
    for actor, modal, start, end in clauses[:3]:
        mine = [d for d in deadlines if _deadline_belongs(d, start, clauses, sentence)]
        for d in mine or [None]:
            procedure = _procedure_for(sentence, end, d, "en")
            out.append(DutyCandidate(
                node_id=node.id, relationship_text=sentence, actor=actor, procedure=procedure, modal_verb=modal,
                duty_type=_en_type(modal, start, negated), extractor="rules",
                deadline=d.text if d else "",
                deadline_amount=d.amount if d else None, deadline_unit=d.unit if d else "",
                consequence=_clean(consequence.group(0)) if consequence else "",
                confidence=0.8 if d else 0.6))
    return out


def _deadline_belongs(d: Deadline, modal_start: int, clauses, sentence: str) -> bool:
    """A time limit belongs to the nearest modal clause before it, or (sentence-initial) to the first one."""
    starts = [c[2] for c in clauses]
    before = [s for s in starts if s <= d.start]
    owner = max(before) if before else min(starts)
    return owner == modal_start


def _procedure_for(sentence: str, modal_end: int, d: Deadline | None, lang: str) -> str:
    """The verb phrase a time limit governs: after the modal; or, for a limit after it, the words before the limit
    (… "the first meeting of creditors, to be held" within …) unless it introduces a verb ("…, to send …")."""
    if d is None or d.start < modal_end:
        return _procedure_after(sentence, modal_end, lang)
    following = sentence[d.end:d.end + 40]
    if patterns.EN_TO_INFINITIVE_AHEAD.match(following):
        return _procedure_after(sentence, d.end + following.find("to"), lang)
    lead = patterns.CLAUSE_OR_ITEM_BREAK.split(sentence[modal_end:d.start])[-1]
    if len(lead.split()) <= 1:
        # The limit opens its clause or list item ("(d) within five days …, prepare and submit …"):
        # it governs the words after it, past a subordinate "unless …," clause.
        rest = patterns.EN_SUBORDINATE_CLAUSE_OPENING.sub(",", sentence[d.end:])
        return _procedure_after(sentence[:d.end] + rest, d.end, lang)
    words = sentence[modal_end:d.start].split()
    return _clean(" ".join(words[-MAX_PROCEDURE_WORDS:])) or _procedure_after(sentence, modal_end, lang)


# --- Finnish ---------------------------------------------------------------------------------
# The case of a Finnish modal's subject: genitive for a necessive ("pesänhoitajan on laadittava", "velallisen
# tulee"), adessive for a right ("pesänhoitajalla on oikeus"), else nominative ("velkoja voi"). A nominative
# before a necessive is its object, not an actor: "omaisuus on muutettava rahaksi", "laki tulee voimaan".
_FI_SUBJECT_CASE = {"on": "omanto", "tulee": "omanto", "on oikeus": "ulkoolento", "ei ole oikeutta": "ulkoolento"}


def _fi_actor(sentence: str, modal_start: int, modal: str) -> str:
    words = list(patterns.WORD.finditer(sentence[:modal_start]))
    case = _FI_SUBJECT_CASE.get(modal, "nimento")
    for w in reversed(words[-3:]):
        word = w.group(0)
        if patterns.FI_ACTOR_SKIP.match(word):
            continue
        # Voikko may read a word several ways; any reading in the subject's case counts.
        for reading in fi_word_info(word.lower()):
            if reading.word_class in ("nimisana", "laatusana", "asemosana", "nimi", "etunimi", "sukunimi") and \
                    reading.case == case:
                return reading.base if reading.base not in ("se", "tämä", "joka", "mikä", "hän") else ""
        return ""
    return ""


def fi_actor_as_printed(sentence: str, actor: str) -> str:
    """The word a Finnish duty's actor is printed as before its modal ("Pesänhoitajan on …" → "pesänhoitajan",
    "velkojalla on oikeus" → "velkojalla"), for a question in the same case; "" when the sentence has none."""
    for m in patterns.FI_MODAL.finditer(sentence):
        for w in reversed(list(patterns.WORD.finditer(sentence[:m.start()]))[-3:]):
            if any(reading.base == actor for reading in fi_word_info(w.group(0).lower())):
                return w.group(0) if w.start() else w.group(0)[:1].lower() + w.group(0)[1:]
    return ""


def _fi_clauses(sentence: str) -> list[Clause]:
    clauses = []
    for m in patterns.FI_MODAL.finditer(sentence):
        modal = patterns.WHITESPACE.sub(" ", m.group("modal").lower())
        modal = {"ovat": "on", "ovat velvollisia": "on velvollinen"}.get(modal, modal)
        actor = _fi_actor(sentence, m.start(), modal)
        if actor:
            clauses.append((actor, modal, m.start(), m.end()))
    return clauses


def _finnish(node: Node, sentence: str) -> list[DutyCandidate]:
    out: list[DutyCandidate] = []
    deadlines = find_deadlines(sentence, "fi")
    consequence = patterns.FI_CONSEQUENCE.search(sentence)
    clauses = _fi_clauses(sentence)
    for actor, modal, start, end in clauses[:3]:
        mine = [d for d in deadlines if _deadline_belongs(d, start, clauses, sentence)]
        for d in mine or [None]:
            out.append(DutyCandidate(
                node_id=node.id, relationship_text=sentence, actor=actor, procedure=_procedure_after(sentence, end, "fi"),
                modal_verb=modal, duty_type=FI_TYPES[modal], extractor="rules", deadline=d.text if d else "",
                deadline_amount=d.amount if d else None, deadline_unit=d.unit if d else "",
                consequence=_clean(consequence.group(0)) if consequence else "", confidence=0.75 if d else 0.55))
    return out


def duties_in(sentence: str, lang: str) -> list[tuple[str, str]]:
    """(actor, duty type) of a sentence's first three modal clauses, as the extractor reads them: "The clerk shall
    (a) file …" → [("clerk", "mandatory")]."""
    if lang == "fi":
        return [(actor, FI_TYPES[modal]) for actor, modal, _, _ in _fi_clauses(sentence)[:3]]
    clauses, negated = _en_clauses(sentence)
    return [(actor, _en_type(modal, start, negated)) for actor, modal, start, _ in clauses[:3]]


def grants_power(sentence: str, lang: str) -> bool:
    """Whether a sentence grants anyone a power, whoever the extractor would name as its holder: "The chair of any
    meeting of creditors may … adjourn", "a proposal may be made by (a) …", "Hakemuksen … voi tehdä: 1) velallinen";
    not "such other person as may be believed", "may not", "ei voi"."""
    if lang == "fi":
        return bool(patterns.FI_POWER.search(sentence))
    for m in patterns.EN_MODAL.finditer(sentence):
        modal = _en_modal(m)
        before = sentence[:m.start()].rstrip()
        if EN_TYPES.get(modal) != "discretionary" or patterns.EN_MODAL_SKIP_BEFORE.search(before) \
                or patterns.EN_AS_MAY.search(before):
            continue
        after = sentence[m.end():]
        if not patterns.EN_MODAL_SKIP_AFTER.match(after) or patterns.EN_PASSIVE_BY.match(after):
            return True
    return False


# --- driving ---------------------------------------------------------------------------------
def sentences(node: Node) -> Iterable[str]:
    """The sentences of a provision (a list with its lead-in stays one sentence)."""
    for s, e in sentence_spans(node.text):
        yield node.text[s:e]


def extract_node(node: Node) -> list[DutyCandidate]:
    out: list[DutyCandidate] = []
    for sentence in sentences(node):
        out += (_finnish if node.lang == "fi" else _english)(node, sentence)
    return out


def extraction_nodes(db: sqlite_utils.Database, law_key: str | None = None) -> list[Node]:
    """Live provisions whose text is their own: subsections / momentit, and sections without them."""
    from core.index import retrieval_units  # noqa: PLC0415 - the same units the search answers from

    rows = store.laws(db)
    nodes: list[Node] = []
    for row in rows:
        if law_key and row["key"] != law_key:
            continue
        nodes += [n for n in retrieval_units(store.law_nodes(db, row["key"])) if n.kind != "DEFINITION"]
    return nodes


def run_rules(db: sqlite_utils.Database, law_key: str | None = None, progress: Progress = lambda f, m: None) -> dict:
    """Extract over the corpus and store (idempotently). Returns counts."""
    review.ensure_schema(db)
    nodes = extraction_nodes(db, law_key)
    created = existing = rejected = 0
    proposed: set[int] = set()
    for i, node in enumerate(nodes):
        if i % 50 == 0:
            progress(i / max(1, len(nodes)), f"{node.citation}")
        for cand in extract_node(node):
            try:
                rel_id, new = review.store_relationship(db, cand)
            except review.RejectedRelationship:
                rejected += 1
                continue
            proposed.add(rel_id)
            created += new
            existing += not new
    # What an earlier version of the rules proposed and these no longer do, unless a reviewer has touched it.
    withdrawn = review.withdraw_untouched(db, "rules", [n.id for n in nodes], proposed)
    progress(1.0, "done")
    return {"nodes": len(nodes), "created": created, "already_stored": existing, "rejected": rejected,
            "withdrawn": withdrawn}


# --- evaluation ------------------------------------------------------------------------------
def evaluate_sample(db: sqlite_utils.Database, path) -> dict:
    """Actor, modal and deadline against the hand-labelled sample (tests/data/duty_sample.jsonl)."""
    import json  # noqa: PLC0415
    from pathlib import Path  # noqa: PLC0415

    items = [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]
    items = [it for it in items if "node" in it]
    results = []
    for it in items:
        node = store.get_node(db, it["node"])
        cands = [c for c in extract_node(node) if it["key"] in c.relationship_text] if node else []
        want = (it["actor"].lower(), it["modal"], it["deadline"])

        def fields(c: DutyCandidate) -> tuple[bool, bool, bool]:
            actor = c.actor.lower()
            return (actor == want[0] or actor.startswith(want[0] + " "), c.modal_verb == want[1],
                    deadline_label(Deadline(c.deadline, 0, 0, c.deadline_amount, c.deadline_unit)
                                   if c.deadline else None) == want[2])

        scored = sorted((fields(c) for c in cands), key=lambda f: -sum(f))
        best = scored[0] if scored else (False, False, False)
        results.append({"node": it["node"], "key": it["key"], "actor": best[0], "modal": best[1], "deadline": best[2],
                        "got": [(c.actor, c.modal_verb, c.deadline) for c in cands][:3]})
    n = max(1, len(results))
    return {"n": len(results),
            "actor": round(100 * sum(r["actor"] for r in results) / n, 1),
            "modal": round(100 * sum(r["modal"] for r in results) / n, 1),
            "deadline": round(100 * sum(r["deadline"] for r in results) / n, 1),
            "all_three": round(100 * sum(r["actor"] and r["modal"] and r["deadline"] for r in results) / n, 1),
            "misses": [r for r in results if not (r["actor"] and r["modal"] and r["deadline"])]}
