# Tamerlane chess: build, demo and test entry points.
#
#   make demo   build in release and run the main job (perft, then an engine-vs-engine game)
#   make test   every test: fmt, clippy, docs, Rust tests, differential crosscheck
#   make bench  perft speed vs Fairy-Stockfish and the criterion benches

CARGO ?= cargo
PYTHON ?= python3
BIN := target/release/tamerlane

.PHONY: all build demo test lint rust-test crosscheck doc bench clean

all: build

build:
	$(CARGO) build --release --bin tamerlane

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

# The Rust CLI against the independent Python reference on random playouts.
crosscheck: build
	$(PYTHON) tools/reference/crosscheck.py --binary $(BIN) --games 40 --plies 120 --seed 1

test: lint doc rust-test crosscheck

bench:
	tools/bench/perft_comparison.sh

clean:
	$(CARGO) clean
