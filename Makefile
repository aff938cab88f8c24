# The only commands a user types on a fresh clone: `make eval`, `make test`, `make bench`.
# Each bootstraps .venv on first use and re-installs when pyproject.toml changes.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
KB     ?= kb
INDEX  ?= .index/kb-index.json

.PHONY: setup test eval bench clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install -q --upgrade pip
	@$(BIN)/python -m pip install -q -e '.[dev]'
	@touch $(STAMP)

test: $(STAMP)
	$(BIN)/python -m pytest

eval: $(STAMP)
	$(BIN)/python -m rag index $(KB) --out $(INDEX)

bench: $(STAMP)
	$(BIN)/python bench/latency.py
	$(BIN)/python bench/scale.py
	$(BIN)/python bench/beir.py ../shared/data/scifact --qrels train.tsv

clean:
	rm -rf $(VENV) .index results .pytest_cache
