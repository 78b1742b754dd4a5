"""Streamlit AppTest: every page's logic against the real built corpus."""
from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from core import drill, store


ROOT = Path(__file__).resolve().parent.parent


def run(page: str, state: dict | None = None) -> AppTest:
    """The real app (its router in app.py), switched to one page."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    for k, v in (state or {}).items():
        at.session_state[k] = v
    at.run()
    if page != "app.py":
        at.switch_page(page).run()
    return at


def asked(question: str, at: AppTest | None = None) -> AppTest:
    """The Ask page after asking `question` (on `at`, the page as it was, when given)."""
    at = at or run("pages/1_Ask.py")
    at.text_input(key="question").input(question)
    at.button[0].click().run()
    assert not at.exception
    return at


@pytest.fixture(autouse=True)
def _built(data_dir):
    yield


def test_home_lists_the_laws():
    at = run("app.py")
    assert not at.exception
    assert int(at.metric[0].value) >= 7  # the seven bundled laws (and any imported ones)
    assert len(at.dataframe) == 1


def test_home_tells_a_returning_student_what_is_waiting(db):
    item = drill.load_items("exam_fi")[0]
    drill.record(db, "home-test", item, "again", item.expected[0])
    at = run("app.py")
    assert not at.exception
    today = next(m.value for m in at.markdown if m.value.startswith("**Today**"))
    revisit = len(drill.to_revisit(db, limit=10_000))
    assert revisit >= 1 and f"{revisit} drill question{'s' * (revisit != 1)} to revisit" in today


def test_ask_english_question_shows_verbatim_quote_and_norm_path():
    at = run("pages/1_Ask.py")
    at.text_input(key="question").input("Can any creditor get a copy of the cash-flow statement, and can the court "
                                        "keep it from creditors?")
    at.button[0].click().run()
    assert not at.exception
    html = " ".join(m.value for m in at.markdown)
    assert "<mark>" in html
    last = at.session_state["last_answer"]["json"]
    assert last["quote"] in last["primary"]["text"]
    assert any(sub.value.startswith("BIA") for sub in at.subheader)
    # The quote to copy into an answer: verbatim, with its citation.
    assert at.code[0].value == f"“{last['quote']}” ({last['primary']['label']})"
    candidates = at.dataframe[0].value
    assert list(candidates.columns[:4]) == ["provision", "heading", "node", "found by"]
    assert candidates["heading"].str.len().gt(0).mean() > 0.5  # most candidates are shown with what they are about
    assert set(candidates["found by"]) <= {"BM25 + dense", "BM25", "dense", "norm path"}


def test_ask_says_which_of_the_acts_words_were_searched_for_everyday_ones():
    # "tenant" and "landlord" are words the BIA never uses: the page says it also searched its "lessor", "lessee".
    at = asked("When the tenant goes bankrupt, which law decides what rights the landlord has?")
    assert at.session_state["last_answer"]["json"]["statute_words"][:2] == ["lessor", "lessee"]
    assert any(c.value.startswith("Also searched with the Acts' own words for yours: lessor, lessee")
               for c in at.caption)
    # A question in the Acts' own words gets no such line.
    at = asked("When does a bankrupt's property vest in the trustee?")
    assert "statute_words" not in at.session_state["last_answer"]["json"]
    assert not any("Also searched with the Acts' own words" in c.value for c in at.caption)


def test_ask_norm_path_cards_open_long_provisions_on_demand():
    # CCAA 3(1) refers to section 20 (1,912 characters) and the BIA as a whole; section 2 of the BIA (13,500
    # characters of definitions) is one hop further. Long cards show their opening words, the rest in an expander.
    at = run("pages/1_Ask.py")
    at.text_input(key="question").input("CCAA 3(1)")
    at.button[0].click().run()
    assert not at.exception
    supporting = at.session_state["last_answer"]["json"]["supporting"]
    long_ones = [sup for sup in supporting if len(sup["text"]) > 900]
    assert long_ones and any(sup["node_id"] == "B-3" and not sup["text"] for sup in supporting)
    labels = [e.label for e in at.expander]
    for sup in long_ones:
        assert f"Whole text ({len(sup['text']):,} characters)" in labels
    assert any("The whole Act is referred to" in c.value for c in at.caption)
    assert any("Bankruptcy and Insolvency Act (R.S.C., 1985, c. B-3)" in m.value for m in at.markdown)


def test_ask_finnish_question_uses_finnish_strings():
    at = run("pages/1_Ask.py")
    at.text_input(key="question").input("Milloin valvontapäivän on aikaisintaan ja viimeistään oltava?")
    at.button[0].click().run()
    assert not at.exception
    assert any("Vastaus — säännös" in c.value for c in at.caption)
    assert at.session_state["last_answer"]["json"]["primary"]["node_id"].startswith("120/2004:12:5")


def test_ask_says_when_the_norm_path_is_empty_or_not_followed():
    # "Konkurssi alkaa, kun …" depends on nothing the graph knows: the student is told so, not left with a blank;
    # a keyword-only search does not follow the graph at all, and says where to find it.
    at = run("pages/1_Ask.py")
    at.text_input(key="question").input("Milloin konkurssi alkaa?")
    at.button[0].click().run()
    assert not at.exception and not at.session_state["last_answer"]["json"]["supporting"]
    assert any(c.value.startswith("Normipolku: ei poikkeuksia") for c in at.caption)
    at.text_input(key="question").input("When does a bankruptcy discharge take effect?")
    at.selectbox[0].set_value("bm25")
    at.button[0].click().run()
    assert not at.exception and not any(m.value.startswith("#### The norm path") for m in at.markdown)
    assert any("choose the “graph” search" in c.value for c in at.caption)


def test_ask_offers_the_next_provisions_and_shows_one_as_the_answer():
    # The next ranked provisions are listed under their headings in their own words; "Show as the answer" makes one
    # the answer, with its own norm path, and offers the first answer back.
    at = run("pages/1_Ask.py")
    at.text_input(key="question").input("Can a trustee sell the bankrupt's property to a relative of the bankrupt?")
    at.button[0].click().run()
    assert not at.exception
    first = at.session_state["last_answer"]["json"]
    assert any(m.value == "#### Other provisions that may answer" for m in at.markdown)
    alternative = first["alternatives"][0]
    shown = " ".join(m.value for m in at.markdown)
    assert f"**{alternative['label']} — {alternative['heading']}**" in shown
    at.button(key=f"alt_{alternative['node_id']}").click().run()
    assert not at.exception
    now = at.session_state["last_answer"]["json"]
    assert now["primary"]["node_id"] == alternative["node_id"] and now["quote"] == alternative["quote"]
    assert any(sub.value.startswith(alternative["label"]) for sub in at.subheader)
    assert now["alternatives"][0]["node_id"] == first["primary"]["node_id"]
    at.button(key=f"alt_{first['primary']['node_id']}").click().run()
    assert at.session_state["last_answer"]["json"]["primary"] == first["primary"]


def test_ask_shows_a_list_items_lead_in_above_its_quote():
    at = run("pages/1_Ask.py")
    at.text_input(key="question").input("BIA 13.6(a)")
    at.button[0].click().run()
    assert not at.exception
    shown = [m.value for m in at.markdown]
    lead = next(i for i, v in enumerate(shown) if "statute lead-in" in v)
    assert "<b>BIA 13.6</b> A trustee shall not engage the services of a person <b>(a)</b> …" in shown[lead]
    assert "<mark>whose trustee licence has been cancelled" in shown[lead + 1]
    # To copy: the lead-in, an ellipsis for what lies between, the item, then the citation.
    assert at.code[0].value.startswith("“A trustee shall not engage the services of a person … whose trustee licence")
    assert at.code[0].value.endswith("” (BIA 13.6(a))")


def test_ask_shows_the_provisions_around_the_answer():
    # An answer's own subsection is one of several: the whole section is a click away, each part in its own words
    # under its citation, the answer's part labelled and its quote marked.
    at = asked("BIA 109(5)")
    around = next(e for e in at.expander if e.label.startswith("The whole section"))
    assert around.label == "The whole section: BIA 109 — Right of creditor to vote (7 subsections)"
    parts = [m.value for m in around.markdown]
    assert len(parts) == 7 and parts[0].startswith("<div><b>BIA 109(1)</b></div>")
    assert "A person is not entitled to vote as a creditor at any meeting of creditors unless" in parts[0]
    assert "<mark>" not in parts[0] and "· the answer" not in parts[0]
    assert "<b>BIA 109(5) — Corporation</b> <span class='role'>· the answer</span>" in parts[4]  # its marginal note
    assert "<mark>A corporation may vote by an authorized proxyholder at meetings of creditors.</mark>" in parts[4]
    # In Finnish, around a kohta: its momentti among the section's.
    labels = [e.label for e in asked("KonkL 2 luku 2 § 1 mom. 1 kohta", at).expander]
    assert "Koko pykälä: KonkL 2 luku 2 § — Velkojan oikeus vaatia velallisen asettamista konkurssiin (3 momenttia)" \
        in labels


def test_ask_says_where_else_the_law_states_the_same_words():
    # A later stay order repeats the initial one's terms word for word (CCAA 11.02(2)(b) and (1)(b)); the BIA's
    # recognition of a foreign proceeding is the CCAA's (BIA 270(1), CCAA 47(1)).
    at = asked("CCAA 11.02(2)(b)")
    assert "The same words also stand in CCAA 11.02(1)(b) — Stays, etc. — initial application." in \
        [c.value for c in at.caption]
    assert not any(c.value.startswith("The same words") for c in asked("BIA 109(5)", at).caption)  # its own words


def test_ask_lists_the_provisions_that_refer_to_the_answer():
    # BIA 49(1) lets an insolvent person make an assignment; 49(3) (where it is offered and filed) and
    # 49(4) (the official receiver appoints a trustee) depend on it.
    cited_by = next(e for e in asked("BIA 49(1)").expander if e.label.startswith("Provisions that refer to this one"))
    listed = cited_by.markdown[0].value
    assert cited_by.label == "Provisions that refer to this one (2)"
    assert "**BIA 49(3)**" in listed and "**BIA 49(4)**" in listed and "**BIA 49(1)**" not in listed


def test_ask_suggests_examples_and_keeps_the_questions_asked_before():
    # An empty page offers example questions; a clicked one is put in the box and asked. Questions asked before
    # come back one click away, newest first.
    at = run("pages/1_Ask.py")
    examples = at.button_group(key="example_pick")
    assert "Milloin konkurssi alkaa?" in examples.options
    examples.set_value("Milloin konkurssi alkaa?").run()
    assert not at.exception and at.text_input(key="question").value == "Milloin konkurssi alkaa?"
    assert at.session_state["last_answer"]["json"]["primary"]["node_id"] == "120/2004:1:4:1"
    at.text_input(key="question").input("BIA 50.4(2)")
    at.button[0].click().run()
    before = at.button_group(key="recent_pick")
    assert before.options == ["Milloin konkurssi alkaa?"]
    before.set_value("Milloin konkurssi alkaa?").run()
    assert at.session_state["last_answer"]["json"]["primary"]["node_id"] == "120/2004:1:4:1"
    assert at.button_group(key="recent_pick").options == ["BIA 50.4(2)"]


def test_ask_says_how_a_misspelt_question_was_searched():
    at = run("pages/1_Ask.py")
    at.text_input(key="question").input("Kuka paattaa pesanhoitajan palkkiosta?")
    at.button[0].click().run()
    assert not at.exception
    assert any("“paattaa” → “päättää”" in i.value and "“pesanhoitajan” → “pesänhoitajan”" in i.value
               for i in at.info)
    assert at.session_state["last_answer"]["json"]["question"] == "Kuka päättää pesänhoitajan palkkiosta?"
    assert at.session_state["last_answer"]["json"]["corrections"] == [["paattaa", "päättää"],
                                                                      ["pesanhoitajan", "pesänhoitajan"]]
    # A correction the user does not want: the same question, searched exactly as typed, without the notice.
    at.button(key="as_typed").click().run()
    assert not at.exception
    last = at.session_state["last_answer"]["json"]
    assert last["question"] == "Kuka paattaa pesanhoitajan palkkiosta?" and "corrections" not in last
    assert not any("→" in i.value for i in at.info)
    assert not any(b.key == "as_typed" for b in at.button)


def test_ask_citation_and_empty_question():
    at = run("pages/1_Ask.py")
    at.text_input(key="question").input("BIA 50.4(2)")
    at.button[0].click().run()
    assert at.subheader[0].value == "BIA 50.4(2) — Certain things to be filed"  # with its marginal note
    at = run("pages/1_Ask.py")
    at.button[0].click().run()
    assert any("Type a question" in w.value for w in at.warning)


def test_ask_a_chapter_lists_its_sections():
    at = run("pages/1_Ask.py")
    at.text_input(key="question").input("KonkL 3 luku")
    at.button[0].click().run()
    assert not at.exception and at.subheader[0].value == "KonkL 3 luku — Konkurssin alkamisen oikeusvaikutukset"
    assert any("Konkurssin alkamisen oikeusvaikutukset" in i.value for i in at.info)
    table = at.dataframe[0].value
    assert list(table["osa"])[:2] == ["KonkL 3 luku 1 §", "KonkL 3 luku 2 §"]
    assert "Velallisen määräysvallan menetys" in list(table["otsikko"]) and "osasto" not in table.columns
    assert not any("verbatim" in i.value for i in at.info)
    at.text_input(key="question").input("the BIA")
    at.button[0].click().run()
    table = at.dataframe[0].value
    assert "PART III — Proposals" in set(table.loc[table["part"] == "BIA 50.4", "Part / Division"].iloc[0].split(" › "))
    at.text_input(key="question").input("Division II of Part III of the BIA")  # one Part's Division: its sections
    at.button[0].click().run()
    assert at.subheader[0].value == "BIA, PART III — Proposals › DIVISION II — Consumer Proposals"
    table = at.dataframe[0].value
    assert list(table["part"])[:2] == ["BIA 66.11", "BIA 66.12"] and "BIA 50.4" not in set(table["part"])


def test_norm_path_page_for_a_citation_and_for_the_last_answer():
    at = run("pages/2_Norm_path.py")
    assert not at.exception and not at.radio  # nothing asked yet: no choice of what to show, only the box
    options = at.selectbox(key="graph_node").options
    assert any("B-3:50.4:4" in o for o in options)
    at.selectbox(key="graph_node").set_value("B-3:50.4:4").run()
    assert any("The court may order that a cash-flow statement" in m.value for m in at.markdown)
    assert any(m.value.startswith("**BIA 50.4(4)** · subsection · *") for m in at.markdown)  # a reader's word
    ask = run("pages/1_Ask.py")
    ask.text_input(key="question").input("BIA 69.3(1)")
    ask.button[0].click().run()
    at = run("pages/2_Norm_path.py", {"last_answer": ask.session_state["last_answer"]})
    assert at.radio[0].value == "The last answer"
    assert not any(box.key == "graph_ref" for box in at.text_input)  # the citation box is hidden in this mode
    assert not at.exception


def test_norm_path_of_an_answer_draws_its_definitions_without_their_own_references():
    ask = run("pages/1_Ask.py")
    ask.text_input(key="question").input("BIA 50.4(3)")
    ask.button[0].click().run()
    assert "B-3:def:court" in {s["node_id"] for s in ask.session_state["last_answer"]["json"]["supporting"]}
    at = run("pages/2_Norm_path.py", {"last_answer": ask.session_state["last_answer"]})
    options = at.selectbox(key="graph_node").options
    # "court", a term 50.4(3) uses, is drawn; the provisions its definition cites (BIA 204.1 …) are not.
    assert any(o.endswith("B-3:def:court") for o in options) and any(o.endswith("B-3:50.4:4") for o in options)
    assert not any(o.endswith("B-3:204.1") for o in options) and len(options) <= 12
    # Asked about directly, a definition is the centre and still reaches out to what it cites.
    at = run("pages/2_Norm_path.py")
    at.text_input(key="graph_ref").input("B-3:def:court").run()
    assert any(o.endswith("B-3:204.1") for o in at.selectbox(key="graph_node").options)


def test_norm_path_page_reaches_one_or_two_steps_out():
    at = run("pages/2_Norm_path.py")
    one_step = set(at.selectbox(key="graph_node").options)
    at.segmented_control(key="graph_depth").set_value(2).run()
    assert not at.exception
    two_steps = set(at.selectbox(key="graph_node").options)
    assert one_step < two_steps  # BIA 50.4(3)'s neighbours' neighbours join it


def test_norm_path_page_draws_a_questions_norm_path():
    # Not an evaluation question. Typed where a citation goes, a question is answered and its norm path drawn.
    at = run("pages/2_Norm_path.py")
    at.text_input(key="graph_ref").input("When may the court annul a bankruptcy?").run()
    assert not at.exception and not at.warning
    assert any(m.value.startswith("Answered as a question") and "BIA 181(1)" in m.value for m in at.markdown)
    options = at.selectbox(key="graph_node").options
    assert options[0].endswith("B-3:181:1") and any(o.endswith("B-3:def:court") for o in options)


def test_norm_path_page_reads_a_list_item_with_its_lead_in():
    at = run("pages/2_Norm_path.py")
    at.text_input(key="graph_ref").input("BIA 178(1)(a)").run()
    assert not at.exception
    shown = [m.value for m in at.markdown]
    assert any("statute lead-in" in v and "An order of discharge does not release the bankrupt from <b>(a)</b> …" in v
               for v in shown)
    # A new citation shows its own provision (not the item chosen before), and a subsection completes nothing.
    at.text_input(key="graph_ref").input("BIA 178(1)").run()
    assert any(m.value.startswith("**BIA 178(1)** · subsection") for m in at.markdown)
    assert not any("statute lead-in" in m.value for m in at.markdown)


def test_norm_path_unknown_citation_is_a_clear_message():
    at = run("pages/2_Norm_path.py")
    at.text_input(key="graph_ref").input("BIA 999.9").run()
    assert any("No provision" in w.value for w in at.warning)


def test_exam_drill_reveal_grade_and_progress(db):
    at = run("pages/3_Exam_drill.py")
    assert not at.exception
    # The bundled exam sets come first, named with their size; our own evaluation sets follow.
    box = at.selectbox(key="drill_set")
    assert box.value == "exam_en" and box.options[:2] == ["exam_en · 25 exam questions", "exam_fi · 15 exam questions"]
    assert all(o.endswith("our evaluation questions") for o in box.options[2:])
    session = at.session_state["drill_session"]
    at.button(key=next(b.key for b in at.button if b.key and b.key.startswith("reveal-"))).click().run()
    assert any("<mark>" in m.value for m in at.markdown)
    good = next(b for b in at.button if b.key and b.key.startswith("rate-good-"))
    good.click().run()
    assert not at.exception
    rows = drill.progress(db, session)
    assert rows and rows[0]["rating"] == "good"
    assert len(at.get("vega_lite_chart")) >= 1  # the progress plot


def test_a_missed_drill_question_comes_back_and_progress_lists_what_to_revisit(db):
    at = run("pages/3_Exam_drill.py")
    at.selectbox(key="drill_law").set_value("C-36").run()
    items = drill.load_items("exam_en", "C-36")
    assert len(items) >= 2

    def grade(item, rating: str, typed: str = "") -> None:
        if typed:
            at.text_area(key=f"typed-{item.id}").input(typed)
        at.button(key=f"reveal-{item.id}").click().run()
        at.button(key=f"rate-{rating}-{item.id}").click().run()
        assert not at.exception

    grade(items[0], "again", typed="no idea")
    grade(items[1], "hard")
    for item in items[2:]:
        grade(item, "good")
    # Every question graded once; the missed one comes back, with an empty answer box, before the set is done.
    assert any(m.value == f"#### {items[0].question}" for m in at.markdown)
    assert any(c.value.startswith("Again:") for c in at.caption)
    assert at.text_area(key=f"typed-{items[0].id}").value == ""
    grade(items[0], "good")
    assert any("All questions of this set are done" in s.value for s in at.success)

    revisit = drill.to_revisit(db)
    assert items[1].question in [r["question"] for r in revisit]
    assert items[0].question not in [r["question"] for r in revisit]  # last graded good
    known = next(r for r in drill.sets_summary(db) if r["set"] == "exam_en")
    assert known["questions"] == 25 and known["known"] >= len(items) - 1
    progress = run("pages/7_Progress.py")
    assert not progress.exception
    assert any(items[1].question in df.value["question"].tolist() for df in progress.dataframe)


def test_exam_drill_shows_the_sets_answer_key_with_its_norm_path(db):
    # The drill reveals the provision the question is written on (with the set's quote marked), not whatever the
    # search ranks first, and the cards of what that provision depends on; a typed answer is compared with it.
    at = run("pages/3_Exam_drill.py")
    at.selectbox(key="drill_law").set_value("C-36").run()
    item = drill.load_items("exam_en", "C-36")[0]
    at.text_area(key=f"typed-{item.id}").input("the monitor")
    at.button(key=f"reveal-{item.id}").click().run()
    assert not at.exception
    key = store.get_node(db, item.expected[0])
    heading = store.headings(db, [key])[key.id]
    assert heading and any(m.value == f"#### {key.citation} — {heading}" for m in at.markdown)
    assert any(f"<mark>{item.quote}</mark>" in m.value for m in at.markdown)
    assert any(m.value.startswith("#### The norm path") for m in at.markdown)
    assert any("key words" in i.value for i in at.info)
    # CCAA 11.7(1) among its section's subsections, a click away.
    assert any(e.label.startswith(f"The whole section: {key.citation.split('(')[0]} — ") for e in at.expander)


def test_library_browse_shows_tree_and_edges():
    at = run("pages/4_Library.py")
    assert not at.exception
    at.selectbox(key="lib_law").set_value("120/2004").run()
    assert any("KonkL" in m.value for m in at.markdown)
    # The BIA is browsed by Part, as a Finnish Act is by chapter.
    at.selectbox(key="lib_law").set_value("B-3").run()
    part = at.selectbox(key="lib_part")
    assert part.value == "All parts" and "PART III — Proposals" in part.options
    part.set_value("PART III — Proposals").run()
    sections = at.selectbox[-1]
    assert sections.options[0] == "BIA 50 — Who may make a proposal" and not any(
        o.startswith(("BIA 67 ", "BIA 2 ")) for o in sections.options)
    # A provision lists what it cites and what cites or excepts it, by citation (across Acts too).
    sections.select_index(next(i for i, o in enumerate(sections.options) if o.startswith("BIA 50.4 "))).run()
    captions = [c.value for c in at.caption]
    assert "BIA 50.4: EXCEPTS ← BIA 50(2)" in captions
    assert any(c.startswith("REFERS_TO → BIA 50.4(1) (“subsection (1)”)") and "REFERS_TO ← BIA 50(6)(a)" in c
               for c in captions)
    assert any("CCAA 11.6(b)(i)" in c for c in captions) and not any("B-3:" in c for c in captions)
    # A provision the other Act states word for word says so: BIA 270(1) is CCAA 47(1).
    at.selectbox(key="lib_part").set_value("PART XIII — Cross-border Insolvencies").run()
    sections = at.selectbox[-1]
    sections.select_index(next(i for i, o in enumerate(sections.options) if o.startswith("BIA 270 "))).run()
    assert any("Same words · Samat sanat: CCAA 47(1)" in c.value for c in at.caption)


def _review_page(state=None):
    at = run("pages/5_Review.py", state)
    if any(b.label == "Extract with rules" for b in at.button):
        next(b for b in at.button if b.label == "Extract with rules").click().run()
    return at


def test_review_page_approve_reject_edit_undo(db):
    from core import review

    at = _review_page()
    at.text_input(key="reviewer").input("tester").run()
    first = review.query(db, status="pending", limit=1)[0]
    source = store.get_node(db, first["node_id"])
    heading = store.headings(db, [source])[source.id]  # a momentti's is its section's
    assert heading and any(f"**{first['section_label']} — {heading}**" in m.value for m in at.markdown)
    at.button(key="rev_approve").click().run()
    assert review.get(db, first["id"])["status"] == "approved"
    assert any("Saved" in s.value for s in at.success)
    export = at.download_button(key="rev_export")  # the count includes the approval just made
    assert not export.disabled and export.label.endswith(f"(JSONL, {review.counts(db)['approved']})")
    nxt = review.query(db, status="pending", limit=1)[0]
    at.text_input(key=f"reason-{nxt['id']}").input("not a duty").run()
    at.button(key="rev_reject").click().run()
    assert review.get(db, nxt["id"])["status"] == "rejected"
    at.button(key="rev_undo").click().run()
    assert review.get(db, nxt["id"])["status"] == "pending"
    # edit: the sentence can only be another exact span of the provision
    at.button(key="rev_edit").click().run()
    row = review.query(db, status="pending", limit=1)[0]
    at.text_input(key=f"edit-actor-{row['id']}").input("tuomioistuin (edited)")  # form values go with the submit
    next(b for b in at.button if b.label == "Save changes").click().run()
    assert review.get(db, row["id"])["actor"] == "tuomioistuin (edited)"
    assert [a["action"] for a in review.audit_log(db, row["id"])][-1] == "edit"
    # Re-extracting with the rules keeps all of that: the approval and the edit.
    at.button(key="rev_reextract").click().run()
    assert any("no longer proposed were withdrawn" in s.value for s in at.success)
    assert review.get(db, first["id"])["status"] == "approved"
    assert review.get(db, row["id"])["actor"] == "tuomioistuin (edited)"


def test_review_page_conflict_between_two_sessions(db):
    from core import review

    alice = _review_page()
    bob = _review_page()
    for at, name in ((alice, "alice"), (bob, "bob")):
        at.text_input(key="reviewer").input(name).run()
    row = review.query(db, status="pending", limit=1)[0]
    bob.text_input(key=f"reason-{row['id']}").input("duplicate").run()  # bob is looking at the same relationship
    alice.button(key="rev_approve").click().run()  # alice saves first
    bob.button(key="rev_reject").click().run()  # bob's click is bound to the version he saw
    assert any("changed by someone else" in e.value for e in bob.error)
    final = review.get(db, row["id"])
    assert final["status"] == "approved" and final["version"] == row["version"] + 1  # alice's work is kept
    nxt = review.query(db, status="pending", limit=1)[0]
    assert nxt["version"] == 1 or nxt["status"] == "pending"  # bob's click did not land on another row


def test_quiz_page_reveal_rate_and_progress(db):
    from core import extract, quiz, review

    if not review.query(db, status="approved", has_deadline=True, limit=1):
        if not review.counts(db):
            extract.run_rules(db)
        for r in review.query(db, status="pending", has_deadline=True, limit=8):
            review.approve(db, r["id"], r["version"], "apptest")
    at = run("pages/6_Quiz.py")
    at.button(key="qz_generate").click().run()
    assert not at.exception
    card = quiz.due_queue(db)[0]
    at.button(key=f"qz_reveal_{card.id}").click().run()
    assert any("<mark>" in m.value for m in at.markdown)
    source = store.get_node(db, card.node_id)
    heading = store.headings(db, [source])[source.id]
    assert heading and any(c.value.startswith(f"{card.citation} — {heading} · ") for c in at.caption)
    before = db.execute("SELECT COUNT(*) FROM quiz_reviews").fetchone()[0]
    at.button(key=f"qz_rate_good_{card.id}").click().run()
    assert db.execute("SELECT COUNT(*) FROM quiz_reviews").fetchone()[0] == before + 1
    progress = run("pages/7_Progress.py")
    assert not progress.exception and len(progress.get("vega_lite_chart")) >= 3


def test_per_day_charts_span_calendar_days_with_the_empty_ones():
    import datetime as dt

    import ui

    today = dt.date(2026, 11, 26)
    rows = [{"day": "2026-11-26", "rating": "good", "n": 5}, {"day": "2026-11-26", "rating": "again", "n": 2}]
    days = ui.last_days(rows, today)
    # One day of reviews is one bar among the last two weeks, not a bar as wide as the chart.
    assert len(days) == ui.CHART_DAYS and days[0] == "2026-11-13" and days[-1] == "2026-11-26"
    # An older first review stretches the axis back to it; the days between are kept, empty.
    days = ui.last_days(rows + [{"day": "2026-10-30", "rating": "hard", "n": 1}], today)
    assert days[0] == "2026-10-30" and len(days) == 28 and "2026-11-15" in days
    spec = ui.reviews_per_day_chart(rows, drill.RATINGS, today=today).to_dict()
    assert spec["encoding"]["x"]["scale"]["domain"] == ui.last_days(rows, today)
    assert spec["encoding"]["x"]["axis"]["labelAngle"] == 0
    assert ui.retention_chart([{"day": "2026-11-26", "retention": 0.7, "n": 7}], today).to_dict()[
        "encoding"]["x"]["scale"]["domain"][-1] == "2026-11-26"


def test_ask_page_streams_a_claude_explanation_with_checked_quotes(monkeypatch):
    """The page with an API key; the Anthropic API is faked at the HTTP layer (the real SDK runs)."""
    import anthropic
    import httpx2

    from core import claude
    from tests.test_explain import VERBATIM, end, sse, start, text_block

    body = sse(start(), *text_block(0, "Any creditor may ask [1]: ", f"“{VERBATIM}” [1]. ",
                                    "But “the court always refuses” [2]."), *end())
    fake = anthropic.Anthropic(api_key="test", base_url="http://mock.invalid", max_retries=0, http_client=httpx2.Client(
        transport=httpx2.MockTransport(lambda r: httpx2.Response(200, headers={"content-type": "text/event-stream"},
                                                                  content=body))))
    monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key")
    monkeypatch.setattr(claude, "client", lambda *a, **k: fake)
    at = run("pages/1_Ask.py")
    at.text_input(key="question").input("BIA 50.4(3)")
    at.button[0].click().run()
    at.button(key="explain_go").click().run()
    assert not at.exception
    assert any("Verified quote" in s.value for s in at.success)
    assert any("Not found in the cited provision" in e.value for e in at.error)
    assert at.session_state["last_answer"]["json"]["primary"]["node_id"] == "B-3:50.4:3"  # extractive answer kept
