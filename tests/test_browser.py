"""The real app in a real headless browser (Playwright driving Debian's chromium) on 127.0.0.1."""
from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(data_dir):
    port = _free_port()
    env = dict(os.environ, NORMIPOLKU_DATA=str(data_dir))
    proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", str(ROOT / "app.py"), "--server.port", str(port),
                             "--server.headless", "true", "--server.address", "127.0.0.1"],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 90
        while time.time() < deadline:
            try:
                if urllib.request.urlopen(f"{url}/_stcore/health", timeout=2).read() == b"ok":
                    break
            except OSError:
                time.sleep(0.5)
        else:
            pytest.fail("streamlit did not start")
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=30)


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is missing: apt-get install -y chromium (make test does it)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture()
def page(browser, server):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(90_000)
    outside: list[str] = []
    page.on("request", lambda r: outside.append(r.url) if not r.url.startswith(
        (server, "data:", "blob:", "about:", "http://127.0.0.1", "ws://127.0.0.1")) else None)
    page.outside_requests = outside
    yield page
    context.close()


def _wait_until(check, timeout: float = 60.0) -> None:
    deadline = time.time() + timeout
    while not check():
        if time.time() > deadline:
            raise AssertionError("condition not reached in time")
        time.sleep(0.2)


def settle(page, timeout: float = 60.0) -> None:
    """Wait until the script run is over: no "Running…" status and no stale (faded) elements."""
    _wait_until(lambda: page.locator("[data-testid='stStatusWidget']").count() == 0
                and page.locator("[data-stale='true']").count() == 0, timeout)


def press_until(page, key: str, shows, tries: int = 3) -> None:
    """Press a shortcut once the page is idle, again if nothing shows (a key pressed while a rerun
    redraws the page can arrive before its shortcut is bound). `shows` is a locator or a check."""
    for _ in range(tries):
        settle(page)
        page.locator("h1").first.click()  # keys reach the shortcuts, not a text box
        page.keyboard.press(key)
        try:
            if callable(shows):
                _wait_until(shows, 20)
            else:
                shows.first.wait_for(timeout=20_000)
            return
        except (PlaywrightTimeout, AssertionError):
            continue
    raise explain_timeout(page, f"pressing {key} showed nothing")


def open_tab(page, name: str, shows, tries: int = 3) -> None:
    """Open a tab once the page is idle, again if its content does not show: a click that lands while a rerun
    redraws the page (a flash message inserted above the tabs) can be undone when the tabs are drawn anew."""
    for _ in range(tries):
        settle(page)
        page.get_by_role("tab", name=name).click()
        try:
            shows.first.wait_for(timeout=20_000)
            return
        except PlaywrightTimeout:
            continue
    raise explain_timeout(page, f"the tab {name!r} showed nothing")


def explain_timeout(page, what: str) -> AssertionError:
    """Say where the page was and what it showed (CI keeps no screenshots); keep one locally."""
    shot(page, "failure")
    body = page.locator("[data-testid='stMain']").first.inner_text(timeout=5_000)
    return AssertionError(f"{what} at {page.url}; the main column showed:\n{body[:3000]}")


def wait_for_text(page, text: str, timeout_ms: int = 90_000) -> None:
    try:
        page.get_by_text(text).first.wait_for(timeout=timeout_ms)
    except PlaywrightTimeout:
        raise explain_timeout(page, f"{text!r} not shown") from None


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def ask(page, server: str, question: str) -> None:
    page.goto(f"{server}/Ask")
    box = page.get_by_label("Question or citation · Kysymys tai viittaus")
    box.fill(question)
    page.get_by_role("button", name="Ask · Kysy").click()
    page.locator("mark").first.wait_for()
    settle(page)  # the norm path and the other provisions are drawn after the quote


def test_ask_english_and_finnish(page, server):
    ask(page, server, "After filing a notice of intention, how long does the insolvent person have to file the "
                      "cash-flow statement with the official receiver?")
    assert "Within ten days after filing a notice of intention" in page.locator("mark").first.inner_text()
    nav = page.get_by_test_id("stSidebar").inner_text()
    assert "Home" in nav and "Norm path" in nav and "Library" in nav
    shot(page, "ask_en")
    ask(page, server, "Milloin valvontapäivän on aikaisintaan ja viimeistään oltava?")
    assert "kuukauden" in page.locator("mark").first.inner_text()
    page.get_by_text("Vastaus — säännös").first.wait_for()
    shot(page, "ask_fi")
    # In the same session, the question asked before is one click away.
    page.get_by_label("Question or citation · Kysymys tai viittaus").fill("BIA 50.4(2)")
    page.get_by_role("button", name="Ask · Kysy").click()
    page.get_by_text("BIA 50.4(2) — Certain things to be filed").first.wait_for()
    page.get_by_role("radio", name="Milloin valvontapäivän on aikaisintaan ja viimeistään oltava?").click()
    page.get_by_text("KonkL 12 luku 5 § 1 mom. — Valvontapäivän määrääminen").first.wait_for()
    # A list item is shown under the words it completes, which are not marked as the quote.
    ask(page, server, "Can a trustee hire someone whose trustee licence was cancelled?")
    lead = page.locator(".lead-in").first.inner_text()
    assert "A trustee shall not engage the services of a person" in lead
    assert page.locator("mark").first.inner_text().startswith("whose trustee licence has been cancelled")
    assert page.outside_requests == []


def test_every_page_link_draws_its_icon_from_streamlits_own_font(page, server):
    # Material Symbols come with Streamlit's front end; emoji icons showed as empty boxes where no emoji font is
    # installed (this headless Chromium, many Linux desktops).
    page.goto(server)
    links = page.locator("[data-testid='stSidebar'] [data-testid='stPageLink']")
    _wait_until(lambda: links.count() == 8)
    assert [links.nth(i).locator("[data-testid='stIconMaterial']").count() for i in range(8)] == [1] * 8
    assert page.locator("[data-testid='stSidebar'] [data-testid='stIconEmoji']").count() == 0
    assert page.outside_requests == []


def test_ask_names_the_other_provisions_with_the_same_words(page, server):
    # The CCAA states a charge's priority in the same words four times: the page says where else, under the quote.
    ask(page, server, "Can the court order that a charge over the company's property rank ahead of secured creditors "
                      "under the CCAA?")
    note = page.get_by_text("The same words also stand in").first
    note.wait_for()
    assert note.inner_text().count("CCAA 11.") == 3 and "CCAA 11.4(4) — Critical supplier" in note.inner_text()
    shot(page, "ask_same_words")
    assert page.outside_requests == []


def test_ask_opens_the_provisions_that_refer_to_the_answer(page, server):
    # What depends on the answer is one click away: BIA 49(4), the official receiver appointing a trustee, for the
    # assignment 49(1) allows.
    ask(page, server, "BIA 49(1)")
    page.get_by_text("Provisions that refer to this one (2)").first.click()
    # Within that expander: the whole section's, still closed, lists BIA 49(4) too.
    cited_by = page.locator("[data-testid='stExpander']", has_text="Provisions that refer to this one")
    cited_by.get_by_text("BIA 49(4)").wait_for(timeout=90_000)
    assert "Appointment of trustee" in cited_by.inner_text()
    page.wait_for_timeout(500)  # the expander's opening animation, for the screenshot only
    shot(page, "ask_cited_by")
    assert page.outside_requests == []


def test_ask_opens_the_whole_section_around_the_answer(page, server):
    # A subsection's answer sits among its section's other subsections: one click opens them, the answer's marked.
    ask(page, server, "BIA 109(5)")
    page.get_by_text("The whole section: BIA 109 — Right of creditor to vote (7 subsections)").first.click()
    wait_for_text(page, "A person is not entitled to vote as a creditor at any meeting of creditors unless")
    quote = "A corporation may vote by an authorized proxyholder at meetings of creditors."
    # The section's marked copy of the quote renders a moment after its other subsections: wait for it.
    page.locator("mark", has_text=quote).nth(1).wait_for(timeout=30_000)
    marks = [m.inner_text() for m in page.locator("mark").all()]
    assert marks.count(quote) == 2
    shot(page, "ask_whole_section")
    assert page.outside_requests == []


def test_ask_shows_another_provision_as_the_answer(page, server):
    # The next ranked provisions, offered under the answer in their own words; one becomes the answer on a click,
    # and the first answer is then offered back.
    ask(page, server, "Can a trustee sell the bankrupt's property to a relative of the bankrupt?")
    wait_for_text(page, "Other provisions that may answer")
    settle(page)
    heading = page.locator("h3").filter(has_text="BIA").first
    first = heading.inner_text()
    card = page.locator("[class*='st-key-alt_']").first.locator("xpath=..")  # the card holding the first button
    offered = card.locator("strong").first.inner_text()
    assert offered.startswith("BIA ") and offered != first
    card.get_by_role("button", name="Show as the answer").click()
    page.locator("h3").filter(has_text=offered).first.wait_for()
    settle(page)
    assert page.locator("h3").filter(has_text="BIA").first.inner_text() == offered
    assert page.locator("[class*='st-key-alt_']").first.locator("xpath=..").locator("strong").first.inner_text() == first
    shot(page, "ask_alternative")
    assert page.outside_requests == []


def test_norm_path_graph_renders_offline_and_shows_a_chosen_node(page, server):
    ask(page, server, "BIA 50.4(3)")
    page.get_by_role("link", name="Open this answer in the Norm path graph").click()  # same session, as a user would
    page.get_by_text("Question: ").first.wait_for()
    frame = page.frame_locator("iframe").first
    frame.locator("canvas").first.wait_for()
    page.get_by_role("combobox", name="Node").click()
    page.get_by_role("option", name="BIA 50.4(4) · B-3:50.4:4").click()
    page.get_by_text("The court may order that a cash-flow statement").first.wait_for()
    time.sleep(1.5)  # let the physics settle for the screenshot
    shot(page, "norm_path")
    assert page.outside_requests == []


def test_exam_drill_one_card(page, server):
    page.goto(f"{server}/Exam_drill")
    page.get_by_role("button", name="Reveal the statute's answer · Näytä vastaus").click()
    page.locator("mark").first.wait_for()
    before = page.get_by_text(" done this session").first.inner_text()
    page.get_by_role("button", name="Good").click()
    page.wait_for_function("(b) => !document.body.innerText.includes(b)", arg=before)
    assert "1 of" in page.get_by_text(" done this session").first.inner_text()
    settle(page)
    # The next question comes with its answer hidden: the graded one's quote does not linger below it.
    assert page.locator("mark").count() == 0
    shot(page, "drill")


def test_library_imports_a_good_file_and_rejects_a_bad_one(page, server, tmp_path, data_dir):
    good = tmp_path / "test_act.txt"
    good.write_text("Title: Browser Test Act\nKey: BTA-1\nLang: en\n\nSection 1 Filing\n"
                    "A debtor shall file a statement within 10 days after the order.\n\nSection 2 Exception\n"
                    "Despite section 1, the court may extend the time.\n", encoding="utf-8")
    bad = tmp_path / "broken.xml"
    bad.write_bytes(b"<Statute><Body><Section><Label>1</Label>")
    page.goto(f"{server}/Library")
    open_tab(page, "Import a statute", page.get_by_text("Justice Laws XML, Finlex XML"))
    page.locator("input[type=file]").first.set_input_files(str(bad))
    page.get_by_text("Not imported: broken.xml: malformed XML").first.wait_for()
    shot(page, "library_bad")
    page.locator("input[type=file]").first.set_input_files(str(good))
    page.get_by_text("Parsed Browser Test Act").first.wait_for()
    page.get_by_role("button", name="Save and index").click()
    try:
        page.get_by_text("Imported BTA-1").first.wait_for()
        shot(page, "library_good")
        delete = page.get_by_role("button", name="Delete this imported law")
        open_tab(page, "Rebuild / delete", delete)
        delete.click()
        page.get_by_text("Deleted BTA-1").first.wait_for()
    finally:  # leave the shared test corpus as it was, whatever happened above
        from core import build, store

        db = store.connect(data_dir / "normipolku.db")
        if store.get_node(db, "BTA-1") is not None:
            build.delete_imported(db, "BTA-1")


def test_review_with_the_keyboard_then_export(page, server, data_dir):
    from core import review, store

    db = store.connect(data_dir / "normipolku.db")
    page.goto(f"{server}/Review")
    if not review.counts(db):  # a fresh database: the empty state offers the rules extractor
        page.get_by_role("button", name="Extract with rules").click()
        page.get_by_text(re.compile(r"Extracted \d+ new relationships")).first.wait_for()
    page.get_by_label("Your name (for the audit log)").fill("browser")
    page.get_by_label("Your name (for the audit log)").press("Enter")
    page.locator("h1").first.click()  # leave the text box so that keys reach the shortcuts
    first = review.query(db, status="pending", limit=1)[0]
    page.keyboard.press("a")
    page.get_by_text(f"Saved #{first['id']}").first.wait_for()
    assert review.get(db, first["id"])["status"] == "approved"
    second = review.query(db, status="pending", limit=1)[0]
    page.locator("h1").first.click()
    page.keyboard.press("e")
    actor = page.get_by_label("Actor", exact=True)
    actor.fill("edited actor")
    page.get_by_role("button", name="Save changes").click()
    page.get_by_text(f"Saved #{second['id']}").first.wait_for()
    assert review.get(db, second["id"])["actor"] == "edited actor"
    settle(page)  # after the save's rerun the old form can still stand beside the new one
    page.get_by_label("Reason for rejecting").fill("not a duty")
    page.get_by_role("button", name="Reject").click()
    _wait_until(lambda: review.get(db, second["id"])["status"] == "rejected")  # the edit's "Saved" is still shown
    page.locator("h1").first.click()
    page.keyboard.press("u")
    page.get_by_text("Undone").first.wait_for()
    assert review.get(db, second["id"])["status"] == "pending"
    shot(page, "review")
    with page.expect_download() as download:
        page.get_by_role("button", name=re.compile(r"^Export approved relationships \(JSONL, \d+\)")).click()
    lines = Path(download.value.path()).read_text(encoding="utf-8").splitlines()
    assert any(f'"id": {first["id"]}' in line for line in lines)
    assert page.outside_requests == []


def test_quiz_session_with_the_keyboard_and_progress_plot(page, server, data_dir):
    from core import extract, quiz, review, store

    db = store.connect(data_dir / "normipolku.db")
    quiz.ensure_schema(db)
    if not review.query(db, status="approved", has_deadline=True, limit=1):
        if not review.counts(db):
            extract.run_rules(db)
        for r in review.query(db, status="pending", has_deadline=True, limit=10):
            review.approve(db, r["id"], r["version"], "browser-setup")
    page.goto(f"{server}/Quiz")
    page.get_by_role("button", name="Make cards from approved duties").click()
    page.get_by_text("in all).").first.wait_for()
    reviews = lambda: db.execute("SELECT COUNT(*) FROM quiz_reviews").fetchone()[0]  # noqa: E731
    answer = page.locator("strong", has_text=re.compile(r"^Answer"))
    for _ in range(2):
        before = reviews()
        page.get_by_role("button", name="Reveal").wait_for()
        press_until(page, "Space", answer)
        page.locator("mark").first.wait_for()
        press_until(page, "3", lambda: reviews() > before)  # the rating is stored
        page.get_by_text("Next review in").first.wait_for()
        settle(page)  # the next card is drawn: the rerun is over
    shot(page, "quiz")
    page.get_by_role("link", name="See your progress").click()
    try:  # asked in the page: Streamlit navigates with the history API, without a load event
        page.wait_for_function("() => location.pathname.endsWith('/Progress')", timeout=30_000)
    except PlaywrightTimeout:
        raise explain_timeout(page, "the progress link did not navigate") from None
    wait_for_text(page, "Reviews per day")
    page.locator("[data-testid='stVegaLiteChart']").first.wait_for()
    shot(page, "progress")
    assert page.outside_requests == []
