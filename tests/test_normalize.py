"""The analyser that BM25, the router, the sentence score and USES_TERM matching share."""
from __future__ import annotations

import pytest

from core.normalize import FI_STOPWORDS, Analyzer, analyzer, fi_quality_noun, spelling_candidates, voikko_available

needs_voikko = pytest.mark.skipif(not voikko_available(), reason="libvoikko / voikko-fi not installed")


@needs_voikko
def test_voikko_unifies_base_and_inflected_forms_where_snowball_does_not():
    fi = analyzer("fi")
    assert fi.name == "voikko"
    assert fi.lemma("velallinen") == fi.lemma("velallisen") == "velallinen"
    snowball = Analyzer("fi", use_voikko=False)
    assert snowball.name == "snowball-fi"
    assert snowball.lemma("velallinen") != snowball.lemma("velallisen")


def test_a_possessive_is_the_same_word_whichever_apostrophe_prints_it():
    # The statutes print "trustee’s"; students type "trustee's". Both must reach the stem of "trustee".
    en = analyzer("en")
    assert en.terms("the trustee’s appointment") == en.terms("the trustee's appointment") == en.terms(
        "the trustee appointment")
    assert en.lemma("debtor’s") == en.lemma("debtor's") == en.lemma("debtor")
    # The CCAA prints a soft hyphen inside "represent\xadative" (46(4), 61(1)) and "Superintend\xadent" (30(7)).
    assert en.terms("the foreign represent\xadative’s Superintend\xadent") == en.terms(
        "the foreign representative Superintendent")



def test_british_and_american_spellings_are_one_word():
    # The Acts spell the Canadian way (licence, offence, favour, centre); students also type license, offense,
    # favor, center, and the British authorised, realisable, judgement. Snowball keeps each pair apart.
    en = analyzer("en")
    for acts, typed in (("licence", "license"), ("offences", "offenses"), ("defence", "defense"),
                        ("favourable", "favorable"), ("labourer", "laborer"), ("good behaviour", "good behavior"),
                        ("centre", "center"), ("authorized", "authorised"), ("realizable", "realisable"),
                        ("organization", "organisation"), ("judgment", "judgement")):
        assert en.terms(acts) == en.terms(typed), (acts, typed)
        assert en.lemma(acts.split()[-1]) == en.lemma(typed.split()[-1])
    # The licence is what "licensed" trustees hold: one stem for noun and verb.
    assert en.lemma("licence") == en.lemma("licensed")
    # Only a spelling the dictionary knows: "premises", "exercise", "evidence", "four" and the French "ministre"
    # are no variants of "premizes", "exercize", "evidense", "for" or "minister".
    for word, other in (("premises", "premizes"), ("exercise", "exercize"), ("evidence", "evidense"),
                        ("four", "for"), ("ministre", "minister")):
        assert en.lemma(word) != en.lemma(other), word


def test_an_irregular_plural_is_its_singular():
    # The BIA defines and protects the "fisherman"; students ask about "fishermen", and support for "children".
    en = analyzer("en")
    assert en.terms("unpaid fishermen") == en.terms("unpaid fisherman")
    assert en.lemma("children") == en.lemma("child") and en.lemma("women") == en.lemma("woman")
    assert en.lemma("specimen") == "specimen"  # no "speciman": only a singular the dictionary knows

def test_an_amount_is_one_number_whatever_separates_its_digit_groups():
    # The BIA prints "$2,000" and "$5,000,000", the Finnish Acts "3 000 euroa"; a student types "$2000", "3000".
    en, fi = analyzer("en"), analyzer("fi")
    assert en.terms("secured to the extent of $2,000") == en.terms("secured to the extent of $2000")
    assert "5000000" in en.terms("more than $5,000,000")
    assert fi.terms("alle 3 000 euroa") == fi.terms("alle 3000 euroa") == fi.terms("alle 3\u00a0000 euroa")
    # Numbers that are not one amount stay apart: a list of sections, a range, a decimal comma.
    assert en.terms("sections 198 to 200, 1, 200")[-4:] == ["198", "200", "1", "200"]
    assert fi.lemmas("12,5 prosenttia")[:2] == ["12", "5"]


@needs_voikko
def test_compounds_add_their_parts_and_function_words_add_none():
    fi = analyzer("fi")
    assert fi.terms("konkurssipesälle") == ["konkurssipesä", "konkurssi", "pesä"]
    # ettei = että + ei, jollei = jos + ei: negative conjunctions, not compounds.
    for word in ("ettei", "jollei", "ellei"):
        assert fi.terms(word) == [word]
    # A part that is a stopword ("voi" in lainvoimainen) is not a term of its own.
    terms = fi.terms("päätös on lainvoimainen ja konkurssisaatava on maksamatta")
    assert not set(terms) & FI_STOPWORDS
    assert "lainvoimainen" in terms and "konkurssi" in terms
    # Question words are no terms either, whatever base form Voikko gives them (kenellä → "ken").
    assert fi.terms("Kenellä on oikeus hakea? Millainen saatava?") == ["oikeus", "hakea", "saatava"]


@needs_voikko
def test_a_word_that_is_its_own_base_form_keeps_that_reading():
    fi = analyzer("fi")
    # Voikko lists maksa (liver), vuotaa (to leak) and velka (debt, partitive plural) first for these.
    assert [fi.lemma(w) for w in ("maksaa", "vuosi", "velkoja", "vakuusvelkoja")] == [
        "maksaa", "vuosi", "velkoja", "vakuusvelkoja"]
    assert fi.lemma("korkoja") == "korko"  # no reading is its own base form: the first one stands


@needs_voikko
def test_a_noun_the_statutes_never_inflect_yields_to_one_they_do():
    fi = analyzer("fi")
    # Voikko reads these as nouns of their own, in the nominative (hake + musta, ase + massa, a "varoja"); the
    # statutes inflect hakemus, asema and vara, never those.
    assert [fi.lemma(w) for w in ("hakemusta", "asemassa", "varoja", "seurannasta")] == [
        "hakemus", "asema", "vara", "seuranta"]
    assert fi.terms("konkurssihakemusta") == ["konkurssihakemus", "konkurssi", "hakemus"]
    # A noun the statutes do inflect keeps its own reading: velkoja (creditor) is not velka (debt) here.
    assert fi.lemma("velkoja") == "velkoja"


@needs_voikko
def test_a_verb_the_statutes_never_inflect_yields_to_a_noun_they_do():
    fi = analyzer("fi")
    # Voikko reads these first as päivätä (to date), palkata (to hire), henkilöidä, tavata, viestiä: verbs the
    # statutes never use. "14 päivää" is days, as "14 päivän kuluessa" is.
    assert [fi.lemma(w) for w in ("päivää", "palkkaa", "henkilöiden", "tapaa", "viestit")] == [
        "päivä", "palkka", "henkilö", "tapa", "viesti"]
    assert fi.terms("14 päivää") == fi.terms("14 päivän")
    # A verb the statutes do use keeps its reading.
    assert [fi.lemma(w) for w in ("maksaa", "hakea", "tehdä")] == ["maksaa", "hakea", "tehdä"]


@needs_voikko
def test_a_verbs_ma_infinitive_is_the_verb():
    fi = analyzer("fi")
    # Voikko reads these first as agent participles ("valvoma") or as a noun "maksamaa"; "velvollinen maksamaan",
    # "pidättäytyä myymästä" and "viipymättä" are forms of the verbs the statutes use elsewhere.
    assert [fi.lemma(w) for w in ("valvomaan", "maksamaan", "myymästä", "viipymättä", "päättymään")] == [
        "valvoa", "maksaa", "myydä", "viipyä", "päättyä"]
    assert "valvoa" in fi.terms("oikeutettu valvomaan saatavansa")
    # Nouns stay nouns: "voimassa" (in force), "kutsu" (a notice).
    assert [fi.lemma(w) for w in ("voimassa", "kutsu")] == ["voimassa", "kutsu"]

@needs_voikko
def test_the_finnish_word_lists_are_the_ones_the_bundled_statutes_give(tmp_path):
    # data/fi_bases.txt and data/fi_participle_nouns.txt are written by `python -m core fi-bases`; a changed
    # statute file or parser must rewrite them.
    import subprocess
    import sys

    from core.config import FI_BASES_FILE, FI_PARTICIPLE_NOUNS_FILE

    subprocess.run([sys.executable, "-m", "core", "fi-bases", "--out-dir", str(tmp_path)], check=True,
                   capture_output=True)
    for committed in (FI_BASES_FILE, FI_PARTICIPLE_NOUNS_FILE):
        assert (tmp_path / committed.name).read_text(encoding="utf-8") == committed.read_text(encoding="utf-8")
    nouns = FI_PARTICIPLE_NOUNS_FILE.read_text(encoding="utf-8").split()
    assert "saatava" in nouns and "tehtävä" in nouns and "julkaistava" not in nouns


@needs_voikko
def test_a_noun_with_a_possessive_suffix_yields_to_a_verb():
    fi = analyzer("fi")
    # Voikko reads these first as kuu ("at his moon"), lakka (varnish) and suosika: the verbs are meant.
    assert [fi.lemma(w) for w in ("kuullaan", "lakkasi", "suosiakseen")] == ["kuulla", "lakata", "suosia"]
    assert fi.lemma("velkansa") == "velka"  # a noun with no verb reading keeps it


@needs_voikko
def test_of_two_verb_readings_the_verb_the_statutes_use_wins():
    fi = analyzer("fi")
    # Voikko reads "hylkäämisen" first as hyljätä, "pidetä" as itself and "suorittaman" as suoria; the statutes'
    # verbs are hylätä ("hakemus hylätään"), pitää and suorittaa.
    assert fi.lemma("hylkäämisen") == fi.lemma("hylätään") == "hylätä"
    assert [fi.lemma(w) for w in ("pidetä", "suorittaman")] == ["pitää", "suorittaa"]


@needs_voikko
def test_of_two_noun_readings_the_noun_the_statutes_use_wins():
    fi = analyzer("fi")
    # Voikko reads these first as päättö, muutto (a move), vuo (a stream), kansi (a lid) and maksuvaras (a thief);
    # the statutes' nouns are päätös, muutos ("hakea muutosta": appeal), vuosi, kanne (an action) and maksuvara.
    assert [fi.lemma(w) for w in ("päätökseen", "muutosta", "vuotta", "kanteen", "maksuvarasta")] == [
        "päätös", "muutos", "vuosi", "kanne", "maksuvara"]
    assert fi.terms("päätökseen ei saa hakea muutosta") == fi.terms("päätös ei saa hakea muutos")
    # Neither reading of "erikseen" (erä, erillään) is a noun the statutes inflect: Voikko's first stands.
    assert fi.lemma("erikseen") == "erä"


@needs_voikko
def test_a_common_word_is_read_before_a_name():
    fi = analyzer("fi")
    # Voikko lists the names Vera, Oman, Anna and Jon first for these; "Oman" and "Anna" are even their own base form.
    assert [fi.lemma(w) for w in ("veroja", "oman", "anna", "jonkin")] == ["vero", "oma", "antaa", "jokin"]
    assert fi.lemma("suomessa") == "suomi"  # a name with no common reading stays a name


@needs_voikko
def test_a_compound_missing_from_voikkos_dictionary_is_split_at_its_last_simple_member():
    fi = analyzer("fi")
    # Voikko knows neither word; Snowball alone would stem them apart (takaisinsaann / takaisinsaant).
    assert fi.lemma("takaisinsaannin") == fi.lemma("takaisinsaantia") == "takaisinsaanti"
    assert fi.terms("takaisinsaantikanne") == ["takaisinsaantikanne", "takaisinsaanti", "kanne"]
    # "tikanne" (a verb form) cannot end a compound, so "takaisinsaan + tikanne" is not read.
    assert "tikata" not in fi.terms("takaisinsaantikanne")
    # A verb can, in its dictionary form: "jälkivalvoa" (to lodge a claim late) is jälki + valvoa, the words of the
    # Acts' "jälkivalvonta", so the spelling corrector leaves it alone instead of respelling it "jälkivalvoma".
    assert fi.terms("jälkivalvoa") == ["jälkivalvoa", "jälki", "valvoa"]
    assert set(fi.terms("jälkivalvonta")) >= {"jälki", "valvoa"}


@needs_voikko
def test_a_hyphenated_compound_holds_its_leading_member_as_written():
    fi = analyzer("fi")
    # Voikko splits "ennakkojako-osuus" to ennakko + jako + osuus only; "ennakkojakoa" is read as ennakkojako.
    assert fi.lemma("ennakkojakoa") in fi.terms("ennakkojako-osuudesta")
    assert fi.lemma("takaisinotto") in fi.terms("takaisinotto-oikeutta")
    assert fi.lemma("huutokauppa") in fi.terms("huutokauppa-arvon")
    # A member keeps no hyphen of its own, and a hanging one ("rahaksimuutto- tai …") is no part of the word.
    assert "oikeus" in fi.terms("takaisinotto-oikeutta")
    assert not [t for t in fi.terms("takaisinotto-oikeutta rahaksimuutto- tai") if t.startswith("-") or t.endswith("-")]


@needs_voikko
def test_the_temporal_construction_also_reads_as_its_verb():
    fi = analyzer("fi")
    # "konkurssin alettua" (after the bankruptcy began) is the "on alkanut" of a question: alkaa, beside the participle.
    assert fi.terms("konkurssin alettua") == ["konkurssi", "alettu", "alkaa"]
    assert "alkaa" in fi.terms("kun konkurssi on alkanut")
    # A participle that a partitive noun follows describes it ("the confirmed programme"): no verb is read in.
    assert "vahvistaa" not in fi.terms("vahvistettua saneerausohjelmaa")


@needs_voikko
def test_a_past_active_participle_reads_as_its_verb():
    fi = analyzer("fi")
    # "ei ole maksanut" (has not paid) and "on maksamatta" (is unpaid) speak of the same verb.
    assert fi.terms("ei ole maksanut") == fi.terms("on maksamatta") == ["maksaa"]
    assert fi.terms("laiminlyönyt") == ["laiminlyödä"]


@needs_voikko
def test_a_privative_adjective_also_reads_as_its_verb():
    fi = analyzer("fi")
    # "sovintoon suostumattomat velkojat" are "velkojat, jotka eivät ole suostuneet sovintoon".
    assert fi.terms("suostumattomien") == ["suostumaton", "suostua"]
    assert "suostua" in fi.terms("eivät ole suostuneet")
    assert fi.terms("maksamattomat") == ["maksamaton", "maksaa"]


@needs_voikko
def test_a_duty_stated_with_a_passive_participle_also_reads_as_its_verb():
    fi = analyzer("fi")
    # "Kuulutus on julkaistava" (must be published) answers "Missä kuulutus julkaistaan?".
    assert fi.terms("on julkaistava") == ["julkaistava", "julkaista"]
    assert "julkaista" in fi.terms("julkaistaan") and "ilmoittaa" in fi.terms("on ilmoitettava")
    # Only the nominative of the duty: an attributive form describes a thing, and a lexicalised participle is a noun.
    assert fi.terms("maksettavaa korvausta") == ["maksettava", "korvaus"]
    assert fi.terms("selvittäjän tehtävä") == ["selvittäjä", "tehtävä"]


def test_english_terms_are_snowball_stems_without_stopwords():
    en = analyzer("en")
    assert en.terms("The trustee shall file the statements") == ["truste", "file", "statement"]
    # "about" frames a question ("what must the trustee determine about …"); the statutes use it 19 times.
    assert en.terms("determine about the securities", bigrams=True) == ["determin", "secur", "determin_secur"]
    assert en.terms("first-time bankrupt", bigrams=True) == ["first", "time", "bankrupt", "first_time",
                                                             "time_bankrupt"]


def test_an_english_noun_of_action_reads_as_its_verb_where_snowball_keeps_them_apart():
    en = analyzer("en")
    # Snowball stems "extension" to "extens" and "extend" to "extend"; the statutes say "an extension", a student
    # "extend the time".
    for noun, verb in (("extension", "extend"), ("decision", "decided"), ("expiry", "expires"),
                       ("permission", "permitted"), ("suspension", "suspend"), ("revocation", "revoked"),
                       ("foreclosure", "foreclose"), ("disclosure", "disclosed"), ("failure", "fails"),
                       ("seizure", "seized"), ("contravention", "contravenes"), ("relationship", "related"),
                       ("taxation", "taxed")):
        assert en.terms(noun) == en.terms(verb), noun
    # Nouns that already share the verb's stem, or name something else, are left alone.
    assert en.terms("provision") != en.terms("provide") and en.terms("application") != en.terms("apply")
    assert en.terms("appointment") == en.terms("appoint")


def test_a_proposed_thing_is_not_a_proposal():
    en = analyzer("en")
    # Snowball stems "proposed" and "proposal" alike; "the proposed disclaimer" or "a proposed sale" is something put
    # forward, not a proposal under Part III. Said of the proposal itself ("as proposed or as altered"), it still is.
    assert "propos" not in en.terms("the proposed disclaimer") and "proposed" in en.terms("a proposed sale")
    assert "propos" in en.terms("the compromise, either as proposed or as altered")
    assert en.terms("proposal") == en.terms("proposals") == en.terms("propose") == ["propos"]


def test_an_irregular_english_verb_form_reads_as_its_verb():
    en = analyzer("en")
    # Snowball leaves "written" apart from "writing": "provide in writing the reasons" answers "written reasons",
    # "wound up" answers "winding-up".
    for form, verb in (("written", "writing"), ("wound", "winding"), ("held", "holds"),
                       ("sold", "selling"), ("bound", "binding"), ("withdrawn", "withdraws")):
        assert en.terms(form) == en.terms(verb), form
    # Light verbs carry their object's meaning, not their own: "given", "taken" stay apart, as measured.
    assert en.terms("given") != en.terms("giving") and en.terms("taken") != en.terms("taking")


@needs_voikko
def test_finnish_spelling_restores_lost_umlauts_and_leaves_real_words_alone():
    # Typed on a keyboard without ä / ö: "paatos" is a word of its own (pathos), but "päätös" is the reading with
    # dots restored that Voikko accepts; Voikko's own suggestions do not reach it.
    assert spelling_candidates("paatos", "fi")[0] == "päätös"
    assert spelling_candidates("velkajarjestelya", "fi") == ["velkajärjestelyä"]
    assert spelling_candidates("konkurssipesa", "fi")[0] == "konkurssipesä"
    assert spelling_candidates("velallinen", "fi") == []


def test_english_spelling_candidates_come_from_a_dictionary_one_edit_away():
    assert spelling_candidates("statment", "en")[0] == "statement"
    assert spelling_candidates("recieve", "en")[0] == "receive"  # two letters swapped
    # Real words are not misspellings, however far from the statutes' vocabulary ("parent" is not "patent").
    for word in ("parent", "better", "chapter", "contact", "divorce"):
        assert spelling_candidates(word, "en") == [], word


@needs_voikko
def test_a_finnish_postposition_of_time_is_no_verb():
    # "Mistä lähtien …?" (since when) asks for a time; Voikko reads "lähtien" as lähteä, "to leave", which had routed
    # "Mistä lähtien velallinen on konkurssissa?" to VJL's "josta lähtien".
    from core import patterns

    fi = analyzer("fi")
    assert fi.terms("Mistä lähtien velallinen on konkurssissa?") == ["velallinen", "konkurssi"]
    assert "lähteä" not in fi.terms("päivästä lukien tai siitä alkaen, mihin asti")
    assert patterns.DEADLINE_QUESTION.search("Mistä lähtien velallinen on konkurssissa?")


def test_a_finnish_adjective_reads_as_its_quality_noun():
    # "Milloin velallinen on maksukyvytön?" asks what the Acts define as maksukyvyttömyys.
    assert fi_quality_noun("maksukyvytön") == "maksukyvyttömyys"
    assert fi_quality_noun("ylivelkainen") == "ylivelkaisuus"
    assert fi_quality_noun("velka") == ""
