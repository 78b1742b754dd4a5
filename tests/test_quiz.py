"""Quiz cards from approved duties, with FSRS scheduling, on the real corpus and a real SQLite file."""
from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
from pathlib import Path

import pytest

from core import build, extract, quiz, render, review, store


@pytest.fixture(scope="module")
def qdb(tmp_path_factory):
    path = tmp_path_factory.mktemp("quiz") / "normipolku.db"
    db = store.connect(path)
    build.build_all(db, with_index=False)
    extract.run_rules(db)
    for law in ("B-3", "120/2004"):
        for r in review.query(db, status="pending", law=law, has_deadline=True, limit=25):
            review.approve(db, r["id"], r["version"], "teacher")
    quiz.generate(db)
    return db


def test_every_answer_and_quote_is_verbatim(qdb):
    cards = [dict(r) for r in qdb.query("SELECT * FROM quiz_cards")]
    assert len(cards) > 100
    kinds = {c["kind"] for c in cards}
    assert {"who", "what", "when", "cloze", "which"} <= kinds
    for c in cards:
        text = store.get_node(qdb, c["node_id"]).text
        assert c["quote"] in text
        if c["kind"] == "which":
            assert c["answer"] == c["citation"] and c["answer"] in c["options"]
        else:
            assert c["answer"] in text, c
        if c["kind"] in ("cloze", "modal"):
            assert quiz.BLANK in c["prompt"] and c["prompt"].replace(quiz.BLANK, c["answer"], 1) == c["quote"]


def test_which_provision_distractors_never_say_the_same_thing(qdb):
    import json

    for c in qdb.query("SELECT * FROM quiz_cards WHERE kind = 'which'"):
        options = json.loads(c["options"])
        assert len(set(options)) == 4
        for option in options:
            if option == c["citation"]:
                continue
            node = store.node_by_citation(qdb, option)
            assert node is not None and c["quote"] not in node.text


def test_generation_is_idempotent_and_cards_follow_their_language(qdb):
    before = qdb.execute("SELECT COUNT(*) FROM quiz_cards").fetchone()[0]
    assert quiz.generate(qdb)["created"] == 0
    assert qdb.execute("SELECT COUNT(*) FROM quiz_cards").fetchone()[0] == before
    assert qdb.execute("SELECT COUNT(*) FROM quiz_cards WHERE law_key = '120/2004' AND lang != 'fi'").fetchone()[0] == 0
    fi = qdb.execute("SELECT prompt FROM quiz_cards WHERE law_key = '120/2004' AND kind = 'which' LIMIT 1").fetchone()
    assert fi is None or fi[0] == "Mikä säännös sanoo näin?"


def test_finnish_prompts_put_the_actor_in_the_case_the_modal_asks_for(qdb):
    def prompts(node_id: str, actor: str, modal: str) -> dict[str, str]:
        c = next(c for c in extract.extract_node(store.get_node(qdb, node_id))
                 if (c.actor, c.modal_verb) == (actor, modal))
        row = {"lang": "fi", "relationship_text": c.relationship_text, "actor": c.actor, "procedure": c.procedure,
               "modal_verb": c.modal_verb, "deadline": c.deadline}
        return {kind: prompt for kind, prompt, _ in quiz._questions(row)}

    # "Pesänhoitajan on tehtävä esitys …" (KonkL 10:2.1): genitive, as printed.
    assert prompts("120/2004:10:2:1", "pesänhoitaja", "on")["what"] == "Mitä pesänhoitajan on tehtävä?"
    # "Pesänhoitajalla on oikeus … ottaa haltuunsa" (KonkL 4:4.1): adessive, and "who" asks "kenellä".
    right = prompts("120/2004:4:4:1", "pesänhoitaja", "on oikeus")
    assert right["what"] == "Mitä pesänhoitajalla on oikeus tehdä?" and right["who"].startswith("Kenellä on oikeus ")


def test_a_reworded_prompt_keeps_the_card_and_its_schedule(qdb):
    card = qdb.execute("SELECT id, prompt FROM quiz_cards WHERE kind = 'what' AND lang = 'fi' LIMIT 1").fetchone()
    assert card is not None
    quiz.rate(qdb, card[0], "good")
    reviews = qdb.execute("SELECT COUNT(*) FROM quiz_reviews WHERE card_id = ?", [card[0]]).fetchone()[0]
    with store.transaction(qdb) as conn:  # the card as an earlier version worded it
        conn.execute("UPDATE quiz_cards SET prompt = 'Mitä pesänhoitaja (on) tehdä?', card_key = 'old' WHERE id = ?",
                     [card[0]])
    before = qdb.execute("SELECT COUNT(*) FROM quiz_cards").fetchone()[0]
    assert quiz.generate(qdb)["created"] == 0
    assert qdb.execute("SELECT COUNT(*) FROM quiz_cards").fetchone()[0] == before
    assert qdb.execute("SELECT prompt FROM quiz_cards WHERE id = ?", [card[0]]).fetchone()[0] == card[1]
    assert qdb.execute("SELECT COUNT(*) FROM quiz_reviews WHERE card_id = ?", [card[0]]).fetchone()[0] == reviews


def test_intervals_grow_with_good_and_shrink_after_again(qdb):
    card = quiz.due_queue(qdb, law="B-3", new_per_day=100)[0]
    t = dt.datetime(2026, 1, 5, 9, tzinfo=dt.timezone.utc)
    intervals = []
    for _ in range(4):
        res = quiz.rate(qdb, card.id, "good", now=t)
        intervals.append(res["interval_days"])
        t = res["due"]
    assert intervals == sorted(intervals) and intervals[-1] > intervals[0] * 3
    lapse = quiz.rate(qdb, card.id, "again", now=t)
    assert lapse["interval_days"] < intervals[-1]
    assert lapse["state"] == "Relearning"


def test_the_rating_buttons_show_what_each_rating_would_schedule(qdb):
    card = quiz.due_queue(qdb, law="120/2004", new_per_day=100)[0]
    t = dt.datetime(2026, 2, 2, 9, tzinfo=dt.timezone.utc)
    reviews = qdb.execute("SELECT COUNT(*) FROM quiz_reviews").fetchone()[0]
    shown = quiz.next_intervals(qdb, card.id, now=t)
    assert shown["again"] < shown["hard"] <= shown["good"] < shown["easy"]
    assert qdb.execute("SELECT COUNT(*) FROM quiz_reviews").fetchone()[0] == reviews  # a preview stores nothing
    assert quiz.rate(qdb, card.id, "easy", now=t)["interval_days"] == pytest.approx(shown["easy"])
    assert [render.interval(d) for d in (5 / 1440, 0.25, 3.2, 75)] == ["5 min", "6 h", "3 d", "2.5 mo"]


def test_due_queue_respects_the_daily_new_limit_and_decks(qdb):
    now = dt.datetime(2030, 1, 1, 8, tzinfo=dt.timezone.utc)
    assert len(quiz.due_queue(qdb, now=now, new_per_day=3, limit=100)) <= 3 + qdb.execute(
        "SELECT COUNT(*) FROM quiz_state WHERE due <= ?", [now.timestamp()]).fetchone()[0]
    decks = quiz.decks(qdb)
    assert any(d.startswith("KonkL") for d in decks) and any(d.startswith("BIA") for d in decks)
    one = quiz.due_queue(qdb, deck=decks[0], now=now, new_per_day=50)
    assert all(c.deck == decks[0] for c in one)
    assert quiz.reviews_before_exam(qdb, (now + dt.timedelta(days=10)).date(), now=now) > 0


def test_typed_cloze_answers_are_normalised():
    card = quiz.QuizCard(1, "cloze", "B-3", "BIA", "B-3:1", "en", "p", "Within ten  days", "q", [], "BIA 1")
    assert quiz.check_typed(card, "  within TEN days ")
    assert not quiz.check_typed(card, "within 10 days")


def test_cli_quiz_stats(qdb):
    path = Path(qdb.execute("PRAGMA database_list").fetchone()[2])
    out = subprocess.run([sys.executable, "-m", "core", "quiz-stats"], capture_output=True, text=True, check=True,
                         env=dict(os.environ, NORMIPOLKU_DATA=str(path.parent))).stdout
    assert "B-3" in out and "120/2004" in out and "cards in all" in out
