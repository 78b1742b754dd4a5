# Two commands for a fresh machine:  `make run` (the app) and `make test` (the whole suite).
PYTHON ?= python3
PORT ?= 8501

.PHONY: run test deps system-deps build

deps:
	$(PYTHON) -m pip install -q -r requirements.txt

# Debian packages: chromium for the browser tests, Voikko for Finnish base forms.
system-deps:
	@if command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = "0" ]; then \
	  dpkg -s chromium voikko-fi libvoikko1 >/dev/null 2>&1 || \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium voikko-fi libvoikko1 >/dev/null); \
	else echo "note: install chromium, voikko-fi and libvoikko1 with your package manager"; fi

build: deps
	$(PYTHON) -m core build

run: system-deps build
	$(PYTHON) -m streamlit run app.py --server.port $(PORT)

test: system-deps deps
	$(PYTHON) -m pytest -q
