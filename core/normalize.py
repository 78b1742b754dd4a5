"""Text normalisation shared by the BM25 index and the graph's term matching.

English: Snowball (PyStemmer). Finnish: Voikko base forms with compound parts
(konkurssipesälle → konkurssipesä + konkurssi + pesä) when libvoikko and its Finnish dictionary
are installed, otherwise Snowball Finnish as the fallback. Both are deterministic.
"""
from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

import Stemmer

from core import patterns
from core.config import FI_BASES_FILE, FI_PARTICIPLE_NOUNS_FILE

if TYPE_CHECKING:
    from pathlib import Path

    from spellchecker import SpellChecker

EN_STOPWORDS = frozenset("""
a an and are as at be been being but by can could did do does for from had has have how if in into is it
its may might must no nor not of on or shall should so such than that the their them then there these they
this those to under upon was were what when where whether which while who whom whose why will with within
would any all each every other another i me my you your we our us he him his she her one ones also only
same said thereof therein thereto hereby act section subsection paragraph about
""".split())

FI_STOPWORDS = frozenset("""
ja tai sekä eli että jos kun kuin niin mutta vaan vaikka jotta koska joka jotka jonka joiden jota joita
jossa joissa josta joista johon joihin jolla joilla jolle joille jona joina joksi se sen sitä siinä siitä
siihen sillä sille sinä siksi ne niiden niitä niissä niistä niihin niillä niille tämä tämän tätä tässä
tästä tähän tällä tälle nämä näiden näitä näissä näistä on ole olla ollut oli ovat olisi olisivat ei eikä
en et emme ette eivät myös vain jo vielä kuitenkin mukaan osalta siten sitten mitä mikä mitkä kuka ketkä
kenen keneen kenelle millä missä mistä mihin miten milloin kuinka paljonko voi voiko saako onko voidaanko
tulee tulisi muu muun muuta muita muiden kaikki kaikkien kaiken mahdollinen mahdollisesti he hän häntä
hänen heidän heitä ennen jälkeen aikana kanssa ilman yli alle kohti luona lukuun
ken millainen minkälainen kumpi moni lähtien alkaen lukien saakka asti
""".split())

# English nouns of action that Snowball stems apart from their verb (extension → extens, extend → extend): the
# statutes say "an extension", "the decision", "on the expiry"; a student asks whether the court may "extend",
# what the trustee "decided", when the stay "expires". Read as the verb. Only nouns whose verb is plain: not
# "provision" (a part of an Act) or "application" (a request, where "apply" is mostly about scope). The second
# eleven (foreclosure … contravention) moved no answer of 892 when first tried; of 2,312 later, one (up), and on
# eval/exam_verbs_own2, written for them first, 2 → 4 of 7. "Relationship" → "relate" (stop 66): +1 −0 of 3,051;
# the other "-ship" nouns read as their person (receivership, partnership, ownership, membership, suretyship): −2.
_NOMINALISATIONS = {w: v for v, ws in {
    "extend": "extension extensions", "decide": "decision decisions", "exclude": "exclusion exclusions",
    "suspend": "suspension", "permit": "permission", "submit": "submission submissions", "omit": "omission omissions",
    "admit": "admission", "revoke": "revocation", "oppose": "opposition", "dispose": "disposition dispositions",
    "expire": "expiry expiration", "intervene": "intervention", "conclude": "conclusion",
    "foreclose": "foreclosure foreclosures", "disclose": "disclosure", "seize": "seizure seizures",
    "fail": "failure failures", "comply": "compliance", "deliver": "delivery", "recover": "recovery",
    "reduce": "reduction", "retain": "retention", "deny": "denial", "contravene": "contravention contraventions",
    "relate": "relationship relationships",
    "tax": "taxation",
}.items() for w in ws.split()}
# Irregular verb forms the statutes use, which Snowball leaves apart from their verb: "provide in writing" and
# "written reasons", "bound by" and "binding", "wound up" and "winding-up". Light verbs (made, given, taken, kept,
# became) and "paid" stay apart: measured, they cost more answers than they won (docs/RETRIEVAL.md, tried and dropped).
_IRREGULAR_FORMS = {w: v for v, ws in {
    "arise": "arisen arose", "bind": "bound", "bring": "brought", "deal": "dealt",
    "draw": "drawn", "find": "found", "hear": "heard", "hold": "held",
    "know": "known", "lay": "laid", "lead": "led", "prove": "proven", "send": "sent",
    "show": "shown", "sell": "sold", "seek": "sought", "swear": "sworn", "think": "thought",
    "withdraw": "withdrawn", "write": "written wrote", "wind": "wound",
}.items() for w in ws.split()}
_EN_VERB_OF = {**_NOMINALISATIONS, **_IRREGULAR_FORMS}
# Participles Snowball stems onto a term of art they do not mean when they stand before a noun: "the proposed
# disclaimer", "a proposed sale" (something put forward) are not a proposal under Part III, which Snowball reads them
# as ("propos"); "the compromise as proposed" still is.
_ATTRIBUTIVE_APART = frozenset({"proposed"})

_voikko = None
_voikko_lock = threading.Lock()
_voikko_checked = False


def voikko_available() -> bool:
    return _get_voikko() is not None


def _get_voikko():
    global _voikko, _voikko_checked
    with _voikko_lock:
        if not _voikko_checked:
            _voikko_checked = True
            try:
                import libvoikko  # noqa: PLC0415 - optional dependency

                _voikko = libvoikko.Voikko("fi")
            except Exception:  # library or dictionary missing: Snowball fallback
                _voikko = None
        return _voikko


def _voikko_readings(word: str) -> list[dict]:
    """Voikko's analyses of a word: [] when it does not know the word, or without Voikko. One call at a time: the
    library is not thread-safe."""
    voikko = _get_voikko()
    if voikko is None:
        return []
    with _voikko_lock:
        return voikko.analyze(word)


_stemmers: dict[str, Stemmer.Stemmer] = {}
_stemmer_lock = threading.Lock()


def _stem(lang: str, word: str) -> str:
    with _stemmer_lock:
        stemmer = _stemmers.get(lang)
        if stemmer is None:
            stemmer = _stemmers[lang] = Stemmer.Stemmer("finnish" if lang == "fi" else "english")
        return stemmer.stemWord(word)


@lru_cache(maxsize=200_000)
def _fi_analyse(word: str, use_voikko: bool) -> tuple[str, tuple[str, ...]]:
    """(base form, compound parts) of a lower-case Finnish word."""
    voikko = _get_voikko() if use_voikko else None
    if voikko is None:
        return _stem("fi", word), ()
    if "-" in word.strip("-"):
        return _fi_hyphenated(word)
    return _fi_voikko_analyse(word)


def _fi_reading(word: str) -> tuple[dict, str] | None:
    """Voikko's preferred reading of a lower-case Finnish word and its base form; None for a word it does not know."""
    analyses = _voikko_readings(word)
    if not analyses:
        return None
    reading = _preferred(analyses, word)
    return reading, (reading.get("BASEFORM") or word).lower()


def _fi_voikko_analyse(word: str) -> tuple[str, tuple[str, ...]]:
    known = _fi_reading(word)
    if known is None:
        return _fi_unknown_compound(word) or (_stem("fi", word), ())
    reading, base = known
    verb = _verb_of(reading)
    if reading.get("PARTICIPLE") == "past_active" and verb:
        # "ei ole maksanut" is the verb in the perfect tense: read it as maksaa, as "maksamatta" is read.
        return verb, ()
    if reading.get("PARTICIPLE") == "negation" and verb:
        # "suostumattomat velkojat" are "velkojat, jotka eivät ole suostuneet": the adjective reads as its verb too.
        return base, (verb,)
    duty = _duty_verb(reading, base)
    if duty:
        return base, (duty,)
    if reading.get("CLASS") == "kieltosana":  # ettei = että + ei, jollei = jos + ei: no parts to match
        return base, ()
    return base, _compound_parts(reading, base)


def _duty_verb(reading: dict, base: str) -> str | None:
    """The verb of a duty participle, else None. "Kuulutus on julkaistava" (must be published) answers "missä
    kuulutus julkaistaan?": the statutes state duties as olla + a nominative passive participle, so that participle
    also reads as its verb. Not in other cases ("lapselle maksettavaa korvausta" describes the compensation), nor
    where the statutes use the participle mostly as a noun or an adjective (saatava, a claim; tehtävä, a task): then
    "saako …?" would match every claim. Measured on 512 questions: +3 / −1, keyword-only unchanged."""
    verb = _verb_of(reading)
    if reading.get("PARTICIPLE") == "present_passive" and reading.get("SIJAMUOTO") == "nimento" \
            and reading.get("NUMBER") != "plural" and verb and verb != base \
            and base not in corpus_participle_nouns():
        return verb
    return None


@lru_cache(maxsize=20_000)
def _fi_duty_verb(word: str) -> str | None:
    """_duty_verb of a lower-case Finnish word's preferred reading."""
    known = _fi_reading(word)
    return _duty_verb(*known) if known else None


def _compound_parts(reading: dict, base: str) -> tuple[str, ...]:
    """The members of a compound reading other than `base`, once each and no stopword; () for a simple word."""
    parts: list[str] = []
    for part in _member_bases(reading):
        if part and part != base and part not in parts and part not in FI_STOPWORDS:
            parts.append(part)
    # Compound parts only (konkurssi + pesä); a simple word is not split into its derivation base
    # (menettely "procedure" → menettää "to lose": measured and dropped, it cost Finnish top-1). Inside a
    # compound, Voikko's base of a derived member is kept as it is (saneerausmenettely → saneerata + menettää):
    # reading the members in their own base form (saneeraus + menettely) was measured too and cost two
    # Finnish questions — see docs/RETRIEVAL.md.
    return tuple(parts) if len(parts) >= 2 else ()


def _fi_hyphenated(word: str) -> tuple[str, tuple[str, ...]]:
    """A hyphenated compound ("ennakkojako-osuudesta", "takaisinotto-oikeutta") also holds each leading member as
    the word it is written as: Voikko splits it to its smallest members only (ennakko + jako + osuus), so a question
    asking about ennakkojako or takaisinotto did not meet it. A leading member is in its base form by spelling rule,
    so it is read as itself ("ennakkojako", not ennakkoja + -ko)."""
    base, parts = _fi_voikko_analyse(word)
    leading: list[str] = []
    for member in [w for w in word.split("-") if w][:-1]:
        own = next((r for r in _voikko_readings(member) if _base(r) == member), None)
        leading += [member, *(_compound_parts(own, member) if own is not None else ())]
    # Voikko writes a hyphenated member with its hyphen ("-oikeus"): the term is the word.
    terms = dict.fromkeys(p.strip("-") for p in (*parts, *leading))
    return base, tuple(t for t in terms if t and t != base and t not in FI_STOPWORDS)


def _verb_of(reading: dict) -> str:
    """The verb a participle or infinitive reading is built on ("+ale(alkaa)+t+tu(+tu)" → alkaa), else ""."""
    stem = patterns.VOIKKO_WORDBASE.findall(reading.get("WORDBASES") or "")
    return stem[0][1].lower().replace("=", "") if stem and stem[0][1] and not stem[0][1].startswith("+") else ""


def _member_bases(reading: dict) -> list[str]:
    """The base of each member of a Voikko reading, in order, its suffixes left out
    ("+saneera(saneerata)+us(+us)+menet(menettää)…" → saneerata, menettää)."""
    members = patterns.VOIKKO_WORDBASE.findall(reading.get("WORDBASES") or "")
    return [b.lower().replace("=", "") for _, b in members if b and not b.startswith("+")]


_PROPER_NOUNS = {"etunimi", "sukunimi", "paikannimi", "nimi"}


def _preferred(readings: list[dict], word: str) -> dict:
    """A common word's reading before a name's; among those, the one whose base form is the word itself, else
    Voikko's first: "maksaa" is the verb, not the partitive of maksa (liver); "vuosi" is year, not vuotaa;
    "vakuusvelkoja" is the creditor, not debts; "veroja" is taxes, not the name Vera; "oman" is oma, not Oman.
    A noun with a possessive suffix yields to a verb, and an agent participle to the verb's -ma infinitive in the
    same case. A reading whose base form the statutes never inflect yields to one whose base form they do: a verb to
    a verb, else a noun ("päivää" is päivä, a day, not päivätä, to date); a noun to a noun, else a verb's -maan
    infinitive ("hakemusta" is hakemus, not hake + musta; "maksamaan" is maksaa, not a "maksamaa")."""
    first = min(readings, key=lambda a: (a.get("CLASS") in _PROPER_NOUNS, _base(a) != word))
    if first.get("CLASS") == "nimisana" and first.get("POSSESSIVE"):
        # A noun with a possessive suffix yields to a verb: "kuullaan" is heard, not "at his moon" (kuu).
        verb = _reading_of(readings, "teonsana")
        if verb is not None:
            return verb
    if first.get("PARTICIPLE") == "agent":
        # "velvollinen valvomaan", "pidättäytyä myymästä", "valvomatta": the verb's -ma infinitive, not an agent
        # participle ("the one watched by …") in the same case.
        verb = _reading_of(readings, "teonsana", case=first.get("SIJAMUOTO"))
        if verb is not None:
            return verb
    inflected = corpus_bases()
    if first.get("CLASS") == "teonsana" and _base(first) not in inflected:
        # "hylkäämisen" reads as hyljätä and as hylätä: the verb the statutes use in forms of its own wins; else a
        # noun they do ("päivää" is the partitive of päivä, a day, not a form of päivätä, to date).
        known = _reading_of(readings, "teonsana", inflected) or _reading_of(readings, "nimisana", inflected)
        if known is not None:
            return known
    if first.get("CLASS") != "nimisana" or _base(first) in inflected:
        return first
    # A noun the statutes use in forms of its own wins, as a verb does: "hakemusta" is not hake + musta,
    # "päätökseen" not päättö, "muutosta" not muutto (a move) but muutos (a change); else the -maan infinitive of a
    # verb they use: "velvollinen maksamaan" is maksaa, not a "maksamaa".
    return (_reading_of(readings, "nimisana", inflected)
            or _reading_of(readings, "teonsana", inflected, case="sisatulento") or first)


_ANY_CASE = object()


def _reading_of(readings: list[dict], word_class: str, bases: frozenset[str] | None = None,
                case: object = _ANY_CASE) -> dict | None:
    """The first reading of a word class (Voikko's CLASS), with its base form among `bases` where given, and in
    `case` (SIJAMUOTO, which a finite verb form lacks: None) where given."""
    return next((a for a in readings if a.get("CLASS") == word_class and (bases is None or _base(a) in bases)
                 and (case is _ANY_CASE or a.get("SIJAMUOTO") == case)), None)


def _base(reading: dict) -> str:
    return (reading.get("BASEFORM") or "").lower()


def _word_list(path: Path) -> frozenset[str]:
    try:
        return frozenset(path.read_text(encoding="utf-8").split())
    except OSError:
        return frozenset()


@lru_cache(maxsize=1)
def corpus_bases() -> frozenset[str]:
    """The base forms that the bundled Finnish statutes use in some form with no other reading
    (data/fi_bases.txt, written by `python -m core fi-bases`); empty when the file is missing."""
    return _word_list(FI_BASES_FILE)


@lru_cache(maxsize=1)
def corpus_participle_nouns() -> frozenset[str]:
    """Passive participles that the bundled Finnish statutes inflect more often than they state a duty with
    (data/fi_participle_nouns.txt, written by `python -m core fi-bases`); empty when the file is missing."""
    return _word_list(FI_PARTICIPLE_NOUNS_FILE)


def unambiguous_bases(texts: Iterable[str]) -> list[str]:
    """The base forms of the words of `texts` that Voikko reads one way only, sorted (the content of
    data/fi_bases.txt); [] without Voikko."""
    if not voikko_available():
        return []
    words = {w.lower() for text in texts for w in patterns.WORD.findall(text) if w.isalpha()}
    bases: set[str] = set()
    for word in words:
        found = {reading.base for reading in fi_word_info(word)}
        if len(found) == 1:
            bases |= found
    return sorted(bases - {""})


def participle_nouns(texts: Iterable[str]) -> list[str]:
    """The present passive participles that `texts` use more often in another form than in the nominative
    singular of a duty ("on julkaistava"), sorted (the content of data/fi_participle_nouns.txt): saatava
    (a claim) and tehtävä (a task) are nouns there; [] without Voikko."""
    if not voikko_available():
        return []
    duty: Counter[str] = Counter()
    other: Counter[str] = Counter()
    for text in texts:
        for word in patterns.WORD.findall(text):
            for base, nominative in {(r.base, r.case == "nimento" and r.number != "plural")
                                     for r in fi_word_info(word.lower()) if r.participle == "present_passive"}:
                (duty if nominative else other)[base] += 1
    return sorted(base for base in other if other[base] > duty[base])


_NOMINAL_CLASSES = {"nimisana", "laatusana", "nimisana_laatusana"}  # what ends a compound
MAX_COMPOUND = 40  # letters; the longest word of the Finnish corpus has 29


@lru_cache(maxsize=20_000)
def _fi_unknown_compound(word: str, members: int = 3) -> tuple[str, tuple[str, ...]] | None:
    """A compound Voikko's dictionary lacks (takaisinsaannin, takaisinsaantikanne, jälkivalvoa): the longest simple
    last member whose head is a known word or such a compound itself. The head keeps its written form, as heads
    of Finnish compounds do (takaisin + saanti → takaisinsaanti); None when no split reads as words.
    At most `members` members and MAX_COMPOUND letters, so that odd input costs little."""
    if members < 2 or len(word) > MAX_COMPOUND:
        return None
    for i in range(3, len(word) - 3):
        head, tail = word[:i], word[i:]
        # A noun or adjective in any form; a verb only as its dictionary form ("jälkivalvoa" = jälki + valvoa), for
        # Voikko reads many noun endings as verb forms too ("kanne" as a form of *kata*).
        tail_readings = [a for a in _voikko_readings(tail) if a.get("CLASS") in _NOMINAL_CLASSES or (
            a.get("CLASS") == "teonsana" and (a.get("BASEFORM") or "").lower() == tail)]
        if not tail_readings or _fi_analyse(tail, True)[1]:  # the last member is a simple word
            continue
        head_readings = _voikko_readings(head)
        if head_readings:
            head_reading = _preferred(head_readings, head)
            head_parts: tuple[str, ...] = (head if head_reading.get("CLASS") == "teonsana" else
                                           (head_reading.get("BASEFORM") or head).lower(),)
        else:
            inner = _fi_unknown_compound(head, members - 1)
            if inner is None:
                continue
            head_parts = (inner[0],)
        tail_base = (_preferred(tail_readings, tail).get("BASEFORM") or tail).lower()
        return head + tail_base, tuple(dict.fromkeys(head_parts + (tail_base,)))
    return None


class Reading(NamedTuple):
    """One Voikko reading of a Finnish word."""
    base: str
    word_class: str
    case: str
    participle: str
    number: str


def fi_derivation_base(word: str) -> str:
    """What a derived Finnish word is made from, as Voikko reads it inside a compound (saneeraus → saneerata,
    järjestely → järjestää); "" for a word that is not derived, or without Voikko."""
    analyses = _voikko_readings(word.lower())
    if not analyses:
        return ""
    reading = _preferred(analyses, word.lower())
    bases = _member_bases(reading)
    return bases[0] if len(bases) == 1 and bases[0] != _base(reading) else ""


def fi_quality_noun(adjective: str) -> str:
    """The noun naming a Finnish adjective's quality, as the Acts define it (maksukyvytön → maksukyvyttömyys,
    ylivelkainen → ylivelkaisuus); "" for another word."""
    back = any(v in adjective for v in "aou")
    for ending, noun in (("tön", "ttömyys"), ("ton", "ttomuus"), ("inen", "isuus" if back else "isyys")):
        if adjective.endswith(ending):
            return adjective[:-len(ending)] + noun
    return ""


@lru_cache(maxsize=50_000)
def fi_word_info(word: str) -> tuple[Reading, ...]:
    """Every Voikko reading of a Finnish word; () when unknown or unavailable."""
    analyses = _voikko_readings(word)
    return tuple(Reading(_base(a), a.get("CLASS") or "", a.get("SIJAMUOTO") or "",
                         a.get("PARTICIPLE") or "", a.get("NUMBER") or "") for a in analyses)


MAX_UMLAUT_SLOTS = 6  # the a and o of a word that may have lost their dots (2⁶ spellings at most)


@lru_cache(maxsize=1)
def _english_dictionary() -> SpellChecker | None:
    """pyspellchecker's English word list, or None when the package is missing (then English is not corrected).
    Single edits only: its second-edit search takes over a second on a long unknown word."""
    try:
        from spellchecker import SpellChecker  # noqa: PLC0415 - loaded with the indexes or on first use

        return SpellChecker(language="en", distance=1)
    except Exception:  # package or its word list missing: no English correction
        return None


def _with_umlauts(word: str) -> list[str]:
    """The word with some of its a / o restored to ä / ö, fewest changes first: Finnish typed on a keyboard
    without them ("maksukyvyttomyydella" → "maksukyvyttömyydellä", "paatos" → "päätös", which Voikko's
    suggestions do not reach, and "paatos" is a word of its own)."""
    slots = [i for i, ch in enumerate(word) if ch in "ao"][:MAX_UMLAUT_SLOTS]
    out = []
    for mask in range(1, 2 ** len(slots)):
        chars = list(word)
        for bit, i in enumerate(slots):
            if mask >> bit & 1:
                chars[i] = "ä" if chars[i] == "a" else "ö"
        out.append("".join(chars))
    return sorted(out, key=lambda v: (sum(a != b for a, b in zip(v, word)), v))


def has_speller(lang: str) -> bool:
    """Whether the language has a spelling dictionary here: Voikko for Finnish, pyspellchecker for English."""
    return voikko_available() if lang == "fi" else _english_dictionary() is not None


def dictionary_rejects(word: str, lang: str) -> bool:
    """Whether the language's dictionary rejects the word; False where there is none."""
    if not has_speller(lang):
        return False
    if lang != "fi":
        return word.lower() not in _english_dictionary()
    voikko = _get_voikko()  # takes the lock itself
    with _voikko_lock:
        return not voikko.spell(word.lower())


def dictionary_language(word: str) -> str | None:
    """"fi" or "en" when only that language's dictionary accepts the word (Finnish also with lost dots restored,
    "paatos", or as a compound of words it accepts, "takaisinsaanti"), else None: both, neither, or no
    dictionaries."""
    if len(word) < 3 or not word.isalpha() or not (has_speller("fi") and has_speller("en")):
        return None
    finnish = (not dictionary_rejects(word, "fi") or bool(restored_umlauts(word))
               or _fi_unknown_compound(word.lower()) is not None)  # "takaisinsaanti": Voikko lacks the compound
    english = not dictionary_rejects(word, "en")
    return None if finnish == english else ("fi" if finnish else "en")


@lru_cache(maxsize=20_000)
def restored_umlauts(word: str) -> tuple[str, ...]:
    """The word's spellings with some a / o as ä / ö that Voikko accepts, fewest changes first. Cached: the
    language of a question, its spelling correction and the suggestions all ask it of the same words."""
    if not has_speller("fi"):
        return ()
    voikko = _get_voikko()
    with _voikko_lock:
        return tuple(v for v in _with_umlauts(word.lower()) if voikko.spell(v))


def spelling_candidates(word: str, lang: str) -> list[str]:
    """What a word the dictionary rejects may have been meant to be, best first; [] for a word it accepts or
    without a dictionary. Finnish: the word with some a / o as ä / ö, then Voikko's suggestions
    ("velkajarjestely" → "velkajärjestely"). English: the dictionary's words one edit away, commonest first
    ("statment" → "statement")."""
    if not dictionary_rejects(word, lang):
        return list(restored_umlauts(word)) if lang == "fi" else []
    w = word.lower()
    if lang != "fi":
        english = _english_dictionary()
        return sorted(english.candidates(w) or [], key=lambda c: (-english.word_usage_frequency(c), c))
    voikko = _get_voikko()
    with _voikko_lock:
        suggested = [s.lower() for s in voikko.suggest(w)]
    return list(dict.fromkeys([*restored_umlauts(w), *suggested]))


def _plain_word(word: str) -> str:
    """Lower case, one apostrophe, no soft hyphens and amounts without digit-group separators: the statutes print
    "trustee’s", "represent\xadative" and "$2,000", a question types "trustee's", "representative" and "$2000" (and
    the stemmer drops a possessive only after ')."""
    return patterns.DIGIT_GROUP_SEPARATOR.sub("", word.lower().replace("’", "'").replace("\xad", ""))


@lru_cache(maxsize=65536)
def _one_english_form(word: str) -> str:
    """The American spelling of a British or Canadian one ("licence" → "license", "favourable" → "favorable") and
    the singular of an irregular plural ("fishermen" → "fisherman"), else the word: the Acts spell the Canadian way,
    a student may not, and Snowball keeps the two apart ("licenc" / "licens", "fishermen" / "fisherman"). Only a
    result the English dictionary knows, so "premises" stays "premises" and "specimen" "specimen"."""
    english = _english_dictionary()
    if english is None:
        return word
    for pattern, replacement in (*patterns.BRITISH_SPELLINGS, *patterns.EN_IRREGULAR_PLURALS):
        variant = pattern.sub(replacement, word)
        if variant != word and variant in english:
            return variant
    return word


class Analyzer:
    """Turns text into index terms for one language."""

    def __init__(self, lang: str, use_voikko: bool = True) -> None:
        self.lang = "fi" if lang == "fi" else "en"
        self.use_voikko = use_voikko and self.lang == "fi" and voikko_available()
        self.stopwords = FI_STOPWORDS if self.lang == "fi" else EN_STOPWORDS

    @property
    def name(self) -> str:
        return "voikko" if self.use_voikko else f"snowball-{self.lang}"

    def lemma(self, word: str) -> str:
        """One normal form per word: the base form (fi) or the Snowball stem."""
        w = _plain_word(word)
        if self.lang == "fi":
            return _fi_analyse(w, self.use_voikko)[0]
        return _stem("en", _one_english_form(w))

    def terms(self, text: str, compounds: bool = True, bigrams: bool = False) -> list[str]:
        """Index terms: lemmas without stopwords, plus compound parts for Finnish, and with
        `bigrams` also each pair of neighbouring lemmas ("a_b") as a proximity signal."""
        return list(self._cached_terms(text, compounds, bigrams))

    # The rerank weighs the same provisions' sentences for question after question: their terms are read once.
    # Analyzer instances are shared (analyzer() caches them), so the cache holds a handful of instances at most.
    @lru_cache(maxsize=100_000)  # noqa: B019
    def _cached_terms(self, text: str, compounds: bool, bigrams: bool) -> tuple[str, ...]:
        out = self._unigrams(text, compounds)
        if bigrams:
            heads = self._unigrams(text, compounds=False) if compounds and self.lang == "fi" else list(out)
            out += [f"{a}_{b}" for a, b in zip(heads, heads[1:])]
        return tuple(out)

    def _unigrams(self, text: str, compounds: bool) -> list[str]:
        out: list[str] = []
        words = [_plain_word(m.group(0)).strip(".-'") for m in patterns.WORD.finditer(text)]
        for i, w in enumerate(words):
            if not w or w in self.stopwords:
                continue
            if self.lang == "fi":
                base, parts = _fi_analyse(w, self.use_voikko)
                verb = _temporal_verb(w, words[i + 1] if i + 1 < len(words) else "") if self.use_voikko else None
                if verb:  # "konkurssin alettua" (after the bankruptcy began) also reads as alkaa, as "on alkanut" does
                    parts = parts + (verb,)
                if base in self.stopwords:
                    continue
                out.append(base)
                if compounds:
                    out.extend(parts)
            else:
                following = words[i + 1] if i + 1 < len(words) else ""
                for piece in w.split("-") if "-" in w else [w]:
                    if piece in _ATTRIBUTIVE_APART and following and following not in self.stopwords:
                        out.append(piece)
                    elif piece and piece not in self.stopwords:
                        out.append(_stem("en", _EN_VERB_OF.get(piece) or _one_english_form(piece)))
        return out

    def duty_verbs(self, text: str) -> list[str]:
        """The verbs the Finnish duty participles of `text` read as ("on kerrottava" → kertoa), which terms without
        compound parts leave out with the parts."""
        if not self.use_voikko:
            return []
        words = (_plain_word(m.group(0)).strip(".-'") for m in patterns.WORD.finditer(text))
        return [verb for w in words if w and "-" not in w and (verb := _fi_duty_verb(w))]

    def lemmas(self, text: str) -> list[str]:
        """One lemma per word, stopwords included (for matching a term or phrase word by word)."""
        return [self.lemma(w) for w in patterns.WORD.findall(text)]

    def lemma_spans(self, text: str) -> list[tuple[str, int, int]]:
        """(lemma, start, end) for every word, stopwords included (for phrase matching)."""
        return [(self.lemma(m.group(0)), m.start(), m.end()) for m in patterns.WORD.finditer(text)]


@lru_cache(maxsize=20_000)
def _temporal_verb(word: str, following: str) -> str | None:
    """The verb of a Finnish temporal construction ("menettelyn alettua", after the procedure began): a past passive
    participle in the partitive singular that no partitive noun or adjective follows ("vahvistettua ohjelmaa" is the
    confirmed programme). Beside the participle, not instead of it: read as the verb alone it cost answers, as every
    past passive participle did (docs/RETRIEVAL.md)."""
    readings = [a for a in _voikko_readings(word) if a.get("PARTICIPLE") == "past_passive"
                and a.get("SIJAMUOTO") == "osanto" and a.get("NUMBER") != "plural"]
    if not readings:
        return None
    if following and any(a.get("SIJAMUOTO") == "osanto" and a.get("CLASS") in ("nimisana", "laatusana")
                         for a in _voikko_readings(following)):
        return None
    return _verb_of(readings[0]) or None


@lru_cache(maxsize=4)
def analyzer(lang: str, use_voikko: bool = True) -> Analyzer:
    return Analyzer(lang, use_voikko)
