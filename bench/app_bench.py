"""The app in a real browser: first page render and in-page answer time (warm), medians.

    python bench/app_bench.py [--rounds 5]     # needs a built ./data and Debian's chromium
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.test_browser import CHROMIUM, CHROMIUM_ARGS, _free_port  # noqa: E402

QUESTIONS = ["When does a bankrupt's property pass to the trustee?", "Milloin konkurssi alkaa?",
             "What is a transfer at undervalue?", "Kuka määrää pesänhoitajan?", "BIA 50.4(1)"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port)], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while True:
            try:
                if urllib.request.urlopen(f"{url}/_stcore/health", timeout=2).read() == b"ok":
                    break
            except OSError:
                time.sleep(0.3)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page()
            t = time.perf_counter()
            page.goto(url)
            page.get_by_text("Provisions (nodes)").first.wait_for(timeout=120_000)
            print(f"first page render (cold server): {time.perf_counter() - t:.2f} s (target ≤ 5 s)")
            page.goto(f"{url}/Ask")
            box = page.get_by_label("Question or citation · Kysymys tai viittaus")
            t = time.perf_counter()
            box.fill(QUESTIONS[0])
            page.get_by_role("button", name="Ask · Kysy").click()
            page.locator("mark").first.wait_for(timeout=120_000)
            print(f"first question (loads indexes and model): {time.perf_counter() - t:.2f} s")
            samples = []
            for _ in range(args.rounds):
                for q in QUESTIONS[1:] + QUESTIONS[:1]:  # never the question already on the page
                    previous = page.locator("mark").first.inner_text()
                    t = time.perf_counter()
                    box.fill(q)
                    page.get_by_role("button", name="Ask · Kysy").click()
                    page.wait_for_function("(p) => { const m = document.querySelector('mark'); "
                                           "return m && m.innerText !== p; }", arg=previous, timeout=60_000)
                    samples.append(time.perf_counter() - t)
            samples.sort()
            print(f"question answered in the page (warm): median {statistics.median(samples):.2f} s, "
                  f"p95 {samples[int(0.95 * (len(samples) - 1))]:.2f} s over {len(samples)} (target ≤ 1 s)")
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=30)


if __name__ == "__main__":
    main()
