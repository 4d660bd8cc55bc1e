# Tamerlane chess: build, demo and test entry points.
#
#   make demo   build in release and run the main job (perft, then an engine-vs-engine game)
#   make test   every test: fmt, clippy, docs, Rust tests, differential crosschecks,
#               and the Python package (built into .venv, pytest, mypy, notebook)
#   make bench  perft speed vs Fairy-Stockfish and the criterion benches
#   make dev    (re)build the Python package into .venv for development

CARGO ?= cargo
PYTHON ?= python3
BIN := target/release/tamerlane

# The Python package (tamerlane-py), built into a project-local venv.
VENV ?= .venv
VPY := $(VENV)/bin/python
PY_CRATE := tamerlane-py

.PHONY: all build demo test lint rust-test crosscheck chess-crosscheck doc bench clean \
	venv dev py-dev py-test py-typecheck notebook py-bench fuzz-smoke

all: build

build:
	$(CARGO) build --release -p tamerlane-cli

demo: build
	@echo "== perft from the initial position =="
	$(BIN) perft 5
	@echo "== the engine plays itself, 30 ms per move =="
	$(CARGO) run --release --quiet --example engine_game -- 30

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets --all-features -- -D warnings

doc:
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc --workspace --no-deps

rust-test:
	$(CARGO) test --workspace --lib --bins --tests --examples --all-features
	$(CARGO) test --workspace --doc --all-features

# The Rust CLI against the independent Python reference on random playouts,
# under the default rules, then under every rule option and the seed-001 preset.
crosscheck: build
	$(PYTHON) tools/reference/crosscheck.py --binary $(BIN) --games 40 --plies 120 --seed 1
	$(PYTHON) tools/reference/crosscheck.py --binary $(BIN) --every-option --games 8 --plies 80 --outcome-games 8 --seed 1

# The chess side of the CLI (--game chess) against python-chess on random
# games; fails (never skips) when python-chess is missing from the venv.
chess-crosscheck: build venv
	$(VPY) tools/reference/chess_crosscheck.py --binary $(BIN) --games 60 --plies 300 --seed 1

test: lint doc rust-test crosscheck chess-crosscheck py-test

# --- Python -------------------------------------------------------------
# A venv with the pinned development dependencies (re-made when they change).
venv: $(VENV)/.deps-installed

$(VENV)/.deps-installed: $(PY_CRATE)/requirements-dev.txt
	test -x $(VPY) || $(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --disable-pip-version-check -r $(PY_CRATE)/requirements-dev.txt
	touch $@

# Builds the extension in release mode and installs it into the venv
# (editable: the pure-Python files are used from the source tree).
py-dev: venv
	VIRTUAL_ENV=$(abspath $(VENV)) $(VENV)/bin/maturin develop --release --quiet \
		-m $(PY_CRATE)/Cargo.toml

dev: py-dev

# pytest (with hypothesis, the CLI oracle, the examples and the notebook), then mypy.
py-test: py-dev build
	TAMERLANE_BIN=$(abspath $(BIN)) $(VPY) -m pytest $(PY_CRATE)/tests -q -p no:cacheprovider
	$(MAKE) --no-print-directory py-typecheck

py-typecheck: venv
	$(VPY) -m mypy --strict --no-incremental --cache-dir=/dev/null $(PY_CRATE)/python/tamerlane $(PY_CRATE)/tests/typing_check.py

# Executes examples/notebooks/tour.ipynb headless (also part of py-test).
notebook: py-dev
	$(VPY) -m pytest $(PY_CRATE)/tests/test_examples.py -q -p no:cacheprovider -k notebook

# Python-loop perft vs python-chess, Board.perft vs the CLI (docs/BENCHMARKS.md).
py-bench: py-dev build
	$(VPY) tools/bench/python_perft.py --binary $(BIN)

bench:
	tools/bench/perft_comparison.sh

# A bounded run of every fuzz target (FUZZ_SECONDS each, default 30) before a
# release; needs cargo-fuzz, builds on stable (docs/RELIABILITY.md). The fuzz
# regressions themselves run in rust-test.
FUZZ_SECONDS ?= 30
fuzz-smoke:
	tools/fuzz/smoke.sh $(FUZZ_SECONDS)

clean:
	$(CARGO) clean
