# Tamerlane chess: build, demo and test entry points.
#
#   make deps   install the Debian packages the tests use, only those missing: the
#               reference engines (fairy-stockfish, stockfish) and the headless browser
#               of the web board's test (chromium, chromium-driver); `test` and `demo` run it
#   make demo   build in release and run the main job (perft, then an engine-vs-engine game)
#   make test   every test: fmt, clippy, docs, Rust tests (the deep perft suites in
#               release), the crates as packaged,
#               differential crosschecks (Tamerlane against the Python reference,
#               chess against python-chess, Makruk against Fairy-Stockfish), the
#               Python package (built into .venv, pytest, mypy, notebook) and the
#               portable wheel installed into a fresh venv
#   make bench  perft speed vs Fairy-Stockfish and the criterion benches
#   make dev    (re)build the Python package into .venv for development
#   make wheel  the Python wheel (manylinux2014, abi3) and sdist, into target/wheels/
#   make train GAME=tamerlane|chess|makruk  a network (NNUE) from nothing: self-play
#               data, training, the net file in tamerlane-ai/nets/, its checks
#               and a match against the hand-made evaluation (docs/TRAINING.md)
#   make train-smoke  the same in small for the three games (seconds; in `make test`)
#   make alphazero  the AlphaZero example: JAX into .venv, 30 minutes of training
#               into examples/alphazero/, then its games (about 75 minutes in all)

CARGO ?= cargo
PYTHON ?= python3
BIN := target/release/tamerlane

# The Python package (tamerlane-py), built into a project-local venv.
VENV ?= .venv
VPY := $(VENV)/bin/python
PY_CRATE := tamerlane-py

.PHONY: all build deps demo test lint rust-test crosscheck chess-crosscheck \
	makruk-crosscheck doc bench clean venv dev py-dev py-test py-typecheck notebook \
	py-bench fuzz-smoke package-check wheel wheel-test perft-deep alphazero train train-smoke

all: build

build:
	$(CARGO) build --release -p tamerlane-cli

# The Debian packages the tests need (root or sudo), as PACKAGE:COMMAND:
# the reference engines, and Chromium with its WebDriver for the web
# board's browser test (tamerlane-py/tests/test_web.py, docs/WEB.md). Only
# the packages whose command is missing are installed. A failed install
# fails the target (and `make test`).
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
DEBIAN_PACKAGES := fairy-stockfish:fairy-stockfish stockfish:stockfish \
	chromium:chromium chromium-driver:chromedriver

deps:
	@missing=""; \
	for pc in $(DEBIAN_PACKAGES); do \
		p=$${pc%%:*}; c=$${pc#*:}; \
		command -v $$c >/dev/null 2>&1 || [ -x /usr/games/$$c ] || missing="$$missing $$p"; \
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

# Formatting, clippy, and no import circle between the files of any crate
# (tools/lint/import_cycles.py).
lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets --all-features -- -D warnings
	$(PYTHON) tools/lint/import_cycles.py tamerlane-core/src tamerlane-ai/src tamerlane-cli/src \
		tamerlane-py/src tamerlane-testkit/src tamerlane-figures/src

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

test: deps lint doc rust-test perft-deep package-check crosscheck chess-crosscheck \
	makruk-crosscheck py-test wheel-test

# The deep perft suites, `#[ignore]`d in `rust-test` (far too slow
# unoptimized), in release: the chess counts above five million leaves
# (start depth 6, Kiwipete depth 5, ...) and Makruk to depth 6 (each
# position and its mirror). A few seconds of running once built. The
# filter takes every ignored test with `perft` in its name, not the other
# ignored ones (the search for the densest position).
perft-deep:
	$(CARGO) test --release -p tamerlane-core --test it -- --ignored perft

# Every published crate packaged as crates.io would receive it (only the
# files its `include` list names; path dependencies become versions) and
# built from that package; nothing is uploaded. The crates with
# `publish = false` (tamerlane-py, tamerlane-testkit) are left out. Cargo
# hands the packaged crates to each other through a local registry and
# treats a registry crate of the same version as unchanged: its unpacked
# copy (under $CARGO_HOME/registry/src/-HASH/) and its build would be those
# of an earlier run, so both go first.
PACKAGE_TARGET := target/package-check
package-check:
	rm -rf "$${CARGO_HOME:-$$HOME/.cargo}"/registry/src/-*/tamerlane-* $(PACKAGE_TARGET)
	$(CARGO) publish --dry-run --workspace --allow-dirty --target-dir $(PACKAGE_TARGET)

# The chess side of the CLI (--game chess) against python-chess on random
# games; fails (never skips) when python-chess is missing from the venv.
chess-crosscheck: build venv
	$(VPY) tools/reference/chess_crosscheck.py --binary $(BIN) --games 60 --plies 300 --seed 1

# Makruk against Fairy-Stockfish on random playouts (moves, FENs, results);
# fails, not skips, without fairy-stockfish.
makruk-crosscheck: deps build
	$(PYTHON) tools/reference/makruk_crosscheck.py --binary $(BIN) --games 24 --plies 200 --seed 1

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

# pytest (with hypothesis, the CLI oracle, the examples, the notebook and
# the web board in headless Chromium), then mypy.
py-test: deps py-dev build
	TAMERLANE_BIN=$(abspath $(BIN)) $(VPY) -m pytest $(PY_CRATE)/tests -q -p no:cacheprovider
	$(MAKE) --no-print-directory py-typecheck

py-typecheck: venv
	$(VPY) -m mypy --strict --no-incremental --cache-dir=/dev/null $(PY_CRATE)/python/tamerlane $(PY_CRATE)/tests \
		$(PY_CRATE)/wheel_tests

# The package as published, into $(WHEEL_DIR)/: the source distribution, and
# an abi3 wheel built from it for manylinux2014 (glibc >= 2.17), linked by zig
# (the pinned ziglang package in the venv) instead of against this machine's
# glibc, and for the baseline x86-64 CPU (RUSTFLAGS replaces the x86-64-v2
# of .cargo/config.toml), so that it runs on every x86-64 machine.
WHEEL_DIR := target/wheels
wheel: venv
	rm -f $(WHEEL_DIR)/tamerlane-*.whl $(WHEEL_DIR)/tamerlane-*.tar.gz
	PATH="$(abspath $(VENV))/bin:$$PATH" RUSTFLAGS="-C target-cpu=x86-64" \
		$(VENV)/bin/maturin build --release --sdist --zig --compatibility manylinux2014 \
		-m $(PY_CRATE)/Cargo.toml -o $(WHEEL_DIR)

# Checks the wheel and sdist of `make wheel` (tags, glibc symbols, licence
# files), installs the wheel into a fresh virtualenv without the network and
# runs it there.
wheel-test: wheel
	TAMERLANE_WHEEL_DIR=$(abspath $(WHEEL_DIR)) $(VPY) -m pytest $(PY_CRATE)/wheel_tests -q -p no:cacheprovider

# Executes examples/notebooks/tour.ipynb and training.ipynb headless (also
# part of py-test).
notebook: py-dev
	$(VPY) -m pytest $(PY_CRATE)/tests/test_examples.py -q -p no:cacheprovider -k notebook

# Python-loop perft vs python-chess, Board.perft vs the CLI (docs/BENCHMARKS.md).
py-bench: py-dev build
	$(VPY) tools/bench/python_perft.py --binary $(BIN)

bench:
	tools/bench/perft_comparison.sh

# The AlphaZero example (examples/alphazero/README.md): the `alphazero`
# extra of tamerlane-py/pyproject.toml (JAX on the CPU, optax, matplotlib)
# into .venv, AZ_MINUTES of training (self-play with tamerlane.mcts.MCTS
# in two processes, the network in JAX) into examples/alphazero/
# (checkpoint.npz, curve.csv, curve.png), then 100 games against a random
# player and 20 against the engine at its lowest level (results.json).
# About 75 minutes on a 2-core machine (estimated from the parts' times).
# `make test` runs the same loop in small with a numpy network, and a smoke
# of the JAX network (JAX and optax are pinned in
# tamerlane-py/requirements-dev.txt; tamerlane-py/tests/test_alphazero_example.py).
AZ_DIR := examples/alphazero
AZ_MINUTES ?= 30
alphazero: py-dev
	$(VPY) -c "import tomllib; print('\n'.join(tomllib.load(open('$(PY_CRATE)/pyproject.toml', 'rb'))['project']['optional-dependencies']['alphazero']))" \
		| xargs $(VPY) -m pip install --quiet --disable-pip-version-check
	$(VPY) $(AZ_DIR)/train.py --minutes $(AZ_MINUTES) --seed 1 --workers 2 --out $(AZ_DIR)
	$(VPY) $(AZ_DIR)/play.py $(AZ_DIR)/checkpoint.npz --games 100 --engine-games 20 \
		--json $(AZ_DIR)/results.json

# A network for GAME (docs/TRAINING.md), in TRAIN_ROUNDS rounds (1 to 9;
# the recipes of the shipped nets: 2 for Tamerlane chess and chess, 6 for
# Makruk).
# Round 1: TRAIN_GAMES self-play games at TRAIN_NODES nodes a move (by
# default 6.4 million quiet positions of Tamerlane chess, 3.2 million of
# chess, 8.7 million of Makruk: the first rounds of the shipped nets), seed
# TRAIN_DATA_SEED, the engine configured by TRAIN_CONFIG (the hand-made
# evaluation: a net from nothing; `full` bootstraps from the embedded net,
# or from the net file TRAIN_EVAL_FILE when given), in chunks of TRAIN_CHUNK games run TRAIN_JOBS at a time,
# into $(TRAIN_DIR)/data/SETTINGS/ (resumable: complete chunks are kept;
# TRAIN_DATA, files or directories of existing shards, skips the rounds).
# Round 2: a net trained on round 1's data (SETTINGS.nnue beside it, kept
# for a rerun), then TRAIN_GAMES2 more games (by default TRAIN_GAMES; half
# of it, rounded up, for Makruk), seed TRAIN_DATA_SEED + 1,
# scored by that net. Each further round N + 1 likewise: a net trained
# after round N (on what TRAIN_ON says, below), then TRAIN_GAMES2 games,
# seed TRAIN_DATA_SEED + N, scored by it. The net: TRAIN_EPOCHS of tools/nnue/train.py (seed
# TRAIN_SEED) on every round's data (TRAIN_ON=all; TRAIN_ON=last, chess's
# default, on the last round's only), into TRAIN_NET (tamerlane-ai/nets/GAME.nnue,
# where it is embedded, by default) with its .json, checked against the
# Rust evaluator; then the CLI rebuilt (nets are embedded at build time)
# and a match of the net against the hand-made evaluation (`full,hce`),
# recorded in $(TRAIN_DIR)/match.txt.
GAME ?= tamerlane
comma := ,
TRAIN_GAMES_tamerlane := 32500
TRAIN_GAMES_chess := 40000
TRAIN_GAMES_makruk := 40000
TRAIN_GAMES ?= $(TRAIN_GAMES_$(GAME))
TRAIN_GAMES2_makruk = $(shell expr \( $(TRAIN_GAMES) + 1 \) / 2 2>/dev/null)
TRAIN_GAMES2 ?= $(or $(TRAIN_GAMES2_$(GAME)),$(TRAIN_GAMES))
TRAIN_ROUNDS_tamerlane := 2
TRAIN_ROUNDS_chess := 2
TRAIN_ROUNDS_makruk := 6
TRAIN_ROUNDS ?= $(TRAIN_ROUNDS_$(GAME))
TRAIN_ON_tamerlane := all
TRAIN_ON_chess := last
TRAIN_ON_makruk := all
TRAIN_ON ?= $(TRAIN_ON_$(GAME))
TRAIN_NODES ?= 1000
# The nodes a move of each round, from round 1, in a recipe that changes
# them (Makruk's round 6 played at 5000); a round past the list, or every
# round when TRAIN_NODES is given, plays at TRAIN_NODES.
TRAIN_NODES_ROUNDS_makruk := 1000 1000 1000 1000 1000 5000
TRAIN_NODES_ROUNDS ?= $(if $(filter file,$(origin TRAIN_NODES)),$(TRAIN_NODES_ROUNDS_$(GAME)))
train_nodes = $(or $(word $(1),$(TRAIN_NODES_ROUNDS)),$(TRAIN_NODES))
TRAIN_CONFIG ?= full,hce
TRAIN_EVAL_FILE ?=
TRAIN_EPOCHS_tamerlane := 2
TRAIN_EPOCHS_chess := 4
TRAIN_EPOCHS_makruk := 3
TRAIN_EPOCHS ?= $(TRAIN_EPOCHS_$(GAME))
TRAIN_SEED ?= 1
TRAIN_DATA_SEED ?= $(TRAIN_SEED)
TRAIN_JOBS ?= 2
TRAIN_CHUNK ?= 100
TRAIN_DATA ?=
TRAIN_DIR := target/train/$(GAME)
TRAIN_NET ?= tamerlane-ai/nets/$(GAME).nnue
TRAIN_GEN := $(TRAIN_DIR)/data/seed$(TRAIN_DATA_SEED)-nodes$(call train_nodes,1)-$(subst $(comma),_,$(TRAIN_CONFIG))$(if $(strip $(TRAIN_EVAL_FILE)),-$(basename $(notdir $(TRAIN_EVAL_FILE))))
# Round N's data (N > 1): seed TRAIN_DATA_SEED + N - 1, scored by the net
# trained after round N - 1, its folder named after that round's.
train_gen = $(if $(filter 1,$(1)),$(TRAIN_GEN),$(TRAIN_DIR)/data/seed$(shell expr $(TRAIN_DATA_SEED) + $(1) - 1 2>/dev/null)-nodes$(call train_nodes,$(1))-full-$(notdir $(call train_gen,$(shell expr $(1) - 1))))
# The numbers of rounds `train` takes (the only place of that limit):
# round_count is N when N is one of them, else empty; round_numbers is 1
# to N, or nothing for a bad N, which `train`'s first line then refuses.
TRAIN_ROUND_NUMBERS := 1 2 3 4 5 6 7 8 9
round_count = $(and $(filter 1,$(words $(1))),$(filter $(TRAIN_ROUND_NUMBERS),$(1)))
round_numbers = $(wordlist 1,$(or $(call round_count,$(1)),0),$(TRAIN_ROUND_NUMBERS))
# What a net trained after round N learns from: the data of rounds 1 to N
# (TRAIN_ON=all), or of round N alone (TRAIN_ON=last).
train_rounds = $(foreach n,$(call round_numbers,$(1)),$(call train_gen,$(n)))
train_on = $(if $(filter last,$(TRAIN_ON)),$(lastword $(call train_rounds,$(1))),$(call train_rounds,$(1)))
TRAIN_INPUT = $(or $(strip $(TRAIN_DATA)),$(call train_on,$(TRAIN_ROUNDS)))
# Round N + 1 of self-play ($(1) is N), written once for every round after
# the first: the net after round N, trained unless its file beside round
# N's data exists, then TRAIN_GAMES2 games scored by that net.
define train_round
	[ -f $(call train_gen,$(1)).nnue ] || $(TRAIN_PY) $(call train_on,$(1)) \
		--out $(call train_gen,$(1)).nnue --float-out $(call train_gen,$(1)).npz
	tools/nnue/datagen.sh $(BIN) $(GAME) $(TRAIN_GAMES2) $(TRAIN_CHUNK) $(call train_nodes,$(shell expr $(1) + 1)) \
		$(shell expr $(TRAIN_DATA_SEED) + $(1)) $(TRAIN_JOBS) full $(call train_gen,$(shell expr $(1) + 1)) \
		$(call train_gen,$(1)).nnue

endef
TRAIN_PY = $(VPY) tools/nnue/train.py --game $(GAME) --epochs $(TRAIN_EPOCHS) --seed $(TRAIN_SEED) \
	--eval $(abspath $(NNUE_EVAL))
NNUE_EVAL := target/release/examples/nnue_eval

train: py-dev build
	@$(if $(call round_count,$(TRAIN_ROUNDS)),,echo "TRAIN_ROUNDS must be a number from 1 to $(lastword $(TRAIN_ROUND_NUMBERS))$(comma) not '$(TRAIN_ROUNDS)'" >&2; exit 2)
	@case "$(TRAIN_ON)" in all|last) ;; *) echo "TRAIN_ON must be all or last, not '$(TRAIN_ON)'" >&2; exit 2;; esac
	@expr "$(TRAIN_DATA_SEED)" + 1 >/dev/null 2>&1 || { echo "TRAIN_DATA_SEED must be a number, not '$(TRAIN_DATA_SEED)'" >&2; exit 2; }
	mkdir -p $(TRAIN_DIR)
	$(CARGO) build --release -p tamerlane-ai --example nnue_eval
ifeq ($(strip $(TRAIN_DATA)),)
	tools/nnue/datagen.sh $(BIN) $(GAME) $(TRAIN_GAMES) $(TRAIN_CHUNK) $(call train_nodes,1) \
		$(TRAIN_DATA_SEED) $(TRAIN_JOBS) $(TRAIN_CONFIG) $(TRAIN_GEN) $(TRAIN_EVAL_FILE)
	$(foreach n,$(filter-out $(TRAIN_ROUNDS),$(call round_numbers,$(TRAIN_ROUNDS))),$(call train_round,$(n)))
endif
	$(TRAIN_PY) $(TRAIN_INPUT) --out $(TRAIN_NET) --float-out $(TRAIN_DIR)/float.npz
	$(CARGO) build --release -p tamerlane-cli
	$(BIN) match --game $(GAME) --a full --a-eval-file $(TRAIN_NET) --b full,hce --games 20 --nodes 5000 \
		> $(TRAIN_DIR)/match.txt; s=$$?; cat $(TRAIN_DIR)/match.txt; exit $$s

# The trainer in small for the three games: 3 games of self-play each, two
# epochs, the net checked against the Rust evaluator (tools/nnue/smoke.py;
# tamerlane-py/tests/test_nnue_train.py runs it in `make test`).
train-smoke: py-dev build
	$(CARGO) build --release -p tamerlane-ai --example nnue_eval
	$(VPY) tools/nnue/smoke.py --binary $(BIN) --eval $(abspath $(NNUE_EVAL))

# A bounded run of every fuzz target (FUZZ_SECONDS each, default 30) before a
# release; needs cargo-fuzz, builds on stable (docs/RELIABILITY.md). The fuzz
# regressions themselves run in rust-test.
FUZZ_SECONDS ?= 30
fuzz-smoke:
	tools/fuzz/smoke.sh $(FUZZ_SECONDS)

clean:
	$(CARGO) clean
