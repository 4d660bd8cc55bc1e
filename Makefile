# Tamerlane chess: build, demo and test entry points.
#
#   make deps   install the reference engines the tests use (Debian's fairy-stockfish
#               and stockfish), only those missing; `test` and `demo` run it
#   make demo   build in release and run the main job (perft, then an engine-vs-engine game)
#   make test   every test: fmt, clippy, docs, Rust tests, differential crosschecks
#               (Tamerlane against the Python reference, Makruk against Fairy-Stockfish),
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

.PHONY: all build deps demo test lint rust-test crosscheck makruk-crosscheck doc bench clean \
	venv dev py-dev py-test py-typecheck notebook py-bench fuzz-smoke

all: build

build:
	$(CARGO) build --release -p tamerlane-cli

# The reference engines, from Debian (root or sudo): only the missing ones
# are installed. A failed install fails the target (and `make test`).
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
REFERENCE_ENGINES := fairy-stockfish stockfish

deps:
	@missing=""; \
	for p in $(REFERENCE_ENGINES); do \
		command -v $$p >/dev/null 2>&1 || [ -x /usr/games/$$p ] || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $$missing; \
	fi

demo: deps build
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

# Makruk against Fairy-Stockfish on random playouts (moves, FENs, results);
# fails, not skips, without fairy-stockfish.
makruk-crosscheck: deps build
	$(PYTHON) tools/reference/makruk_crosscheck.py --binary $(BIN) --games 24 --plies 200 --seed 1

test: deps lint doc rust-test crosscheck makruk-crosscheck py-test

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
