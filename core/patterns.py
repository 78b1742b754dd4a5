"""Every regular expression of the project, in one place.

Grouped by the stage that uses them: text, ingest (labels, plain-text files), graph (references,
exceptions, definitions in English and Finnish), retrieve (citations, question intent), extract
(modals, deadlines), explain (Claude's quotations), render (CDN tags), evaluate (ids); last, the few
built from data (law names, aliases, abbreviations, defined terms). Keeping them together makes the
grammar reviewable as a whole.
"""
from __future__ import annotations

import re

# --- text -----------------------------------------------------------------------------------
WHITESPACE = re.compile(r"\s+")
# A sentence ends with . ? or ! followed by whitespace and a capital letter, digit or quote.
SENTENCE_BOUNDARY = re.compile(r"(?<=[.?!])\s+(?=[A-ZÅÄÖ0-9“\"(])")
# A sentence that opens by pointing back at the one before it ("Tällöin …", "Sama koskee …", "Hän ei saa …", "In that
# case …") says nothing without it. Not "Sen lisäksi, mitä …" / "Sen jälkeen, kun …" / "Tämä laki …": those point
# elsewhere or nowhere.
POINTS_BACK = re.compile(
    r"^\s*(?:Tällöin|Tässä\s+tapauksessa|Siinä\s+tapauksessa|Sama\s+koskee|Samoin|Hän|Se\s+(?:on|ei|voi|saa)|"
    r"Tämä\s+ei|In\s+(?:that|such\s+a)\s+(?:case|event)|The\s+same\s+applies)\b")
# A word, with inner dots, hyphens, apostrophes and soft hyphens (CCAA prints "represent\xadative" five times),
# or an amount in digit groups: the BIA prints "$2,000", the Finnish Acts "3 000 euroa"; a student types "2000".
_DIGIT_GROUP_SEPARATORS = ",\u00a0\u202f "
WORD = re.compile(rf"\d{{1,3}}(?:[{_DIGIT_GROUP_SEPARATORS}]\d{{3}})+(?![0-9A-Za-zÀ-ÖØ-öø-ÿ])"
                  r"|[0-9A-Za-zÀ-ÖØ-öø-ÿ]+(?:[.\-'’\xad][0-9A-Za-zÀ-ÖØ-öø-ÿ]+)*")
DIGIT_GROUP_SEPARATOR = re.compile(rf"(?<=\d)[{_DIGIT_GROUP_SEPARATORS}](?=\d)")
# British / Canadian spellings and the American ones a student may type (favour / favor, licence / license,
# authorised / authorized, centre / center, judgement / judgment). Each rewrites a word to its American form,
# which normalize keeps only where the English dictionary knows the result ("premises" is not "premizes").
# "-tre" not after "s": the Acts quote French names ("ministre").
BRITISH_SPELLINGS = [(re.compile(pattern), american) for pattern, american in (
    (r"(?<=[a-z]{3})our(?=(?:s|ed|ing|able|ably|ite|ites|er|ers)?$)", "or"),
    (r"(?<=[a-z]{2})is(?=(?:e|es|ed|ing|ation|ations|er|ers|able)$)", "iz"),
    (r"(?<=[a-z]{2})ys(?=(?:e|es|ed|ing)$)", "yz"),
    (r"(?<=[a-z]{2})ence(?=s?$)", "ense"),
    (r"(?<=[a-z][^s])tre(?=s?$)", "ter"),
    (r"(?<=[a-z])dgement(?=s?$)", "dgment"),
)]
# English plurals Snowball leaves apart from their singular: the BIA's "fisherman", a student's "fishermen".
EN_IRREGULAR_PLURALS = [(re.compile(pattern), singular) for pattern, singular in (
    (r"(?<=[a-z]{2})men$", "man"),
    (r"^children$", "child"),
)]

# --- ingest: labels ---------------------------------------------------------------------------
# A label that carries the first words of its text (a markup slip in the official files, e.g. CCAA 49(3)).
CA_LABEL_WITH_TEXT = re.compile(r"^\s*(\([0-9A-Za-z.]{1,6}\))\s+(\S.*)$", re.S)
CA_LABEL = re.compile(r"^[“\"(]*\(?\s*([^()\s]+?)\s*\)?[”\"]*$")
FI_CHAPTER_LABEL = re.compile(r"^\s*(\d+\s?[a-z]?)\s*luku\s*$", re.I)
FI_SECTION_LABEL = re.compile(r"^\s*(\d+)\s?([a-z]?)\s*§\s*$", re.I)
FI_KOHTA_LABEL = re.compile(r"^\s*(\d+[a-z]?|[a-z])\)\s*")
XML_ENTITY_DECL = re.compile(rb"<!ENTITY", re.I)
XML_DOCTYPE = re.compile(rb"<!DOCTYPE", re.I)

# --- graph: English references ----------------------------------------------------------------
_SECNUM = r"\d+(?:\.\d+)*"
_PAREN = r"\(\s*[0-9A-Za-z]{1,4}(?:\.\d+)?\s*\)"
_CA_TARGET = rf"(?:{_SECNUM}(?:{_PAREN})*|(?:{_PAREN})+)"
_CA_JOIN = r"(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|to)\s+)"
CA_REF = re.compile(
    rf"\b(?P<kind>sub-?sections?|sections?|subparagraphs?|paragraphs?|sub-?clauses?|clauses?)\s+"
    rf"(?P<list>{_CA_TARGET}(?:{_CA_JOIN}{_CA_TARGET}(?![\w]))*)",
    re.I,
)
CA_TARGET = re.compile(rf"(?P<sec>{_SECNUM})?(?P<parens>(?:{_PAREN})*)")
CA_PAREN = re.compile(r"\(\s*([0-9A-Za-z]{1,4}(?:\.\d+)?)\s*\)")
CA_RANGE_JOIN = re.compile(r"^\s+to\s+$")
CA_PART_REF = re.compile(r"\b(?:Division\s+[IVX]+\s+of\s+)?Part\s+[IVX]+(?:\.\d+)?\b")
CA_OTHER_ACT_AFTER = re.compile(r"^\s*,?\s*of\s+(?:the\s+|that\s+)?(?=[A-Z])")
CA_THAT_ACT_AFTER = re.compile(r"^\s*,?\s*of\s+(?:that|the said)\s+Act\b")
# Exception triggers: the reference list must follow the trigger with only other references,
# commas and conjunctions in between.
CA_EXCEPTION_TRIGGER = re.compile(
    r"\b(?:subject\s+to|notwithstanding|despite|except\s+as\s+(?:otherwise\s+)?(?:provided|set\s+out)"
    r"\s+(?:in|by|under)|except\s+(?:in|under)|except|unless\s+(?:otherwise\s+)?(?:provided|set\s+out)"
    r"\s+(?:in|by|under))\s*$",
    re.I,
)
# "Subject to any direction of the court under paragraph 47.1(2)(a)", "except those matters referred to in …":
# a trigger, a short qualifying phrase without punctuation, then a linking word right before the reference.
CA_EXCEPTION_QUALIFIED = re.compile(
    r"\b(?:subject\s+to|notwithstanding|despite|except)\s+(?:[\w’'-]+\s+){1,8}?"
    r"(?:under|in|by|pursuant\s+to|referred\s+to\s+in|described\s+in|set\s+out\s+in|mentioned\s+in)\s*$",
    re.I,
)
# An exception list that goes on: "except rights under sections 81.1 and 81.2 and amounts referred to in …".
CA_EXCEPTION_CONTINUES = re.compile(
    r"^\s*,?\s*(?:and|or)\s+(?:[\w’'-]+\s+){0,4}?(?:under|in|by|referred\s+to\s+in|described\s+in|"
    r"set\s+out\s+in|mentioned\s+in)\s*$",
    re.I,
)
# A list item's own words before its reference when the exception is its lead-in's: "rights under", "amounts referred
# to in"; and the label that ends a lead-in ("… except (a) ").
CA_ITEM_QUALIFIER = re.compile(
    r"^\s*(?:[\w’'-]+\s+){0,6}?(?:under|in|by|pursuant\s+to|referred\s+to\s+in|described\s+in|set\s+out\s+in|"
    r"mentioned\s+in)\s*$", re.I)
CA_ITEM_LABEL_END = re.compile(r"\s*\([a-z0-9.]+\)\s*$", re.I)
CA_LIST_GLUE = re.compile(r"^(?:\s|,|\band\b|\bor\b|\bthe\b|\bof this Act\b)*$", re.I)

# --- graph: Finnish references ----------------------------------------------------------------
_DASH = r"\s*[-–—―]\s*"
_FI_JOIN = rf"(?:{_DASH}|\s*,\s*|\s+(?:ja|tai|sekä)\s+)"
_FI_SEC = r"\d+(?:\s?[a-z](?![a-zåäö]))?"
FI_REF = re.compile(
    rf"(?<![\w/])(?=\d)"
    rf"(?:(?P<chap>\d+\s?[a-z]?(?:{_FI_JOIN}\d+\s?[a-z]?)*)\s+(?:luvu(?:n|ssa|sta|lla|lle)|luku(?:un|a)?)\b\s*)?"
    rf"(?:(?P<secs>{_FI_SEC}(?:{_FI_JOIN}{_FI_SEC})*)\s*§(?:[:]\s?[a-zåäö]+)?\s*)?"
    rf"(?:(?P<moms>\d+(?:{_FI_JOIN}\d+)*)\s+momen(?:tin|tissa|tissä|tista|tiin|tti|teissa|tien|teista|ttia|tille)\b\s*)?"
    rf"(?:(?P<kohdat>\d+[a-z]?(?:{_FI_JOIN}\d+[a-z]?)*)\s+koh(?:dan|dassa|dasta|taan|taa|dat|dissa|dista|tien|dille|tia|ta)\b)?",
    re.I,
)
FI_NUM_ITEM = re.compile(rf"\d+(?:\s?[a-z](?![a-zåäö]))?")
FI_RANGE_DASH = re.compile(rf"^{_DASH}$")
FI_THIS_SECTION = re.compile(r"\b(?:tämän|tässä|tätä)\s+pykäl(?:än|ässä|ää)\b", re.I)
FI_THIS_CHAPTER = re.compile(r"\b(?:tämän|tässä|tätä)\s+luvu(?:n|ssa)\b", re.I)
FI_THIS_LAW_BEFORE = re.compile(r"\btämän\s+lain\s*$", re.I)
FI_LAW_NUMBER = re.compile(r"\((\d+)/(\d{2,4})\)")
# A law named just before a reference: "konkurssilain (120/2004) 3 luvun ...", "ulosottolaissa".
FI_LAW_BEFORE = re.compile(
    r"(?P<name>(?:[\wåäöÅÄÖ-]+\s+){0,4}?[\wåäöÅÄÖ-]*(?:lai[nsk]\w*|laki\w*|kaare\w+))\s*"
    r"(?:\((?P<num>\d+/\d{2,4})\)\s*)?$",
    re.I,
)
FI_LAW_NUMBER_AFTER = re.compile(r"^\s*\((?P<num>\d+/\d{2,4})\)")
# Finnish exceptions: "poiketen siitä, mitä 12 §:ssä säädetään", "sen estämättä, mitä …", "lukuun ottamatta …"
# before the reference; "1 momentin estämättä", "5 §:n 1 momentista poiketen", "2 ja 5 §:ssä säädetyin
# poikkeuksin", "jollei / ellei / eikä 6 §:stä muuta johdu", "jollei 3 §:ssä toisin säädetä" after it.
FI_EXCEPTION_BEFORE = re.compile(
    r"(?:poiketen\s+siitä,?\s+mitä|sen\s+estämättä,?\s+mitä|lukuun\s+ottamatta|poikkeuksena)\s+"
    r"(?:[\wåäö]+\s+){0,3}$",
    re.I,
)
FI_EXCEPTION_AFTER = re.compile(
    r"^\s*(?:[\wåäö]+\s+){0,3}?(?:estämättä|poiketen|poikkeuksin|lukuun\s+ottamatta|"
    r"muuta\s+johdu|johdu\s+muuta|toisin\s+(?:säädetä|säädetään|johdu))\b",
    re.I,
)
FI_SAID_LAW_BEFORE = re.compile(r"\b(?:mainitun|sanotun|saman)\s+lain\s*$", re.I)

# --- graph: definitions -----------------------------------------------------------------------
# A capitalised word beside a capitalised term makes a name, not a use of the defined term: "Supreme Court",
# "Receiver General", "Bank Act", "Companies' Creditors Arrangement Act", "Canada Post Corporation".
NAME_WORD_AFTER = re.compile(r"[’']?\s+[A-Z][a-z]")
NAME_WORD_BEFORE = re.compile(r"\b[A-Z][A-Za-z]*[’']?\s+$")
# What follows a term marked as defined inside a provision's own sentence, not in a definition list ("In this
# section, regulatory body means …", "adequate valuable consideration in paragraph (1)(c) means …"); a term marked
# where another act's definition is only cited ("a provincial pension plan as defined in …") is not one.
EN_INLINE_DEFINITION = re.compile(
    r"\s*(?:in\s+(?:section|subsection|paragraph)\s+[\w.()]+\s+)?(?:means|includes|does\s+not\s+include)\b", re.I)
# The French term an English definition closes with: "… due and accruing due; (personne insolvable)".
EN_FRENCH_EQUIVALENT = re.compile(r"[;.]?\s*\([^()]*\)\s*[;.]?\s*$")
# A definition quoted as it is to be read in one case ("the definition consumer debtor in section 66.11 is to be
# read as follows: consumer debtor means …"): the Act's own definition stays the term's.
EN_READ_AS = re.compile(r"\bread\s+as\s+follows\s*:\s*$", re.I)
# A definition that applies in its own section or subsection only ("In this section, …", "The following
# definitions apply in this section.", "For the purpose of this section, …", "In subsection (6), …", "The
# expression … in paragraph (1)(c) means …").
EN_SECTION_SCOPE = re.compile(
    r"^\s*(?:(?:subject\s+to\s+[^,]+,\s*)?in\s+this\s+section\b|in\s+subsections?\s*\(|"
    r"for\s+the\s+purposes?\s+of\s+this\s+section\b|the\s+following\s+definitions\s+apply\s+in\s+this\s+section\b|"
    r"the\s+expression\s+[^,]{1,80}?\s+in\s+(?:sub)?(?:section|paragraph)s?\b)",
    re.I)
FI_DEFINITION_INTRO = re.compile(r"\btarkoitetaan\s*:\s*$", re.I)
# The defined term of a list item: its leading words up to and through the adessive ones
# ("uhkaavalla maksukyvyttömyydellä", "menettelyn alkamisella", "velkajärjestelyn piiriin kuuluvalla velalla").
FI_DEFINED_TERM_ITEM = re.compile(
    r"^\s*(?P<term>(?:[\wåäöÅÄÖ-]+\s+){0,3}?[\wåäöÅÄÖ-]+(?:lla|llä)(?:\s+[\wåäöÅÄÖ-]+(?:lla|llä))*)\b", re.I
)
FI_DEFINED_TERM_INLINE = re.compile(
    r"(?P<term>(?:[\wåäöÅÄÖ-]+(?:lla|llä)\s+){0,2}[\wåäöÅÄÖ-]+(?:lla|llä))\s+"
    r"(?:tässä\s+(?:laissa|luvussa|pykälässä)\s+)?tarkoitetaan\b",
    re.I,
)
# A term introduced in parentheses after what it names: "laadittava … luettelo (pesäluettelo)", "… päivä, jona
# velkojien on viimeistään valvottava saatavansa (valvontapäivä)". One to three words, lower case; whether the
# last is in the nominative (a name, not "(myyjällä)" glossing the word before) is Voikko's to say.
FI_PARENTHETICAL_TERM = re.compile(r"\((?P<term>[a-zåäö][\wåäö-]*(?:\s+[a-zåäö][\wåäö-]*){0,2})\)")
FI_CASE_ENDING = re.compile(r"(?:n|lla|llä|lta|ltä|lle|ssa|ssä|sta|stä|ksi|tta|ttä)$", re.I)  # not a nominative
FI_PRONOUN_ADESSIVE = re.compile(r"^(?:jolla|jollä|sillä|tällä|niillä|joilla|näillä|millä)$", re.I)

# --- retrieve: citations and intent -------------------------------------------------------------
# A citation is a law's name (abbreviation, key or alias, anywhere: "BIA 50.4(1)", "section 50.4(1) of the
# Bankruptcy and Insolvency Act", "konkurssilain 3 luvun 2 §") and what is left once it is taken out: a locator.
CA_LOCATOR = re.compile(
    r"^\s*(?P<marker>(?:s|ss|sec|section|subsection)\.?\s*)?"
    r"(?P<sec>\d+(?:\.\d+)*)(?P<parens>(?:\s*\([0-9A-Za-z.]+\))*)\s*$",
    re.I,
)
FI_LOCATOR = re.compile(
    r"^\s*(?:(?P<chap>\d+\s?[a-z]?)\s*(?:luku|luvun|l\.|:)\s*)?"
    r"(?P<sec>\d+\s?[a-z]?)\s*(?P<para>§|pykälä|pykälän)?"
    r"(?:\s*(?P<mom>\d+)\s*(?:mom\.?|momentti|momentin))?"
    r"(?:\s*(?P<kohta>\d+[a-z]?)\s*(?:kohta|kohdan|k\.))?\s*$",
    re.I,
)
# A Part of a Canadian Act, or a Division of one, cited whole: "BIA Part III", "Part III, Division II of the BIA",
# "Division II of Part III" (the law's name and "of" already taken out), "Part 4".
CA_PART_LOCATOR = re.compile(
    r"^\s*(?:part\s+(?P<part>[IVXL]{1,8}|\d{1,2})(?:\s+division\s+(?P<div>[IVXL]{1,8}|\d{1,2}))?"
    r"|division\s+(?P<div_first>[IVXL]{1,8}|\d{1,2})\s+part\s+(?P<part_last>[IVXL]{1,8}|\d{1,2}))\s*$",
    re.I,
)
# The heading of a Part or Division in a section's trail: "PART III — Proposals", "DIVISION II — Consumer Proposals".
CA_PART_HEADING = re.compile(r"^(?P<kind>PART|DIVISION)\s+(?P<number>[IVXL]+)\b", re.I)
# A whole chapter cited: "KonkL 3 luku", "konkurssilain 3 luvussa".
FI_CHAPTER_LOCATOR = re.compile(r"^\s*(?P<chap>\d+\s?[a-z]?)\s*(?:luku|luvun|luvussa|luvusta|l\.)\s*$", re.I)
LAW_ONLY = re.compile(r"^[\W_]*(?:the[\W_]*)?$", re.I)  # what is left of "the BIA" once the law's name is out
# Words between a law's name and the locator: "section 50.4(1) of the BIA", "s. 69.3 under the BIA", "BIA, s. 69.3".
CITATION_FILLER = re.compile(r"(?:\b(?:of|in|under)\s+(?:the\s+)?|,)", re.I)
_FI_KEY = r"\d+/\d{4}"  # a Finnish law key: number/year
NODE_ID = re.compile(rf"^\s*(?P<law>[A-Z]-\d+(?:\.\d+)?|{_FI_KEY})(?::[^\s:]+)*\s*$")
# A Finnish law key ("120/2004"): its node ids keep the chapter, so a section id has three parts, not two.
FI_LAW_KEY = re.compile(rf"^{_FI_KEY}$")
# An exam prompt's instruction ("Explain the deadline for …", "State when …", "Kerro, milloin …", "Selosta, kuka …"):
# the frame of the question, not its content ("kerro" would otherwise read as the Acts' ilmoittaa). Not "define" /
# "määrittele", which ask for a definition, nor "State of affairs …", "List of creditors …".
EXAM_INSTRUCTION = re.compile(
    r"^\s*(?:please\s+|briefly\s+|lyhyesti\s+)*(?:explain|describe|state|outline|discuss|identify|list|summari[sz]e|"
    r"set\s+out|give|name|indicate|specify|clarify|tell\s+me|selitä|selvitä|selosta|kerro|kuvaile|kuvaa|luettele|"
    r"esitä|tiivistä|perustele|mainitse|nimeä)(?!\s+of\b)\b(?:\s+lyhyesti)?[,:]?\s+(?=\w)",
    re.I,
)
# Questions that ask what a term means: explicitly ("define", "Mitä … tarkoittaa?"), or about a bare term —
# "What is a …?", "Who is / counts as …", "What is meant by …", "Mikä on …?", "Kuka on …?", with an optional
# trailing "under the Act", or "What does … include?". "Defined benefit / contribution" names a kind of pension plan.
DEFINITION_EXPLICIT = re.compile(
    r"\b(?:defin(?:e|es|ed(?!\s+(?:benefit|contribution)\b)|ition)|meaning\s+of|what\s+does\s+.+\s+mean|"
    r"tarkoitetaan|mitä\s+(?:.+\s+)?tarkoittaa|määritel\w*|käsitteellä)\b",
    re.I,
)
WHAT_IS_TERM = re.compile(
    r"^\s*(?:what\s+is\s+meant\s+by|(?:what|who)\s+(?:is|are|counts?\s+as)|mikä\s+on|mitä\s+(?:on|ovat)|"
    r"what\s+makes\s+(?:someone|somebody|something|a\s+person|a\s+debtor|a\s+company|a\s+claim)|"
    r"kuka\s+on|ketkä\s+ovat)\s+(?:an?\s+|the\s+)?(?P<term>[^?]{1,80}?)"
    r"(?:\s+(?:under|in|for\s+the\s+purposes\s+of)\s+(?:the|this)\s+(?:act|bia|ccaa|statute))?\s*\??\s*$"
    r"|^\s*what\s+(?:does|do)\s+(?:an?\s+|the\s+)?(?P<included>[^?]{1,80}?)\s+(?:include|cover)\s*\??\s*$"
    # "Does X (under the BIA / in a CCAA case) include Y?" asks whether Y is within X's meaning.
    r"|^\s*(?:does|do)\s+(?:an?\s+|the\s+)?(?P<includes>[^?]{1,60}?)(?:\s+(?:under|in)\s+(?:the|this|an?)\s+"
    r"[\w-]+(?:\s+case)?)?\s+(?:include|cover)\b[^?]*\??\s*$",
    re.I,
)
# "Is Y a / an X?", "Onko Y X?", "Kuuluuko Y X:ään?": whether Y falls within X's meaning, X last (an Act named
# after it, in English). One clause ("Is the trustee required to notify a creditor?" asks about a duty: see
# IS_A_TERM_VERB).
# The Act a question about a term may name after it ("… under the BIA"), and the Finnish procedure or Act
# ("… yrityssaneerauksessa", "… konkurssilain mukaan").
TERM_ACT_EN = r"(?:\s+(?:under|in|for\s+the\s+purposes\s+of)\s+(?:the\s+)?(?:bia|ccaa|act))?"
TERM_ACT_FI = r"(?:\s+[\wåäö-]+(?:ssa|ssä|n\s+mukaan))?"
IS_A_TERM = re.compile(
    r"^\s*(?:is|are)\s+(?!there\b|it\b)(?P<subject>[^?,]+)\s+an?\s+(?P<term>[\w’'-]+(?:\s+[\w’'-]+){0,3}?)"
    + TERM_ACT_EN + r"\s*\?\s*$"
    r"|^\s*(?:onko|ovatko|kuuluuko|kuuluvatko|luetaanko)\s+(?P<aihe>[^?,]+?)\s+"
    r"(?P<termi>[\wåäö-]+(?:\s+[\wåäö-]+)?)\s*\?\s*$",
    re.I)
# "Are Ys Xs?" without articles ("Are partnerships persons under the BIA?"): X is read from the last three words.
ARE_TERM = re.compile(
    r"^\s*are\s+(?!there\b|they\b)(?P<subject>[^?,]+?)\s+(?P<term>[\w’'-]+(?:\s+[\w’'-]+){0,2})"
    + TERM_ACT_EN + r"\s*\?\s*$",
    re.I)
# "When is Y X?" / "Milloin Y on X?": on what condition Y is X, which X's definition states ("When is a person
# insolvent?", "Milloin velallinen on maksukyvytön?"); an Act or a procedure may follow X.
WHEN_IS_TERM = re.compile(
    r"^\s*when\s+(?:is|are)\s+(?P<subject>(?:an?\s+|the\s+)?[\w’'-]+(?:\s+[\w’'-]+){0,2}?)\s+(?:an?\s+)?"
    r"(?P<term>[\w’'-]+(?:\s+[\w’'-]+){0,2}?)" + TERM_ACT_EN + r"\s*\?\s*$"
    r"|^\s*milloin\s+(?P<aihe>[^?,]+?)\s+(?:on|ovat)\s+(?P<termi>[\wåäö-]+(?:\s+[\wåäö-]+)??)"
    + TERM_ACT_FI + r"\s*\?\s*$",
    re.I)
# "Which Ys are Xs?" / "Mitkä Y:t ovat X:iä?", "Millainen Y on X?", "Mitkä Y:t luetaan X:ksi?": which Ys X's
# definition takes in ("Which claims are equity claims?", "Millainen velka on vakuusvelka?").
WHICH_ARE_TERM = re.compile(
    r"^\s*(?:which|what)\s+(?:kinds?\s+of\s+)?(?P<subject>[\w’'-]+(?:\s+[\w’'-]+)?)\s+(?:is|are)\s+(?:an?\s+)?"
    r"(?P<term>[\w’'-]+(?:\s+[\w’'-]+){0,2}?)" + TERM_ACT_EN + r"\s*\?\s*$"
    r"|^\s*(?:mitkä|mikä|millainen|millaiset|minkälainen|minkälaiset)\s+(?P<aihe>[\wåäö-]+)\s+"
    r"(?:on|ovat|luetaan|katsotaan)\s+(?P<termi>[\wåäö-]+(?:\s+[\wåäö-]+)??)" + TERM_ACT_FI + r"\s*\?\s*$",
    re.I)
# A verb in Y, which makes the question one about a rule, not a meaning: a participle, "to", an agent ("by"), a
# modal adjective, a Finnish "-ttava" ("Onko takaajan maksettava vakuusvelka?").
IS_A_TERM_VERB = re.compile(
    r"\b(?:\w+ed|to|by|required|able|allowed|entitled|liable|bound|\w+tt?[aä]v[aä]t?)\b", re.I)
# An explicit "what counts as X …?": X is the defined term the rest begins with, whatever words follow it ("What
# counts as an equity claim when shareholders …?", "What is meant by an affidavit in bankruptcy proceedings?").
DEFINITION_ASKED = re.compile(
    r"^\s*(?:what|who)\s+(?:counts?\s+as|qualif(?:y|ies)\s+as|is\s+meant\s+by)\s+(?:an?\s+|the\s+)?(?P<term>[^?]+)",
    re.I)  # not "who is treated as a director if …?": a deeming rule for a case, not the word's meaning
# A section that only names its Act ("This Act may be cited as the Bankruptcy and Insolvency Act"): it matches any
# question naming the Act in full and answers none, unless the question asks for the name.
SHORT_TITLE_HEADING = re.compile(r"^\s*short\s+title\s*$", re.I)
SHORT_TITLE_QUESTION = re.compile(r"\b(?:short\s+title|cited\s+as|cite[ds]?\b|called)", re.I)
# Transitional and commencement provisions speak of old cases; they yield to live law unless asked for.
TRANSITIONAL_HEADING = re.compile(r"\b(?:voimaantulo\w*|siirtymäsäännö\w*|transitional|coming\s+into\s+force)", re.I)
TRANSITIONAL_QUESTION = re.compile(
    r"\b(?:voimaan\w*|siirtymä\w*|transitional|coming\s+into\s+force|in\s+force|(?:19|20)\d\d)\b", re.I)
# A question's leading condition ("If … misses the deadline, what document …?", "Jos … määräajassa, mitä …?",
# "Once …, can …?", "When a …, who …?" — not "When must …?"): the circumstance, not what is asked for. It runs
# to the last comma before a question word, past the commas of its own clauses ("Jos velkoja menettää oikeutensa,
# koska …, kenelle …?").
CONDITION_CLAUSE = re.compile(
    r"^\s*(?:if|where|jos|kun|mikäli|jollei|ellei|once|after|before|unless|when\s+(?:a|an|the|any|its|his|her|their))\b"
    r"[^?]*,\s*(?=(?:what|who|whom|whose|which|when|where|why|how|is|are|was|were|does|do|did|can|could|may|might|"
    r"must|shall|should|will|would|has|have|mi(?:tä|kä|tkä|hin|lloin|ten|ssä|stä|llä|lle|nkä|ksi|llai\w*)|"
    r"ku(?:ka|inka)|ke(?:tkä|nen|nelle|neltä|net|tä|nellä)|montako|paljonko|kauanko|\w+(?:ko|kö))\b)",
    re.I)
# A condition after the question's main clause (", jos hakemus hylätään?", " if the court refuses …?"): its words
# say when, not what is asked.
TRAILING_CONDITION = re.compile(r"(?:,\s*|\s+)(?:jos|mikäli|kun|if|once|after)\b[^?]*\??\s*$", re.I)
# Where a phrase cut to length may end: before a comma, else before a joining "and" (a Finnish "ja" mostly joins
# nouns; "or" too: "one or more", "assent to or dissent from").
COMMA_BREAK = re.compile(r",\s")
AND_BREAK = re.compile(r"\sand\s", re.I)
# A phrase opening with a circumstance, its verb after the first comma: "after the demand … is presented, pay …".
LEADING_ADJUNCT = re.compile(r"^\W*(?:with|after|before|within|upon|on|in|by|if|where|when|unless|subject|pursuant|"
                             r"notwithstanding|for|jos|kun|ennen|jälkeen)\b", re.I)
# Words a phrase cut mid-way must not end on ("… to the public of any").
DANGLING_WORDS = re.compile(r"(?:\s+(?:the|a|an|of|to|in|on|by|for|with|from|at|as|or|and|any|all|his|her|their|its|"
                            r"that|which|who|whose|ja|tai|sekä|joka|jonka|jotka|kuin|että|jos|kun))+\s*$", re.I)
CLAUSE_JOIN = re.compile(r",\s*(?:and|or|but|ja|sekä|vai|mutta)\s|;\s", re.I)
# "How much notice / time" asks for a period, not an amount.
NOTICE_OR_TIME = r"(?:(?:advance\s+)?(?:notice|time|warning)|in\s+advance)"
DEADLINE_QUESTION = re.compile(
    rf"\b(?:how\s+long|how\s+soon|how\s+many\s+days|how\s+much\s+{NOTICE_OR_TIME}|within\s+(?:what|how)|"
    r"by\s+when|what\s+time|"
    r"when\s+must|deadline|time\s+limit|how\s+far\s+(?:back|ahead|in\s+advance)|how\s+early|longest|shortest|"
    r"(?:maximum|minimum)\s+(?:period|length|duration)|"
    r"how\s+many\s+(?:months|weeks|years)|kuinka\s+mon(?:en|ta)\s+(?:päiv|viiko|kuukau|vuo)\w*|"
    r"montako\s+(?:päivää|viikkoa|kuukautta|vuotta)|"
    # "When is X deemed / treated as / does X count as Y?" asks on what condition, not by when.
    r"^\s*when\s+(?:is|are|does|do|will|may|can|shall)(?![^?]*\b(?:deemed|considered|treated|regarded|counts?\s+as|"
    r"constitutes?|qualify|qualifies|amounts?\s+to)\b(?!-))|"
    r"missä\s+ajassa|mihin\s+(?:[\wåäö]+\s+)?mennessä|kuinka\s+pian|määrä(?:aika|aja)\w*|milloin\s+viimeistään|"
    r"minkä\s+(?:[\wåäö]+\s+)?ajan\s+kuluessa|kesto\w*|(?:by|before|on)\s+what\s+date|"
    r"what\s+(?:is|are)\s+the\s+(?:[\w-]+\s+)?periods?\b|limitation\s+period|"
    r"mistä\s+(?:lähtien|alkaen|lukien)|mihin\s+(?:asti|saakka)|"
    r"kuinka\s+pitkä\w*|(?:kuinka|miten)\s+kauan|kauanko|aikaraj\w*|"
    # "Milloin … voidaan …?" asks on what condition something may be done, not by when. ("Saa" is left out: it is
    # "may" in "saa myydä" but "gets" in "Milloin velkoja saa maksun?", a time.)
    r"milloin(?![^?]*\b(?:voi|voidaan|voivat|voiko)\b)|how\s+quickly|until\s+when|"
    r"kuinka\s+nopeasti|mihin\s+asti|timing|time\s*frame|timetable)\b",
    re.I,
)
DURATION = re.compile(
    r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|"
    r"twenty-one|thirty|forty-five|sixty|ninety)\s+(?:business\s+|clear\s+)?"
    r"(?:days?|months?|years?|weeks?)\b|\bforthwith\b|\bwithout\s+delay\b|\bimmediately\b|"
    r"\b(?:\d+|yhden|kahden|kolmen|neljän|viiden|kuuden|seitsemän|kahdeksan|yhdeksän|kymmenen|"
    r"kahdentoista|viikon|kuukauden|vuoden)\s*(?:päivän|viikon|kuukauden|vuoden)?\s*"
    r"(?:kuluessa|kuluttua|aikana|ennen)\b|\bviipymättä\b|\bviimeistään\b|\baikaisintaan\b",
    re.I,
)
# A date rather than a period: "on or before December 31", "not later than", "johon mennessä"; or a time set by
# another event: "the court shall at the same time appoint a person to monitor" (not "at the same time as an
# order …", a condition).
DATE = re.compile(
    r"\bon\s+or\s+before\b|\bnot\s+later\s+than\b|\bat\s+the\s+same\s+time\b(?!\s+as\b)|"
    r"\b(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d{1,2}\b|"
    r"\bmennessä\b", re.I)
# What answers "when …?": a period, a date, or a clause of time ("kun lopputilitys on hyväksytty").
TIME_ANSWER = re.compile(DURATION.pattern + "|" + DATE.pattern + r"|\b(?:when|until|kun|kunnes)\b", re.I)
# "other than an initial application", "muuhun kuin …": the words of such a scope are excluded by the
# provision, so they are not indexed as what it is about.
# Every case of Finnish "muu" (other), singular and plural ("muuhun kuin …", "muita kuin …").
MUU_FORMS = r"mu(?:u(?:n|ta|ssa|sta|hun|lla|lta|lle|na|ksi|t)?|i(?:den|tten|ta|ssa|sta|hin|lla|lta|lle|na|ksi))"
OTHER_THAN = rf"other\s+than|{MUU_FORMS}\s+kuin"
# "Meetings of creditors other than the first", "an application … other than an initial application": the later
# ones. Their keyword text says so ("subsequent"), where the excluded scope alone would leave only "meetings".
LATER_THAN_FIRST = re.compile(r"\bother\s+than\s+(?:the|an?)\s+(?:first|initial)\b", re.I)
EXCLUDED_SCOPE = re.compile(rf"\b(?:{OTHER_THAN})\s+(?:an?\s+|the\s+)?[\w’'-]+(?:\s+[\w’'-]+)?", re.I)
OTHER_THAN_WORDS = re.compile(rf"\b(?:{OTHER_THAN})\b", re.I)
# A question's own "other than X", words between allowed ("muusta syystä kuin velallisen laiminlyönnin", "muitakin
# tietoja … kuin vuosiselonteon tiedot", "any other grounds than …"): `excluded` is X.
QUESTION_OTHER_THAN = re.compile(
    rf"\b(?:{MUU_FORMS}(?:kin|kaan|kään)?|other)"
    r"(?:\s+[\w’'-]+){0,3}?\s+(?:kuin|than)\s+(?P<excluded>[^,.;:?!]{1,80})", re.I)
# A question that sets one thing aside and asks for the rest: "Besides removing a director …, what else may the court
# do?", "Who besides a creditor can apply …?", "Velallisen oman hakemuksen lisäksi, ketkä …?". `excluded` is what is
# set aside — at the question's start up to its comma, after who / what, or the genitives before *lisäksi* ("apart
# from the bankrupt" inside a clause is a place, and "on lisäksi liitettävä" an "also", not a cue).
BESIDES_QUESTION = re.compile(
    r"^\s*(?:besides|apart\s+from|aside\s+from|in\s+addition\s+to|other\s+than)\s+(?P<excluded>[^,?;]{1,100}),|"
    r"\b(?:who|what)\s+(?:else\s+)?(?:besides|apart\s+from|aside\s+from|other\s+than|in\s+addition\s+to)\s+"
    r"(?P<excluded_after_wh>[^,?;]{1,60}?)"
    r"(?=\s+(?:can|could|may|must|is|are|has|have|does|do|should|shall|gets?)\b|,|\?)|"
    r"(?P<excluded_fi>(?:(?:(?!on\b)[\w-]+n|ja|tai)\s+){0,3}(?!on\b)[\w-]+n)\s+lisäksi\b", re.I)
# A quote opening with its premise ("If the court declares a person to be a critical supplier, the court may …"):
# what follows the first comma is what it provides.
OPENING_PREMISE = re.compile(r"^\W*(?:if|where|when|once|jos|kun|mikäli)\b[^,]*,\s*", re.I)
# A provision that itself adds to something ("In addition to any creditor who may file …", "pidetään lisäksi") is
# the answer to a question that sets that something aside.
ADDS_TO = re.compile(r"\b(?:in\s+addition\s+to|besides|lisäksi)\b", re.I)
# Up to four words between "other than" and the reference it excludes ("other than those referred to in …").
SCOPE_GAP = re.compile(r"^(?:\s+[\w’'-]+){0,4}\s+$")
# "Who must be notified / gets a copy …?", "To whom must X be sent?", "Kenelle … on ilmoitettava / toimitettava?": asks
# who is to receive a notice or a document, which the Acts often say in a subsection of its own ("A copy of a report
# made under subsection (1) shall be sent … to the Superintendent."); stated by a sending, giving or serving to
# someone, *tiedoksi*, or a Finnish duty to notify or deliver with its recipient in the allative.
RECIPIENT_QUESTION = re.compile(
    r"^(?=.*\b(?:notif\w*|notice|copy|copies|sent|send|served|ilmoit\w*|tiedoksi|lähet\w*|toimit\w*)\b)"
    r"(?:.*\b(?:kenelle|whom)\b|.*\bwho\s+(?:else\s+)?(?:must|should|has\s+to|is\s+to|will|gets?|receives?|"
    r"do(?:es)?)\b)", re.I)
RECIPIENT = re.compile(
    r"\b(?:sen[dt]|give|given|deliver\w*|mail\w*|serve[ds]?|forward\w*|notify|notice)\b[^.;]*"
    r"\bto\s+(?:the|each|every|all|any)\b|"
    r"\btiedoksi\b|\b(?:ilmoitettava|toimitettava|lähetettävä)\b[^.;]*\w+(?:lle|ille)\b", re.I)
# "What does the court look at / consider / weigh when …?", "what factors …", "mitä … otetaan huomioon?": asks for the
# factors a decision weighs, which the Acts list in their own subsection ("In deciding whether to make the order, the
# court is to consider, among other things, (a) …"), often beside the power the question's words describe.
FACTORS_QUESTION = re.compile(
    r"\bwhat\s+(?:does|must|should|will|can|may|do|would)\s+(?:a\s+|the\s+)?court\s+(?:\w+\s+){0,2}?(?:look\s+at|"
    r"consider|take\s+into\s+account|weigh|bear\s+in\s+mind|have\s+regard\s+to|think\s+about)|"
    r"\b(?:what|which)\s+(?:factors|considerations|criteria)\b|\bmitä\s+seikkoja\b|"
    r"\bmitä\s+(?:[\wåäö]+\s+){0,3}?(?:on\s+)?otet(?:aan|taan|tava)\s+huomioon\b", re.I)
# "Does the court consider whether …?": asks whether one factor is weighed; the list's own subsection answers it,
# its item the quote (not the whole list, as a factors question gets).
FACTOR_QUESTION = re.compile(
    r"\b(?:does|must|should|will|would|can|may|is)\s+(?:a\s+|the\s+)?court\s+(?:have\s+to\s+|need\s+to\s+|required\s+to\s+|to\s+)?"
    r"(?:look\s+at|consider|take\s+into\s+account|weigh|have\s+regard\s+to)\s+(?:\w+\s+){0,2}?whether\b", re.I)
FACTORS = re.compile(
    r"\b(?:is\s+to\s+consider|shall\s+consider|must\s+consider|(?:is\s+to|shall|must)\s+take\s+into\s+account|"
    r"among\s+other\s+things|on\s+otettava\s+huomioon|huomioon\s+on\s+otettava|"
    r"otetaan\s+huomioon)\b", re.I)
# A question whose answer is a whole list: a factors question, "which documents …", "mitkä seikat …", and what an
# actor "must / can / has to … do" where the provision lists the duties or powers ("The clerk shall (a) …; (b) …").
LIST_QUESTION = re.compile(
    rf"{FACTORS_QUESTION.pattern}|"
    r"\b(?:what|which)\s+(?:are\s+the\s+)?(?:factors|documents|matters|conditions|circumstances|grounds|criteria|"
    r"particulars|requirements|duties|steps|things)\b|\b(?:on|under)\s+what\s+(?:conditions|terms)\b|"
    r"^\s*what\s+(?:else\s+)?(?:can|may|must|shall|does|do|is|are)\s+[^?,]*\bdo\b|"
    r"\bmitkä\s+(?:seikat|asiakirjat|edellytykset|tiedot|asiat)\b|\bmitä\s+seikkoja\b|\bedellyt\w*",
    re.I,
)
# "What …?", "which …?", "in what ways …?", "mitä / mitkä / millaisia …?": a question that asks for a thing, which
# a list under a lead-in that the question restates answers in full.
WHAT_QUESTION = re.compile(
    r"^\s*(?:(?:in|on|under|for|to|from|of)\s+)?(?:what|which)\b|"
    r"^\s*(?:mitä|mitkä|mistä|mihin|missä|millä|millai\w*|minkälai\w*)\b", re.I)
# The citation part of a law's title: "(R.S.C., 1985, c. B-3)", "120/2004".
TITLE_CITATION = re.compile(rf"\([^)]*\)|\b{_FI_KEY}\b")
FI_DO = r"(?:tehdä|tehtävä)"  # "do", as the infinitive or the necessive participle ("on tehtävä")
FI_MUST = r"(?:on|pitää|täytyy|tulee)"  # "must", before a necessive participle or infinitive
FI_MAY = r"(?:voi|voivat|saa|saavat)"  # "may", singular and plural
# "What must the clerk do …?", "What does X have to do …?", "Mitä pesänhoitajan on tehtävä …?": a duty of `actor`.
DUTY_QUESTION = re.compile(
    r"^\s*what\s+(?:else\s+)?(?:must|shall|should)\s+(?P<actor>[^?,]{2,60}?)\s+do\b|"
    r"^\s*what\s+(?:does|do)\s+(?P<actor2>[^?,]{2,60}?)\s+(?:have|need)\s+to\s+do\b|"
    r"^\s*what\s+(?:is|are)\s+(?P<actor3>[^?,]{2,60}?)\s+(?:required|obliged|bound)\s+to\s+do\b|"
    rf"^\s*mitä\s+(?P<actor4>[\wåäö]+)\s+{FI_MUST}\s+(?:\w+\s+)?{FI_DO}\b|"
    # … and in Finnish asked with another question word: "Kenelle konkurssiasiamiehen on toimitettava …?", "Milloin
    # pesänhoitajan on ilmoitettava …?". (English "To whom / When must X …": +0 −2, its actor unbounded.)
    rf"^\s*(?:kenelle|keille|mihin|milloin|miten|missä|kuinka)\b[^?]*?\b(?P<actor5>[\wåäö]+n)\s+{FI_MUST}\s+"
    r"[\wåäö]+t[aä]v[aä]\b", re.I)
# "What can the trustee do …?", "What is X allowed to do …?", "Mitä pesänhoitaja voi tehdä …?": a power of `actor`.
POWER_OF_QUESTION = re.compile(
    r"^\s*what\s+(?:else\s+)?(?:can|may|could)\s+(?P<actor>[^?,]{2,60}?)\s+do\b|"
    r"^\s*what\s+(?:is|are)\s+(?P<actor2>[^?,]{2,60}?)\s+(?:allowed|entitled|permitted|authori[sz]ed)\s+to\s+do\b|"
    rf"^\s*mitä\s+(?P<actor3>[\wåäö]+)\s+{FI_MAY}\s+(?:\w+\s+)?{FI_DO}\b", re.I)
# "What does the court do with an objection?", "Mitä tuomioistuin tekee, jos …?": whatever `actor` shall or may do.
ACTION_OF_QUESTION = re.compile(
    r"^\s*what\s+(?:does|do|will|would)\s+(?P<actor>[^?,]{2,60}?)\s+do\b(?!\s+to\b)|"
    r"^\s*mitä\s+(?P<actor2>[\wåäö]+)\s+(?:tekee|tekevät)\b", re.I)
# "Mitä pesänhoitajan on tehtävä …?" is "what must the trustee do": its "do" is no word of the answer (a noun
# "tehtävä", a task, would match it), as English "do" is a stopword.
FI_DO_FRAME = re.compile(rf"^(\s*mitä\b[^?]*?)\b(?:(?:{FI_MUST}|voi|saa)\s+)?{FI_DO}\b", re.I)
# "Mihin mennessä …?" (by when), "How long …?", "Kuinka pitkään …?": the question's frame asks for a time, and its
# words are none the answer shares — every "johon mennessä", "as long as" and "pitempi" of the Acts would match them.
TIME_FRAME = re.compile(r"\bmihin\s+(?:mennessä|asti|saakka)\b|\bhow\s+long\b|\bkuinka\s+(?:pitkä\w*|kauan)\b", re.I)
# "Whose job is it to record …?", "Kenen tehtävä on toimittaa …?": asks who must; the frame's "job" / "tehtävä" is
# no word of the answer ("tehtävässään", "the duties" would match it).
WHOSE_TASK_FRAME = re.compile(
    r"\bwhose\s+(?:job|task|duty|responsibility|role)\s+is\s+it\s+to\b|"
    r"\bkenen\s+(?:tehtävä(?:nä)?|tehtäviin|vastuulla|velvollisuus|velvollisuutena)\s+(?:on|kuuluu)\b", re.I)
# "Who can make a proposal?", "Kenellä on oikeus hakea …?": a power (to anyone) to do the act asked about ("who can
# be appointed?" asks who is eligible, not who holds a power).
POWER_QUESTION = re.compile(
    r"\bwho\s+(?:else\s+)?(?:(?:can|may|could)(?!\s+be\b)|(?:is|are)\s+(?:allowed|permitted|entitled|eligible|"
    r"authori[sz]ed|empowered)\s+to|(?:has|have)\s+(?:the\s+)?(?:right|power|authority)\s+to)\b|"
    rf"\b(?:kuka|ketkä)\s+(?:[\wåäö]+\s+){{0,3}}?(?:{FI_MAY}|on\s+oikeutettu|ovat\s+oikeutettuja)\b|"
    r"\b(?:kenellä|keillä)\s+(?:[\wåäö]+\s+)?on\s+oikeus\b", re.I)
# A Finnish power, in any word order ("Hakemuksen … voi tehdä: 1) velallinen") or as a noun ("Oikeus … on niillä
# velkojilla"); not negated ("ei voi").
FI_POWER = re.compile(rf"(?<!\bei\s)\b(?:{FI_MAY}|oikeus|oikeutettu|oikeutettuja)\b", re.I)
# "Who may …?" / "Kuka voi …?": answered in full by a list of persons when the provision has one under a colon.
WHO_QUESTION = re.compile(r"^\s*(?:who|whom|kuka|ketkä|keitä|kenellä|keillä|kenet|keneen|kenelle|keneltä)\b", re.I)
# A question that denies something itself ("… if no review is requested?"), and the words a sentence denies: the
# two after a negation ("where no court review is requested" denies court and review).
NEGATION = re.compile(r"\b(?:no|not|never|nor|neither|ei|eikä|eivät|eikö|eivätkö|älä)\b|n't\b", re.I)
NEGATED = re.compile(r"\b(?:no|not|never|nor|ei|eikä|eivät)\s+(?P<denied>[\w'’-]+(?:\s+[\w'’-]+)?)", re.I)
# A list item's first word after its printed label ("6) määrätä valvontapäivä", "(a) file").
ITEM_OPENING_WORD = re.compile(r"\s*(?:\(?[0-9]*[a-z]?(?:\.[0-9]+)?\)\s*)?([^\W\d_][\w-]*)", re.I)
AMOUNT_QUESTION = re.compile(
    rf"\b(?:how\s+much(?!\s+{NOTICE_OR_TIME})|what\s+amount|up\s+to\s+what|what\s+total|how\s+large|"
    r"what\s+vote|what\s+majority|"
    r"what\s+(?:percentage|share|portion|proportion)|how\s+big|"
    r"kuinka\s+suur\w*|kuinka\s+paljon|paljonko|minkä\s+suurui\w*|mikä\s+määrä|millä\s+\w*\s*enemmistöllä|minkä\s+verran|"
    r"mikä\s+osuus|(?:kuinka\s+monta|montako)\s+prosenttia|"
    # "What is the maximum fine …?", "the largest claim", "vähimmäismäärä", "enimmäisosuus": a limit of an amount
    r"(?:minimum|maximum|largest|smallest|highest|lowest)\s+(?:[\w'’-]+\s+){0,2}?(?:amount|debt|sum|claim|value|"
    r"fine|fee|payment|rate|share|percentage|wages?)s?|vähimmäis\w+|enimmäis\w+)\b",
    re.I,
)
_NUMBER_WORD = (r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|twenty-five|thirty|"
                r"forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million)")
# An amount stated: a sum, a share, a formula without a number ("an amount equal to the lesser of …") or an amount
# named by what it is ("for the amount of the claim as proven").
AMOUNT = re.compile(
    r"\$\s?[\d,]+|\b\d[\d\s,.]*\s*(?:dollars|euroa|prosent\w*|per\s+cent)\b|\b(?:majority|two\s+thirds|"
    r"(?:lesser|greater)\s+of|amount\s+equal\s+to|puolet|enemmistö\w*|prosent\w*)\b|"
    r"\b(?:for|in|to)\s+the\s+(?:full\s+|total\s+)?amount\s+of\b|"
    rf"\b{_NUMBER_WORD}(?:[\s-]+{_NUMBER_WORD})*\s+(?:dollars|per\s+cent)\b",
    re.I,
)

# --- extract: duties ------------------------------------------------------------------------------
EN_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                   "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "twenty-one": 21, "thirty": 30,
                   "forty-five": 45, "sixty": 60, "ninety": 90}
FI_NUMBER_WORDS = {"yhden": 1, "kahden": 2, "kolmen": 3, "neljän": 4, "viiden": 5, "kuuden": 6, "seitsemän": 7,
                   "kahdeksan": 8, "yhdeksän": 9, "kymmenen": 10, "kahdentoista": 12, "kolmenkymmenen": 30}
_EN_NUM = r"(?:\d+|" + "|".join(sorted((re.escape(k) for k in EN_NUMBER_WORDS), key=len, reverse=True)) + ")"
EN_MODAL = re.compile(
    r"\b(?P<modal>shall\s+not|must\s+not|may\s+not|(?:is|are)\s+not\s+entitled\s+to|(?:is|are)\s+required\s+to|"
    r"(?:is|are)\s+entitled\s+to|shall|must|may)\b",
    re.I,
)
EN_DUTY_OF = re.compile(r"\bit\s+is\s+the\s+duty\s+of\s+(?P<actor>(?:the|a|an|every|each)?\s*[\w’'\- ]{2,60}?)\s+to\b", re.I)
EN_MODAL_SKIP_AFTER = re.compile(r"^\s*(?:be\b|have\s+been\b)", re.I)
EN_AS_MAY = re.compile(r"\bas\s+(?:the\s+|a\s+|an\s+)?[\w’'-]+\s*$", re.I)  # "such notice as the court may direct"
EN_PASSIVE_BY = re.compile(r"^\s*(?:only\s+)?be\s+\w+\s+by\b", re.I)  # "may be made by": its holder follows
EN_MODAL_SKIP_BEFORE = re.compile(r"(?:\bas\s+the\s+case\b|\b(?:that|which|who|whom|as|it)\s*$)", re.I)
EN_ACTOR_TRIM = re.compile(r"^(?:the|a|an|any|every|each|no|such|that|this)\s+", re.I)
EN_DEADLINE = re.compile(
    rf"(?P<deadline>\b(?:within|not\s+later\s+than|no\s+later\s+than|at\s+least|not\s+less\s+than|"
    rf"(?:until|before|after)\s+the\s+expiry\s+of)\s+(?:a\s+period\s+of\s+|the\s+)?(?P<num>{_EN_NUM})[\s-]+(?:business\s+|clear\s+)?"
    rf"(?P<unit>days?|months?|years?|weeks?)(?:[\s-]+period)?(?:\s+(?:after|before|following|from|of)\s+[^,;:.()]{{0,80}})?)"
    rf"|\b(?P<word>forthwith|without\s+delay|immediately)\b",
    re.I,
)
EN_CONSEQUENCE = re.compile(
    r"\b(?:failing\s+which[^.;]*|is\s+guilty\s+of\s+an\s+offence[^.;]*|(?:is|are)\s+void[^.;]*|"
    r"(?:is|are|shall\s+be)\s+deemed\s+to[^.;]*|ceases?\s+to\s+apply[^.;]*)",
    re.I,
)
FI_MODAL = re.compile(
    r"\b(?P<modal>ei\s+saa|ei\s+voi|ei\s+ole\s+oikeutta|on\s+velvollinen|ovat\s+velvollisia|on\s+oikeus|tulee|saa|voi|"
    r"(?:on|ovat)(?=\s+(?:\w+\s+)?\w+(?:ttava|tava|ttävä|tävä|ttavat|tavat|ttävät|tävät)\b))\b",
    re.I,
)
FI_ACTOR_SKIP = re.compile(r"^(?:kuitenkin|myös|vain|aina|erityisesti|lisäksi|vielä|ensin|heti|edelleen|siten)$", re.I)
FI_DEADLINE = re.compile(
    r"(?P<deadline>\b(?:(?P<num>\d+|" + "|".join(FI_NUMBER_WORDS) + r")\s+)?(?P<unit>päivän|viikon|kuukauden|vuoden)"
    r"\s+(?:kuluessa|kuluttua)(?:\s+[^,;.]{0,60}?(?=[,;.]|$))?)|\b(?P<word>viipymättä|viivytyksettä|heti)\b",
    re.I,
)
FI_CONSEQUENCE = re.compile(r"\b(?:on\s+mitätön|on\s+tehoton|raukeaa|menettää\s+[^.;,]*|on\s+palautettava)", re.I)
# answer: a question about what follows from a fact, and a sentence that states a legal consequence
# … and "what if someone breaks the rule" ("jos se myy pantin ilmoittamatta ensin", "if he fails to …").
CONSEQUENCE_QUESTION = re.compile(
    r"\b(?:what\s+happens|consequences?|what\s+(?:is|are)\s+the\s+(?:effects?|results?)|what\s+effect|what\s+follows|"
    r"mitä\s+seuraa|seuraus\w*|seuraamu\w*|mitä\s+tapahtuu|mi(?:kä|tä)\s+vaikutu\w*)\b"
    r"|\b(?:if|jos)\b[^?]*?(?:\b\w+(?:matta|mättä)\b|\bfail(?:s|ed)?\s+to\b|\blaiminly\w*|\bcontrary\s+to\b|"
    r"\bvastaisesti\b|\bvastoin\b|"
    r"\bwithout\s+(?:first\s+)?\w+ing\b|\bbreach\w*|\bcontraven\w*)",
    re.I,
)
# "What effect does X have?" also reads "has the same effect … as" as its answer (a certificate "has the same effect
# … as an assignment filed under section 49"); "what happens …?" does not: a deemed assignment happens, the
# certificate only records it.
EFFECT_QUESTION = re.compile(
    r"\bwhat\s+(?:legal\s+)?effects?\s+(?:does|do|did|will|would|has|have|can)\b|\bmi(?:kä|tä)\s+vaikutu\w*", re.I)
SAME_EFFECT = re.compile(r"\b(?:has|have|had|with)\s+the\s+same\s+(?:force\s+and\s+)?effect\b|\bsama\s+vaikutus\b", re.I)
# A question about when something is refused or barred, and a sentence that states such a limit.
LIMIT_QUESTION = re.compile(
    r"\b(?:refus\w*|reject\w*|declin\w*|be\s+satisfied|prevent\w*|prohibit\w*|barred|"
    r"(?:may|can|will|shall|must)\s+(?:\w+\s+)?not|hylä\w*|evä\w*|ei\s+saa|ei\s+voi|estee\w*|este)\b|"
    # Refusing to confirm ("jättää / jätetään vahvistamatta"), not something left unconfirmed ("jää vahvistamatta").
    r"\bjät\w*\s+(?:[\wåäö]+\s+){0,3}?vahvistamatta\b|\bvahvistamatta\s+jät\w*",
    re.I,
)
LIMIT = re.compile(
    r"\b(?:may\s+not|shall\s+not|must\s+not|unless|ei\s+saa|ei\s+voi(?:da)?|jollei|ellei|"
    r"vain\s+jos|jätettävä\s+vahvistamatta|hylättävä|estee\w*|este)\b",
    re.I,
)
# "Where must the application be filed?", "Missä kuulutus julkaistaan?", "Minne hakemus toimitetaan?", "which
# court": asks for a place ("Where a debtor …, what …?" is a condition; "missä ajassa / järjestyksessä" is not a
# place).
PLACE_QUESTION = re.compile(
    r"^\s*where\s+(?:is|are|must|does|do|can|may|should|shall|will|was|were|has|have)\b|"
    r"\b(?:which|what)\s+(?:court|place|office|newspaper|province|locality)\b|"
    r"^\s*(?:missä|minne)\b(?!\s+(?:[\wåäö]+\s+)?(?:ajassa|määräajassa|järjestyksessä|vaiheessa|asemassa|"
    r"laajuudessa|tapauksissa|asioissa|määrin|tilanteissa|suhteessa)\b)|"
    r"\b(?:missä|mihin|mille)\s+(?:tuomioistuim\w+|lehde\w+|rekisteri\w+|paikkakunna\w+|virastoo?\w*)", re.I)
# A place stated: a register, a newspaper, a court's district or office, the locality ("filed in the court having
# jurisdiction in the judicial district of the locality", "julkaistava virallisessa lehdessä", "kansliaan"), the
# court a filing goes to ("filed in or transferred to the same court") or that has jurisdiction ("the court having
# jurisdiction under this Act", which answers "which court …?"), the province ("in the province in which"), or an
# office named by its kind ("the Superintendent’s division office", "the head office").
PLACE = re.compile(
    r"\b(?:judicial\s+district|locality|newspaper|Gazette|register|registry|office\s+of|(?:registered|division|head)\s+office|"
    r"filed\s+in\s+(?:or\s+transferred\s+to\s+)?(?:the|that|a)\s+(?:same\s+)?court|province\s+in\s+which|"
    r"courts?\s+(?:having|that\s+has|that\s+have|which\s+has)\s+jurisdiction|"
    r"prison|penitentiary|[\wåäö]*(?:lehdessä|lehteen|kansliassa|kansliaan|rekisterissä|rekisteriin|tuomiopiirissä|"
    r"paikkakunnalla|paikkakunnan|oikeuspaikka\w*|kotipaikan|kotipaikka\w*)|ulkomailla)\b", re.I)
# "How often must the monitor report …?", "Kuinka usein on raportoitava …?": asks for a recurrence, which a period
# ("without delay", "viipymättä") does not state.
FREQUENCY_QUESTION = re.compile(
    r"\bhow\s+(?:often|frequently|regularly)\b|\bat\s+what\s+intervals\b|\b(?:kuinka|miten)\s+usein\b|"
    r"\bmillaisin\s+väliajoin\b", re.I)
# A recurrence stated: "once a week", "each of the company’s fiscal quarters", "monthly", "kuuden kuukauden välein".
FREQUENCY = re.compile(
    r"\bonce\s+(?:a|every|in\s+each)\s+\w+|\bevery\s+(?:[\w-]+\s+)?(?:days?|weeks?|months?|years?|quarters?)\b|"
    r"\beach\s+(?:of\s+the\s+)?(?:[\w’']+\s+){0,2}(?:quarters?|years?|months?|weeks?)\b|"
    r"\b(?:annually|quarterly|monthly|weekly|periodic\w*|yearly)\b|\bat\s+regular\s+intervals\b|"
    r"\b(?:välein|väliajoin|vuosittain|kuukausittain|viikoittain|määräajoin|säännöllisesti)\b", re.I)
# "How many inspectors …?", "Kuinka monta jäsentä …?": asks for a count (a period or a sum has a type of its own).
COUNT_QUESTION = re.compile(
    r"\bhow\s+many\b(?!\s+(?:days|weeks|months|years|dollars)\b)|"
    r"\b(?:kuinka\s+mon(?:ta|en)|montako|monenko)\b(?!\s+(?:päiv|viiko|kuukau|vuo|prosent)\w*)", re.I)
# A count stated: a number word before what it counts ("up to five inspectors", "vähintään kolme jäsentä"), not a
# period, a sum or a fraction ("two thirds", "kahdeksan päivän", "two hundred and fifty dollars"). "One" is left out:
# the Acts use it as a pronoun and an article ("any one of", "one or more") far more than as a count.
COUNT = re.compile(
    r"\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|kaksi|kolme|neljä|viisi|kuusi|"
    r"seitsemän|kahdeksan|yhdeksän|kymmenen)\s+(?!(?:days?|weeks?|months?|years?|dollars|per\s+cent|hundred|thousand|"
    r"million|thirds?|consecutive|preceding|of|and|päivä\w*|viiko\w*|kuukau\w*|vuo\w*|prosent\w*|euro\w*|sataa|"
    r"tuhatta|miljoonaa|kolmasosa\w*)\b)[a-zåäö]", re.I)
# A sentence that only says where its matter is provided: "Konkurssivalvonnasta liikkeeseenlaskijan konkurssissa
# säädetään 17 §:ssä.", "Velkajärjestelyn hakemisesta säädetään 8 luvussa." (not "… noudatetaan, mitä … säädetään").
SIGNPOST = re.compile(
    r"^[^.]*?\b(?:[\wåäö-]+(?:sta|stä))\b[^.]*\bsäädetään\s+(?:[\wåäö§:.-]+\s+){0,5}?"
    r"(?:luvussa|§:ssä|momentissa|kohdassa)\s*\.?\s*$", re.I)
# A question asking where a matter is provided ("Missä säädetään X:stä?", "Mistä löytyvät säännökset …?"): a
# SIGNPOST sentence is its answer. Finnish only, as SIGNPOST is: the English Acts have no such sentences.
WHERE_PROVIDED_QUESTION = re.compile(
    r"\b(?:missä|mistä)\s+(?:laissa\s+|pykälässä\s+|luvussa\s+)?säädetään\b|"
    r"\b(?:missä|mistä)\s+(?:löytyvät|ovat)\s+(?:[\wåäö]+\s+)?säännökset\b", re.I)
# "Do the rules on X apply to Y?", "Sovelletaanko …?", "Koskeeko X myös Y:tä?": whether a rule reaches a case; answered
# by the sentence that says what it applies to ("Sections 95 to 101 apply … to a proposal", "sovelletaan myös").
# "Apply for" and "apply to the court" make an application instead.
_NOT_AN_APPLICATION = r"(?!\s+(?:for|to\s+(?:a|the)\s+court))"
APPLICATION_QUESTION = re.compile(
    rf"^\s*(?:does|do|is|are|will|would)\b[^?]*\bappl(?:y|ies)\b{_NOT_AN_APPLICATION}|"
    r"^\s*(?:sovelletaanko|koskeeko|koskevatko)\b", re.I)
APPLIES = re.compile(
    rf"\b(?:appl(?:y|ies)|applicable)\b{_NOT_AN_APPLICATION}|\bsovelle\w*|\bsovelleta\w*|"
    r"\bkoskee\b|\bkoskevat\b", re.I)
# "Is the agreement valid?", "Can a contract override …?", "Onko sopimus pätevä?", "Sitooko ehto …?": asks whether an
# act or a term has legal effect; answered by a sentence stating validity or nullity, in whatever words ("of no force
# or effect" for "override", "mitätön" for "pätevä").
VALIDITY_QUESTION = re.compile(
    r"\b(?:valid|invalid|void|enforceable|unenforceable|binding|bound\s+by|override|of\s+(?:any|no)\s+(?:force|effect)|"
    r"pätevä|pätevän|päteviä|mitätön|mitättömi?\w*|sitova\w*|sitoo(?:ko)?|sitovatko|tehoton|tehottom\w*)\b", re.I)
VALIDITY = re.compile(
    r"\b(?:void|null|valid|invalid|of\s+no\s+force\s+or\s+effect|in\s+full\s+force\s+and\s+effect|"
    r"(?:is|are)\s+(?:not\s+)?binding|unenforceable|enforceable|mitätön|mitättöm\w*|pätevä|pätevän|tehoton|"
    r"tehottom\w*|ei\s+sido|sitoo|sitova\w*)\b", re.I)
# "Can the refusal be appealed?", "Can a creditor challenge the chair's ruling?", "Voiko päätöksestä valittaa?",
# "Saako päätökseen hakea muutosta?" — asked of a decision with can / may / voiko / saako, not every question naming
# an appeal ("Where does an appeal … lie?", "Can a registrar hear an appeal …?"): asks whether a decision can be
# appealed; answered by the sentence that says so ("is subject to appeal", "any creditor may appeal", "is final and
# conclusive", "ei saa hakea muutosta valittamalla"), often beside the provision that makes the decision. *valittaa*
# (to appeal) is spelt apart from *valita* (to choose: "valittu", "valitaan").
APPEAL_QUESTION = re.compile(
    r"\b(?:can|may|could)\b[^?]*?\b(?:be\s+(?:appealed|challenged|overturned)|"
    r"(?<!\ban\s)(?<!\bthe\s)(?:appeal|challenge)\s+"
    r"(?:the|a|an|any|this|that|their|his|her|to|against|from|in|what)\b)|"
    r"\bappealable\b|\bis\s+there\s+(?:an?\s+|any\s+)?(?:right\s+of\s+)?appeal\b|\bchallenged\s+(?:any\s+)?further\b|"
    r"\b(?:voiko|saako|voidaanko|onko)\b[^?]*?\b(?:valitta\w*|hakea\s+(?:erikseen\s+)?muutosta|"
    r"muutosta\s+(?:erikseen\s+)?hakea|muutoksenhakuoikeu\w*)", re.I)
APPEALABLE = re.compile(
    r"\b(?:appeal\s+lies|(?:subject|right)\s+to\s+(?:an\s+)?appeal|may\s+appeal|leave\s+to\s+appeal|no\s+appeal|"
    r"final\s+and\s+conclusive|valitta\w*|valitus\w*)\b|"
    r"\bhakea\s+(?:erikseen\s+)?muutosta\b|\bmuutosta\s+(?:erikseen\s+)?hakea\b", re.I)
# "What must a proof of claim contain?", "What has to be filed with an assignment?", "Mitä hakemuksessa pitää kertoa?",
# "Mitä hakemukseen on liitettävä?", "Mitä pesäluettelossa on mainittava?": asks what a document holds or comes with;
# answered by the sentence that says what it must contain, state or be accompanied by ("shall contain", "must be
# accompanied by", "tulee käydä ilmi", "tulee ilmetä"). A genitive agent in -neen is no document ("Mitä
# pesänhoitajaksi suostuneen on kerrottava tuomioistuimelle?" asks what that person must tell).
CONTENT_QUESTION = re.compile(
    r"\bwhat\b[^?]*\b(?:contain|state|include|set\s+out|specify|say|show|accompan\w*|(?:together|along)\s+with|"
    r"(?:filed|sent|included?)\s+with|goes?\s+into)\b|"
    r"^\s*mitä\s+(?:[\wåäö-]+\s+){0,3}[\wåäö-]+(?:ssa|ssä|sta|stä|(?:aa|ää|ii|oo|uu|yy|hi|he|ha|hä|hu|hy|ho|hö)n|"
    r"(?<!n)een)\s+"
    r"(?:(?:pitää|tulee|on|täytyy)\s+(?:kertoa|mainita|ilmoittaa|olla|liittää|sisältyä|käydä\s+ilmi|ilmetä)|"
    r"on\s+(?:kerrottava|mainittava|ilmoitettava|oltava|liitettävä|sisällytettävä|käytävä\s+ilmi))\b", re.I)
# What a document holds or comes with, stated: "shall contain", "must be accompanied by", "shall include with",
# "tulee käydä ilmi", "tulee ilmetä", "on liitettävä", "tulee sisältää".
# An adverb may stand between the verbs ("shall also contain", "on lisäksi liitettävä").
_FI_ALSO = r"(?:(?:lisäksi|myös|aina)\s+)?"
CONTENT = re.compile(
    r"\b(?:shall|must|is\s+to|are\s+to)\s+(?:also\s+)?"
    r"(?:contain|state|set\s+out|include|specify|show|indicate|be\s+accompanied\s+by)\b|"
    r"\bcontain(?:s|ing)?\s+the\s+following\b|"
    rf"\b(?:tulee|on)\s+{_FI_ALSO}(?:käydä|käytävä)\s+ilmi\b|\btulee\s+{_FI_ALSO}ilmetä\b|"
    rf"\bon\s+{_FI_ALSO}(?:mainittava|liitettävä|ilmoitettava\s+seuraavat)\b|"
    r"\btulee\s+sisältää\b|\bon\s+sisällettävä\b|\bseuraavat\s+(?:tiedot|seikat)\b", re.I)
# "Who pays the applicant's costs?", "Kuka maksaa selvittäjän palkkion?", "Mistä varoista … maksetaan?": asks who
# bears a cost ("who bears the burden of proof" does not).
PAYER_QUESTION = re.compile(
    r"\bwho\s+(?:pays|must\s+pay|has\s+to\s+pay|should\s+pay|will\s+pay|covers|bears?\s+the\s+(?:costs?|expenses?|fees?)|"
    r"is\s+(?:responsible|liable)\s+for\s+(?:the\s+)?(?:costs?|expenses?|fees?))\b|\bat\s+whose\s+(?:expense|cost)\b|"
    r"\bout\s+of\s+(?:what|whose)\s+(?:money|funds|property)\b|"
    r"\bkuka\s+(?:maksaa|kustantaa|vastaa\s+(?:[\wåäö]+\s+){0,2}(?:kustannuksista|kuluista))\b|"
    r"\bkenen\s+(?:maksettav\w+|kustannuksella|vastattav\w+)|\bmistä\s+(?:varoista|maksetaan)\b", re.I)
# Who bears it, stated: "payable out of the estate", "at the cost of the creditor", "valtion varoista", "konkurssipesä
# vastaa … kustannuksista", "maksetaan velallisen varoista" ("toisten velkojien kustannuksella" is no payer).
PAYER = re.compile(
    r"\bborne\s+by\b|\bat\s+the\s+(?:expense|cost)\s+of\b|\b(?:paid|payable)\s+(?:out\s+of|from)\b|"
    r"\bchargeable\s+(?:to|against)\b|\bvastaa\w*\s+(?:[\wåäö]+\s+){0,3}(?:kustannuksista|kuluista)\b|"
    r"\b(?:valtion|konkurssipesän|pesän)\s+varoista\b|\b(?:maksetaan|suoritetaan|otetaan|korvataan)\s+(?:[\wåäö]+\s+){0,3}"
    r"varoista\b", re.I)
# "Who has to prove …?", "who bears the burden …?", "Kenen on näytettävä …?": asks on whom the onus lies; answered by
# the sentence that puts it on someone ("The onus of establishing a claim … is on the claimant", "todistustaakka").
ONUS_QUESTION = re.compile(
    r"\bwho\s+(?:has|must|needs?|is\s+required)\s+(?:to\s+)?(?:prove|establish|show)\b|"
    r"\bwho\s+(?:bears|has|carries)\s+the\s+(?:onus|burden)\b|\bon\s+whom\s+(?:is|lies|rests)\s+the\s+(?:onus|burden)\b|"
    r"\bkenen\s+on\s+(?:näytettävä|todistettava)\b|\bkenellä\s+on\s+(?:todistustaakka|näyttövelvollisuus)\b", re.I)
ONUS = re.compile(r"\bonus\b|\bburden\s+of\s+(?:proof|proving|establishing)\b|\btodistustaak\w*|\bnäyttövelvollisuu\w*", re.I)
# A sentence that disapplies another provision ("Subsection (1) does not apply if …", "Mitä 1 momentissa säädetään,
# ei sovelleta …"): it is about what that provision says. ("ei koske" was measured too: it says more than that, −1.)
NON_APPLICATION = re.compile(r"\b(?:do(?:es)?\s+not\s+apply|ei\s+sovelleta)\b", re.I)
# What follows a reference that disapplies the provision it names: "Subsection (1) does not apply …", "Mitä 1 ja 2
# momentissa säädetään, ei sovelleta …".
DISAPPLIED_HERE = re.compile(r"\s*,?\s*(?:(?:does|do)\s+not\s+apply|säädetään\s*,?\s*ei\s+sovelleta)\b", re.I)
# A sentence whose subject is what another provision names ("The order made under subsection (1) must be consistent
# with …", "An application under subsection (1) is to be filed …", "1 momentissa tarkoitettu ilmoitus …"): it is about
# that provision too. Matched at the sentence's start.
SUBJECT_REFERENCE = re.compile(
    r"(?:The|An?|Any|Such|Every)\s+(?:[\w’'-]+\s+){0,4}?"
    r"(?:(?:made|given|issued|filed|referred\s+to|described|mentioned|granted)\s+)?(?:under|in)\s+(?:sub)?section\s+\(?\d|"
    r"(?:Edellä\s+)?\d+\s+(?:momentissa|kohdassa|§:ssä)\s+tarkoitettu")
CONCESSION_QUESTION = re.compile(
    rf"\b(?:despite|notwithstanding|even\s+(?:if|though|when)|regardless|vaikka|huolimatta|estämättä|"
    rf"{OTHER_THAN}|elsewhere\s+than|muual(?:la|le|ta)\s+kuin)\b", re.I)
# "Can X still …?", "even though …", "vaikka …": a rule that does not stop X answers it ("Nothing in subsection (8)
# is to be construed as preventing …", "does not prevent", "Kielto ei estä velkojaa …").
STILL_QUESTION = re.compile(
    r"^\s*(?:can|could|may|might|does|do|is|are|will|would|must|shall|has|have|\w+(?:ko|kö))\b"
    rf"(?=.*(?:{CONCESSION_QUESTION.pattern}|\b(?:still|silti)\b))", re.I)
# "Does X affect / stop / take away Y?", "Vaikuttaako X …?": a saving clause answers it as it answers "still?" ("Nothing
# in this section diminishes or affects …", "Subsection (1) does not affect …", "Järjestely ei vaikuta …").
EFFECT_ON_QUESTION = re.compile(
    r"^\s*(?:does|do|did|will|would|can|could|is|are)\b(?=.*\b(?:affects?|stops?|prevents?|bars?|precludes?|"
    r"prohibits?|limits?|restricts?|diminish(?:es)?|takes?\s+away|changes?|alters?|overrides?|ends?)\b)|"
    r"^\s*(?:vaikuttaako|estääkö|rajoittaako|muuttaako|poistaako|lakkauttaako)\b", re.I)
SAVING = re.compile(
    r"\b(?:(?:is|are)\s+not\s+(?:prevented|precluded|affected)|do(?:es)?\s+not\s+(?:prevent|preclude|affect|limit|"
    r"restrict|relieve)|as\s+preventing|ei\s+(?:estä|vaikuta|rajoita))\b|"
    r"\bnothing\s+in\s+(?:or\s+done\s+under\s+authority\s+of\s+)?(?:this|these|subsections?|sections?|paragraphs?|"
    r"subparagraphs?|parts?)\b", re.I)  # the drafting formula, whatever its verb: affects, precludes, exempts, …
SAVING_QUESTION = re.compile(f"{STILL_QUESTION.pattern}|{EFFECT_ON_QUESTION.pattern}", re.I)  # asks for a SAVING
# A "still?" / "even though …?" question is also answered by a sentence saying its rule holds despite something
# ("Vahvistettua maksuohjelmaa on muutoksenhausta huolimatta noudatettava", "… may … rely on his security
# notwithstanding that the claim is included …") — not by "despite subsection 121(1)" / "1 momentin estämättä", which
# override one cited provision: the EXCEPTS edges and _exceptions_first read those.
CONCEDES = re.compile(
    r"\b(?:notwithstanding|despite)\b(?!\s+(?:sub)?(?:section|paragraph|rule)s?\b)|\beven\s+(?:if|though)\b|"
    r"\bregardless\s+of\b|\bvaikka\b|\b(?!(?:momentin|luvun|kohdan|n)\s)\w+\s+(?:huolimatta|estämättä)\b", re.I)
# "Does the programme always lapse …?" / "Raukeaako ohjelma aina …?": asks whether the rule has an exception.
UNIVERSAL_QUESTION = re.compile(
    r"\b(?:always|in\s+(?:every|all)\s+cases?|without\s+exception|aina(?!,?\s+kun)|poikkeuksetta|"
    r"kaikissa\s+tapauksissa)\b", re.I)
# Around an EXCEPTS reference: "notwithstanding X" / "X:n estämättä" / "X:stä poiketen" — the provision that
# says so overrides X; "subject to X" / "jollei X:stä muuta johdu" — X overrides it. The trigger nearest the
# reference decides ("Subject to subsection (2), despite any provision in … legislation": (2) overrides).
EXCEPTION_DIRECTION = re.compile(
    r"\b(?:(?P<overrides>notwithstanding|despite|estämättä|poiketen|poikkeuksena)|"
    r"(?P<yields>subject\s+to|except|unless|jollei|ellei|muuta\s+johdu|johdu\s+muuta|toisin\s+säädet\w*|"
    r"lukuun\s+ottamatta))\b", re.I)
# A consequence stated: a sanction, a deeming, a termination, an effect ("operates as a release of the security"), a
# legal fiction ("continued as if the debtor were alive"), a survival ("remains in force", "pysyy voimassa"; not "the
# period for which the order is to remain in force", which only names a period).
CONSEQUENCE = re.compile(
    rf"{EN_CONSEQUENCE.pattern}|{FI_CONSEQUENCE.pattern}|\bdeemed\s+to\s+have\b|\b(?:is|are)\s+annulled\b|"
    r"\bterminates?\b|\bmitätöi\w*|\bmenettää\b|\boperates?\s+as\b|\bas\s+(?:if|though)\b|"
    r"\bremains\s+in\s+(?:full\s+)?force\b|\bpysy(?:y|vät)\s+voimassa\b",
    re.I,
)
# A date named by the event on it: "between the day on which the consumer proposal is deemed to be annulled and …",
# "siitä päivästä, jona …". A consequence's words inside it date a period; the provision does not state them as
# its consequence.
DATED_EVENT = re.compile(
    r"\b(?:(?:day|date|time)\s+(?:on|at|by|after)\s+which|(?:päiv|ajankoh|hetk)\w*,?\s+jona)\b[^.;,—]*", re.I)
# A provision that sanctions the breach of the rule it cites: "1 tai 2 momentin vastaisesti", "fails to comply with
# subsection (2)".
BREACH = re.compile(
    r"\b(?:vastaisesti|vastoin|contrary\s+to|in\s+contravention\s+of|fails?\s+to\s+comply\s+with|contravenes|"
    r"laiminly\w*|in\s+breach\s+of)\b", re.I)


# --- plain-text statutes (ingest) ----------------------------------------------------------------
# A plain-text statute file: "Key: 123/2020" header lines, "3 §" / "section 3" / "3 luku" headings and "(a)" / "1)"
# items.
PLAIN_HEADER = re.compile(r"^(?P<k>title|key|abbrev|lang|language|otsikko|tunnus|kieli)\s*:\s*(?P<v>.+)$", re.I)
PLAIN_SECTION_FI = re.compile(r"^\s*(?P<num>\d+\s?[a-z]?)\s*§\s*(?P<head>.*)$", re.I)
PLAIN_SECTION_EN = re.compile(r"^\s*(?:section\s+)?(?P<num>\d+(?:\.\d+)*)[.)]?\s+(?P<head>.*)$", re.I)
PLAIN_CHAPTER_FI = re.compile(r"^\s*(?P<num>\d+)\s*luku\b\s*(?P<head>.*)$", re.I)
PLAIN_ITEM = re.compile(r"^\s*(?:\((?P<en>[a-z]{1,3}|\d+)\)|(?P<fi>\d+[a-z]?)\))\s+")
# What a file name may not put in a law key, and what a law key may hold.
LAW_KEY_UNSAFE = re.compile(r"[^A-Za-z0-9/-]+")
LAW_KEY_CHARS = re.compile(r"[A-Za-z0-9/.-]+")

# --- the graph's smaller helpers --------------------------------------------------------------------
# A Finnish title's trailing number ("Konkurssilaki 120/2004") and a lead-in's trailing item label ("… 1)").
TITLE_TRAILING_NUMBER = re.compile(rf"\s*{_FI_KEY}\s*$")
FI_TRAILING_ITEM_LABEL = re.compile(r"\s*\d+[a-z]?\)\s*$")
# The numbers of a Finnish list of cited items ("1, 3 ja 5 kohdassa"), split out to read the words joining them.
FI_ITEM_NUMBER = re.compile(r"\d+(?:\s?[a-z](?![a-zåäö]))?")
# Voikko's WORDBASES: "+saneera(saneerata)+us(+us)" → (saneera, saneerata), (us, +us).
VOIKKO_WORDBASE = re.compile(r"\+([^+(]*)\(([^()]*)\)")

# --- retrieve's smaller helpers ---------------------------------------------------------------------
# A Finnish case ending on a word, one cue of the language among others (detect_language).
FI_CASE_ENDING = re.compile(r"(ssa|ssä|sta|stä|lla|llä|lta|ltä|n)$")
# Each bracketed label of a Canadian citation's trail: "(1)(a)" → 1, a.
CA_BRACKETED_LABEL = re.compile(r"\(([0-9A-Za-z.]+)\)")

# --- extract (rules) ---------------------------------------------------------------------------------
TRAILING_CONJUNCTION = re.compile(r"\s+(?:tai|ja|sekä|or|and)$")  # "within 10 days or" → "within 10 days"
PARENTHESISED = re.compile(r"\([^()]*\)")
RELATIVE_CLAUSE = re.compile(r"\s+(?:who|that|which|whose|whom)\s+")  # "A trustee who applies …" → "A trustee"
TRAILING_PREPOSITION = re.compile(r"\s+(?:to|of|for|in|with|by|from|on)$")  # "… creditor to whom …"
LEADING_CONJUNCTION = re.compile(r"^(?:and|or|but)\s+", re.I)
CLAUSE_STOP = re.compile(r"[;:.]")
EN_NO_BEFORE_MODAL = re.compile(r"\bno\s+[\w’' ]*$", re.I)  # "no trustee shall …": a prohibition
EN_TO_INFINITIVE_AHEAD = re.compile(r"^\s*,?\s*to\s+\w+")
CLAUSE_OR_ITEM_BREAK = re.compile(r"[,;:]|\(\w{1,4}\)")
EN_SUBORDINATE_CLAUSE_OPENING = re.compile(r"^\s*,\s*(?:unless|if|where|when|except)\b[^,]*,")

# --- explain (Claude's answers) ------------------------------------------------------------------------
CLAUDE_QUOTE = re.compile(r"[“\"]([^”\"]{3,600})[”\"]")  # a quotation in Claude's text
EXCERPT_CITE = re.compile(r"\[(\d{1,2})\]")  # "[2]": the excerpt a quotation cites
SENTENCE_END_MARK = re.compile(r"[.!?](\s|$)")
HTTP_URL = re.compile(r"^https?://[^\s]+$")
SLUG_BREAK = re.compile(r"[^a-z0-9äöå]+")

# --- render --------------------------------------------------------------------------------------------
# The stylesheet and script tags pyvis links from CDNs even in in-line mode.
CDN_LINK = re.compile(r"<link[^>]+href=\"https?://[^\"]+\"[^>]*>", re.I)
CDN_SCRIPT = re.compile(r"<script[^>]+src=\"https?://[^\"]+\"[^>]*>\s*</script>", re.I)

# --- evaluate ------------------------------------------------------------------------------------------
FI_DEFINITION_ID = re.compile(rf"^({_FI_KEY}):def:(.+)$")  # "47/1993:def:1:3:1:2" → the kohta it names


# --- built from data: law names and aliases, abbreviations, defined terms, a modal verb ------------------
_FI_LAW_ENDING = r"(?:ki|in|issa|kiin|ista|illa)\b"  # laki, lain, laissa, lakiin, laista, lailla


def fi_law_by_subject(subject: str) -> re.Pattern:
    """A Finnish law named by its subject: "yrityksen saneerauksesta annetussa laissa"."""
    return re.compile(rf"{re.escape(subject)}\s+annet\w*\s+la{_FI_LAW_ENDING}", re.I)


def fi_law_by_stem(stem: str) -> re.Pattern:
    """A Finnish law named by its one-word name inflected: "konkurssilain", "konkurssilaissa"."""
    return re.compile(rf"\b{re.escape(stem)}{_FI_LAW_ENDING}", re.I)


def any_term(terms: list[str]) -> re.Pattern:
    """Any of the terms as whole words, with an English plural ending; list longer terms first."""
    return re.compile(r"\b(" + "|".join(re.escape(t) for t in terms) + r")(?:s|es)?\b", re.I)


def whole_word(word: str) -> re.Pattern:
    return re.compile(rf"\b{re.escape(word)}\b", re.I)


def any_name(names: list[str]) -> re.Pattern:
    """A law's names and aliases as written, not inside a longer word or a law key ("B-3", "120/2004")."""
    alts = "|".join(re.escape(n) for n in names if n)
    return re.compile(rf"(?<![\w/])(?:{alts})(?![\w/])", re.I)


def abbreviation(short: str) -> re.Pattern:
    """An abbreviation as written, with an optional plural s ("NOIs")."""
    return re.compile(rf"(?<![\w-]){re.escape(short)}s?(?![\w-])")
