"""``tamerlane.VectorEnv``, ``random_rollouts`` and the batch plane helpers,
checked against ``Board`` (the game played move by move through the Rust
``Game``), hand-derived games and gymnasium."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from typing import Any, List, Tuple

import gymnasium
import numpy as np
import pytest

import tamerlane
from tamerlane import Board, VectorEnv

A = tamerlane.ACTION_SPACE_SIZE
SHAPE = (tamerlane.PLANES, tamerlane.BOARD_ROWS, tamerlane.BOARD_COLS)

# Knights out and back twice: the start position occurs a second time after
# four plies (docs/RULES.md, 6.4; the core's Game::play example).
REPEAT = ["b2c4", "b9c7", "c4b2", "c7b9"]


def uint8_planes(board: Board, history: int = 0) -> Any:
    """The uint8 planes as documented: round(255 * the float32 planes)."""
    return np.round(board.to_planes(history=history) * 255).astype(np.uint8)


def play(boards: List[Board], actions: Any) -> None:
    for b, a in zip(boards, actions):
        b.push(tamerlane.index_to_move(b, int(a)))


def test_shapes_dtypes_and_spaces() -> None:
    env = VectorEnv(3, seed=5)
    obs, info = env.reset()
    assert env.num_envs == len(env) == 3
    assert obs.shape == (3, *SHAPE) and obs.dtype == np.uint8
    mask = info["action_mask"]
    assert mask.shape == (3, A) and mask.dtype == np.bool_
    obs, reward, terminated, truncated, info = env.step(env.random_actions())
    assert reward.shape == (3,) and reward.dtype == np.float32
    assert terminated.dtype == np.bool_ and truncated.dtype == np.bool_
    assert env.single_observation_shape == SHAPE
    assert env.single_observation_space == gymnasium.spaces.Box(0, 255, SHAPE, np.uint8)
    assert env.observation_space.shape == (3, *SHAPE)
    assert env.single_action_space == gymnasium.spaces.Discrete(A)
    assert env.action_space == gymnasium.spaces.MultiDiscrete([A, A, A])
    assert env.observation_space.contains(obs)
    assert env.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.SAME_STEP
    f32 = VectorEnv(2, dtype=np.float32)
    obs32, _ = f32.reset()
    assert obs32.dtype == np.float32
    assert np.array_equal(obs32[1], Board().to_planes())
    assert f32.single_observation_space == gymnasium.spaces.Box(0.0, 1.0, SHAPE, np.float32)


def test_import_tamerlane_does_not_import_gymnasium() -> None:
    code = "import sys, tamerlane; print('gymnasium' in sys.modules, tamerlane.VectorEnv.__module__)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "tamerlane"]


def test_outputs_are_read_only_views_unless_copied() -> None:
    env = VectorEnv(2)
    obs, info = env.reset()
    assert not obs.flags.writeable and not info["action_mask"].flags.writeable
    before = obs.copy()
    env.step(env.random_actions())
    assert not np.array_equal(obs, before)  # the buffer was overwritten
    copying = VectorEnv(2, copy=True)
    obs, _ = copying.reset()
    assert obs.flags.writeable
    copying.step(copying.random_actions())
    assert np.array_equal(obs, before)  # a copy keeps the start position


@pytest.mark.parametrize("dtype", [np.uint8, np.float32])
def test_observations_and_masks_equal_the_boards(dtype: Any) -> None:
    n = 4
    env = VectorEnv(n, seed=11, dtype=dtype, history=2)
    obs, info = env.reset()
    boards = [Board() for _ in range(n)]
    for ply in range(60):
        actions = env.random_actions()
        play(boards, actions)
        obs, reward, terminated, truncated, info = env.step(actions)
        assert not (terminated | truncated).any()  # no game ends this early
        assert env.tfens() == [b.tfen() for b in boards]
        for i, b in enumerate(boards):
            assert np.array_equal(info["action_mask"][i], b.legal_action_mask()), (ply, i)
            if dtype is np.uint8:
                assert np.array_equal(obs[i], uint8_planes(b, history=2)), (ply, i)
            else:
                assert np.array_equal(obs[i], b.to_planes(history=2)), (ply, i)
    assert list(env.episode_plies()) == [60] * n


# Rule sets for the long random games: the presets, repetition counts at
# the ends of their range (the repetition plane tells counts 1 to 10 apart),
# no repetition or move limit, and one arrival (whose pawn of pawns may undo
# its moves), with other options changed on the way.
LONG_GAME_RULES = [
    "",
    "seed-001",
    "seed-001,repetition=3,move-limit=60",
    "repetition=2",
    "repetition=10,move-limit=off",
    "pawn-of-pawns=one-arrival,repetition=2,move-limit=80",
    "swap-with=any,swap-when=check,lone-royal=before-move,move-limit=30",
    "placement-onto=enemy,placement-targets=fork-or-trapped,royals-only=off,citadel-entry=king-only",
]


@pytest.mark.parametrize("rules", LONG_GAME_RULES)
def test_long_random_games_equal_the_boards(rules: str) -> None:
    """Random games to their ends, over autoresets, under each rule set: each
    step's outputs equal those of a Board replaying the same moves. The
    Board's planes are written whole by the plane writer (the env's
    observations, kept up to date from step to step, must be bit-identical),
    its repetition count (the repetition plane) scans the whole game (the
    env's only the positions since the last irreversible move), and its
    outcome decides the end (the env's reads the move list it generated)."""
    k = LONG_GAME_RULES.index(rules)
    settings: List[Tuple[Any, int]] = [(np.uint8, 0), (np.float32, 2), (np.uint8, 2), (np.float32, 0)]
    dtype, history = settings[k % 4]
    n, max_plies = 4, 700

    def planes(board: Board) -> Any:
        return board.to_planes(dtype=dtype, history=history)

    env = VectorEnv(n, rules=rules, seed=101 + k, max_plies=max_plies, dtype=dtype, history=history)
    obs, info = env.reset()
    boards = [Board(rules=rules) for _ in range(n)]
    ended: List[int] = []  # the termination of each game the rules ended
    episodes = 0
    most_repeated = 1
    for _ in range(2000):
        actions = env.random_actions()
        play(boards, actions)
        obs, reward, terminated, truncated, info = env.step(actions)
        for i, b in enumerate(boards):
            outcome = b.outcome()
            if terminated[i] or truncated[i]:
                assert np.array_equal(info["final_obs"][i], planes(b))
                assert info["final_info"]["plies"][i] == b.ply()
                episodes += 1
                if terminated[i]:
                    assert outcome is not None
                    ended.append(int(outcome.termination))
                    assert info["final_info"]["termination"][i] == ended[-1]
                else:
                    assert outcome is None and b.ply() == max_plies
                boards[i] = b = Board(rules=rules)
            else:
                assert outcome is None
                most_repeated = max(most_repeated, b.repetition_count())
            assert np.array_equal(obs[i], planes(b))
            assert np.array_equal(info["action_mask"][i], b.legal_action_mask())
    assert env.tfens() == [b.tfen() for b in boards]
    # Several games ended (by the rules or the length cap), and positions
    # repeated where the rules count repetitions.
    assert episodes >= 3 and ended, ended
    if "repetition=off" not in Board(rules=rules).rules:
        assert most_repeated >= 2 or int(tamerlane.Termination.REPETITION) in ended


def test_same_seed_same_games_other_seed_other_games() -> None:
    def run(seed: int) -> List[Any]:
        env = VectorEnv(3, seed=seed)
        env.reset()
        out = []
        for _ in range(40):
            actions = env.random_actions()
            obs, *_ = env.step(actions)
            out.append(actions.copy())
        out.append(obs.copy())
        return out

    a, b, c = run(7), run(7), run(8)
    assert all(np.array_equal(x, y) for x, y in zip(a, b))
    assert not all(np.array_equal(x, y) for x, y in zip(a, c))
    env = VectorEnv(3, seed=7)
    first = [env.random_actions() for _ in range(1)][0]
    env.step(first)
    env.reset(seed=7)  # reseeding restarts the same stream
    assert np.array_equal(env.random_actions(), first)


def test_repetition_terminates_and_autoresets_in_the_same_step() -> None:
    env = VectorEnv(2, rules="repetition=2")
    env.reset()
    other = Board(rules="repetition=2")
    start_obs = uint8_planes(Board())
    start_mask = Board().legal_action_mask()
    final = Board(rules="repetition=2")
    for k, m in enumerate(REPEAT):
        # Game 0 repeats; game 1 plays f3f4 then shuffles knights on the other wing.
        mv0 = final.parse_str(m)
        mv1 = other.parse_str(["f3f4", "b9c7", "j2i4", "c7b9"][k])
        actions = np.array([tamerlane.move_to_index(mv0), tamerlane.move_to_index(mv1)])
        final.push(mv0)
        other.push(mv1)
        obs, reward, terminated, truncated, info = env.step(actions)
    assert final.outcome() is not None  # the independent Board agrees it ended
    assert list(terminated) == [True, False] and list(truncated) == [False, False]
    assert list(reward) == [0.0, 0.0]  # a draw
    assert list(info["_final_obs"]) == [True, False]
    assert np.array_equal(info["final_obs"][0], uint8_planes(final))
    fin = info["final_info"]
    assert fin["termination"][0] == 4  # Termination.REPETITION's index
    assert fin["winner"][0] == 0 and fin["plies"][0] == 4
    # Same-step autoreset: game 0 is at the start again, with its mask.
    assert np.array_equal(obs[0], start_obs)
    assert np.array_equal(info["action_mask"][0], start_mask)
    assert np.array_equal(obs[1], uint8_planes(other))
    assert env.tfens()[0] == tamerlane.INITIAL_TFEN
    assert list(env.episode_plies()) == [0, 4]
    # The next step has no final observation.
    obs, reward, terminated, truncated, info = env.step(env.random_actions())
    assert "final_obs" not in info and not terminated.any()


def test_max_plies_truncates_not_terminates() -> None:
    env = VectorEnv(3, seed=2, max_plies=3)
    env.reset()
    for ply in range(1, 4):
        obs, reward, terminated, truncated, info = env.step(env.random_actions())
    assert list(truncated) == [True] * 3 and not terminated.any()
    assert list(reward) == [0.0] * 3
    assert list(info["final_info"]["plies"]) == [3] * 3
    assert list(info["final_info"]["termination"]) == [-1] * 3
    assert all(t == tamerlane.INITIAL_TFEN for t in env.tfens())


def test_rewards_are_the_movers_result() -> None:
    """Random games until some end in a win: the reward is +1 for the side
    that made the last move when the (independent) Board says it won."""
    n = 32
    env = VectorEnv(n, seed=3)
    env.reset()
    boards = [Board() for _ in range(n)]
    decisive = draws = 0
    for _ in range(4000):
        actions = env.random_actions()
        movers = [b.turn for b in boards]
        play(boards, actions)
        obs, reward, terminated, truncated, info = env.step(actions)
        for i in np.flatnonzero(terminated | truncated):
            outcome = boards[i].outcome()
            if terminated[i]:
                assert outcome is not None
                if outcome.winner is None:
                    assert reward[i] == 0.0 and info["final_info"]["winner"][i] == 0
                    draws += 1
                else:
                    assert reward[i] == (1.0 if outcome.winner == movers[i] else -1.0)
                    assert info["final_info"]["winner"][i] == (1 if outcome.winner == tamerlane.WHITE else -1)
                    decisive += 1
            else:
                assert outcome is None and reward[i] == 0.0
            boards[i] = Board()
        if decisive >= 2 and draws >= 2:
            break
    assert decisive >= 2 and draws >= 2


@pytest.mark.parametrize("bad", [-1, A, 2**40])
def test_out_of_range_action_names_the_env_and_changes_nothing(bad: int) -> None:
    env = VectorEnv(3, seed=1)
    obs, _ = env.reset()
    before = obs.copy()
    actions = env.random_actions()
    actions[2] = bad
    with pytest.raises(ValueError, match=f"env 2: action {bad} out of range"):
        env.step(actions)
    assert np.array_equal(obs, before)
    assert all(t == tamerlane.INITIAL_TFEN for t in env.tfens())


def test_illegal_action_names_the_env_and_changes_nothing() -> None:
    env = VectorEnv(3, seed=1)
    env.reset()
    env.step(env.random_actions())
    tfens = env.tfens()
    actions = env.random_actions()
    actions[1] = 0  # a1 to a1 (from the mover's view): never a move
    with pytest.raises(tamerlane.IllegalMoveError, match=f"env 1: action {actions[1]}"):
        env.step(actions)
    assert env.tfens() == tfens


def test_actions_in_other_integer_forms_step_alike() -> None:
    """A contiguous int64 array is read directly; a list, other integer
    dtypes and a strided view go through numpy.asarray, to the same moves."""
    reference = VectorEnv(3, seed=6)
    reference.reset()
    for _ in range(5):
        reference.step(reference.random_actions())
    actions = reference.random_actions()
    forms: List[Any] = [
        actions.tolist(),
        actions.astype(np.int32),
        actions.astype(np.uint16),
        np.repeat(actions, 2)[::2],  # int64, not contiguous
    ]
    expected, *_ = reference.step(actions)
    for form in forms:
        env = VectorEnv(3, seed=6)
        env.reset()
        for _ in range(5):
            env.step(env.random_actions())
        obs, *_ = env.step(form)
        assert np.array_equal(obs, expected), type(form)
        assert env.tfens() == reference.tfens()


def test_bad_action_arrays_are_type_or_value_errors() -> None:
    env = VectorEnv(2)
    env.reset()
    with pytest.raises(ValueError, match=r"shape \(2,\)"):
        env.step(np.zeros(3, dtype=np.int64))
    with pytest.raises(TypeError, match="integers"):
        env.step(np.zeros(2, dtype=np.float64))
    with pytest.raises(ValueError, match="num_envs 0 out of range"):
        VectorEnv(0)
    with pytest.raises(ValueError, match="dtype must be uint8 or float32"):
        VectorEnv(1, dtype=np.int16)  # type: ignore[arg-type]
    with pytest.raises(tamerlane.InvalidRulesError):
        VectorEnv(1, rules="no-such-rule=1")
    with pytest.raises(ValueError, match="num_threads"):
        VectorEnv(1, num_threads=0)
    with pytest.raises(ValueError, match="GiB"):
        VectorEnv(65536, history=64, dtype=np.float32)  # 200 GiB of observations
    with pytest.raises(TypeError, match="seed"):
        VectorEnv(1, seed=1.5)  # type: ignore[arg-type]


def test_threads_give_the_same_results_as_one_thread() -> None:
    def run(threads: int) -> List[Any]:
        env = VectorEnv(7, seed=4, num_threads=threads, max_plies=150)
        obs, info = env.reset()
        out = [obs.copy(), info["action_mask"].copy()]
        for _ in range(400):
            obs, reward, terminated, truncated, info = env.step(env.random_actions())
            out += [obs.copy(), reward.copy(), terminated.copy(), truncated.copy(),
                    info["action_mask"].copy()]
            if "final_obs" in info:
                out += [info["_final_obs"].copy(), info["final_obs"][info["_final_obs"]].copy()]
        return out

    one, two, three = run(1), run(2), run(3)
    assert len(one) == len(two) == len(three)
    assert all(np.array_equal(x, y) for x, y in zip(one, two))
    assert all(np.array_equal(x, y) for x, y in zip(one, three))


def test_threads_with_enough_games_give_the_same_results_as_one_thread() -> None:
    # Each step thread gets at least 512 games, so threads are used from
    # 1,024 games on: compare checksums of every output, step by step.
    import zlib

    def run(threads: int) -> List[int]:
        env = VectorEnv(1030, seed=5, num_threads=threads, max_plies=60)
        obs, info = env.reset()
        sums = [zlib.crc32(obs.tobytes()), zlib.crc32(info["action_mask"].tobytes())]
        for _ in range(80):
            obs, reward, terminated, truncated, info = env.step(env.random_actions())
            for a in (obs, reward, terminated, truncated, info["action_mask"]):
                sums.append(zlib.crc32(np.ascontiguousarray(a).tobytes()))
            if "final_obs" in info:
                sums.append(zlib.crc32(info["final_obs"][info["_final_obs"]].tobytes()))
        return sums

    assert run(1) == run(2)


def test_random_rollouts() -> None:
    r = tamerlane.random_rollouts(12, seed=9)
    assert set(r) == {"winner", "termination", "plies", "truncated"}
    assert r["plies"].dtype == np.int32 and r["winner"].dtype == np.int8
    assert np.all((r["plies"] >= 1) & (r["plies"] <= 1000))  # the default cap
    assert np.array_equal(r["truncated"], r["termination"] == -1)
    assert not r["truncated"].all()
    # Only checkmate (0) and stalemate (1) have a winner.
    assert np.all((r["winner"] != 0) <= np.isin(r["termination"], [0, 1]))
    again = tamerlane.random_rollouts(12, seed=9, num_threads=2)
    for k in r:
        assert np.array_equal(r[k], again[k])
    other = tamerlane.random_rollouts(12, seed=10)
    assert not np.array_equal(r["plies"], other["plies"])
    capped = tamerlane.random_rollouts(3, seed=9, max_plies=5)
    assert list(capped["plies"]) == [5] * 3 and capped["truncated"].all()
    with pytest.raises(ValueError):
        tamerlane.random_rollouts(0)


def test_batch_helpers_equal_the_single_board_forms() -> None:
    boards = [Board()]
    for m in ["f3f4", "f8f7", "b2c4"]:
        boards.append(boards[-1].copy())
        boards[-1].push_str(m)
    planes = tamerlane.planes_many(boards)
    assert planes.shape == (4, *SHAPE) and planes.dtype == np.float32
    for p, b in zip(planes, boards):
        assert np.array_equal(p, b.to_planes())
    u8 = tamerlane.planes_many(boards, dtype="uint8")
    assert np.array_equal(u8, np.round(planes * 255).astype(np.uint8))
    masks = tamerlane.masks_many(boards)
    assert masks.shape == (4, A)
    for mk, b in zip(masks, boards):
        assert np.array_equal(mk, b.legal_action_mask())
    out = np.ones((4, A), dtype=np.bool_)
    assert tamerlane.masks_many(boards, out=out) is out and np.array_equal(out, masks)
    b = boards[-1]
    moves = list(b.legal_moves)
    idx = tamerlane.moves_to_indices(moves)
    assert idx.dtype == np.int64
    assert list(idx) == [tamerlane.move_to_index(m) for m in moves]
    assert np.array_equal(np.flatnonzero(b.legal_action_mask()), np.sort(idx))
    assert list(tamerlane.moves_to_indices(moves, board=b)) == list(idx)
    with pytest.raises(ValueError, match="not both"):
        tamerlane.moves_to_indices(moves, tamerlane.WHITE, board=b)
    with pytest.raises(TypeError, match=r"moves\[0\]"):
        tamerlane.moves_to_indices([5])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="GiB"):  # 44 GiB: refused, not a failed allocation
        tamerlane.planes_many([Board()] * 30000, history=64)
    with pytest.raises(TypeError, match=r"boards\[1\]"):
        tamerlane.planes_many([Board(), "x"])  # type: ignore[list-item]


def test_history_planes_are_the_earlier_positions_seen_by_the_mover() -> None:
    board = Board()
    board.push_str("f3f4")
    board.push_str("f8f7")
    planes = board.to_planes(history=3)
    assert planes.shape == (tamerlane.PLANES + 46 * 3, 10, 13)
    assert np.array_equal(planes[:tamerlane.PLANES], board.to_planes())
    # One ply back, Black was to move: its own pieces are White's opponents,
    # and its view is turned through 180 degrees.
    before = board.copy()
    before.pop()
    prev = before.to_planes()[:46]
    expected = np.rot90(np.concatenate([prev[23:46], prev[0:23]]), 2, axes=(1, 2))
    assert np.array_equal(planes[55:101], expected)
    # Two plies back: the start, seen by White as it was.
    assert np.array_equal(planes[101:147], Board().to_planes()[:46])
    # Three plies back is before the start: zeros.
    assert not planes[147:].any()
    out = np.zeros((55, 10, 13), dtype=np.uint8)
    assert board.to_planes(dtype=np.uint8, out=out) is out
    assert np.array_equal(out, uint8_planes(board))
    out[:] = 0
    assert board.to_planes(out=out) is out  # the dtype of out when none is given
    assert np.array_equal(out, uint8_planes(board))
    with pytest.raises(TypeError, match="uint8"):
        board.to_planes(dtype=np.uint8, out=np.zeros((55, 10, 13), dtype=np.float32))
    with pytest.raises(ValueError, match="shape"):
        board.to_planes(out=np.zeros((54, 10, 13), dtype=np.float32))
    with pytest.raises(ValueError, match="uint8 or float32"):
        board.to_planes(out=np.zeros((55, 10, 13), dtype=np.float64))
    with pytest.raises(ValueError, match="history"):
        board.to_planes(history=-1)


def test_gymnasium_vector_wrappers_take_it() -> None:
    # At run time VectorEnv is a gymnasium.vector.VectorEnv subclass (made on
    # first use); the stubs cannot say so without importing gymnasium.
    env = gymnasium.wrappers.vector.RecordEpisodeStatistics(
        VectorEnv(4, seed=1, max_plies=5)  # type: ignore[arg-type]
    )
    obs, info = env.reset(seed=1)
    for _ in range(5):
        obs, _, _, _, info = env.step(env.unwrapped.random_actions())
    assert list(info["_episode"]) == [True] * 4
    assert list(info["episode"]["l"]) == [5] * 4


# --- Issue 32 -------------------------------------------------------------

def u8_planes(board: Board) -> Any:
    return board.to_planes(dtype=np.uint8)


NEXT_STEP = gymnasium.vector.AutoresetMode.NEXT_STEP
SAME_STEP = gymnasium.vector.AutoresetMode.SAME_STEP

_ROLLOUTS_UNDER_SIGINT = """
import signal, sys, time
signal.signal(signal.SIGINT, signal.default_int_handler)
if {warm}:
    import numpy
import tamerlane
print("ready", flush=True)
start = time.monotonic()
try:
    tamerlane.random_rollouts({n})
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(3)
print("finished", flush=True)
"""


@pytest.mark.parametrize("warm, n", [(False, 4000), (True, 10**7)])
def test_ctrl_c_interrupts_random_rollouts_promptly_without_a_panic(warm: bool, n: int) -> None:
    """SIGINT 0.6 s into the call: KeyboardInterrupt within seconds (not
    after every game), and no PanicException from a numpy import that the
    pending signal interrupted."""
    code = _ROLLOUTS_UNDER_SIGINT.format(warm=warm, n=n)
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(0.6)
        proc.send_signal(signal.SIGINT)
        sent = time.monotonic()
        try:
            out, err = proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            pytest.fail("random_rollouts did not stop within 10 s of SIGINT")
        elapsed = time.monotonic() - sent
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert "Panic" not in err, err
    assert (proc.returncode, out.strip()) == (3, "interrupted"), err
    assert elapsed < 5.0


def test_autoreset_mode_option_and_metadata() -> None:
    assert VectorEnv(1).metadata["autoreset_mode"] == SAME_STEP  # the default, as before
    assert VectorEnv(1).autoreset_mode == "SameStep"
    for mode in (NEXT_STEP, "NextStep"):
        env = VectorEnv(1, autoreset_mode=mode)
        assert env.metadata["autoreset_mode"] == NEXT_STEP and env.autoreset_mode == "NextStep"
    assert VectorEnv(1, autoreset_mode=SAME_STEP).metadata["autoreset_mode"] == SAME_STEP
    assert "autoreset_mode='NextStep'" in repr(VectorEnv(1, autoreset_mode="NextStep"))
    with pytest.raises(ValueError, match="autoreset_mode.*Disabled"):
        VectorEnv(1, autoreset_mode=gymnasium.vector.AutoresetMode.DISABLED)
    with pytest.raises(ValueError, match="autoreset_mode.*'next'"):
        VectorEnv(1, autoreset_mode="next")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="autoreset_mode"):
        VectorEnv(1, autoreset_mode=1)  # type: ignore[arg-type]


def test_next_step_autoreset_returns_the_last_position_then_resets() -> None:
    env = VectorEnv(2, rules="repetition=2", autoreset_mode=NEXT_STEP)
    env.reset()
    final = Board(rules="repetition=2")
    other = Board(rules="repetition=2")
    for k, m in enumerate(REPEAT):
        mv0, mv1 = final.parse_str(m), other.parse_str(["f3f4", "b9c7", "j2i4", "c7b9"][k])
        final.push(mv0)
        other.push(mv1)
        obs, reward, terminated, truncated, info = env.step(
            np.array([tamerlane.move_to_index(mv0), tamerlane.move_to_index(mv1)])
        )
    assert final.outcome() is not None
    assert list(terminated) == [True, False] and list(truncated) == [False, False]
    assert list(reward) == [0.0, 0.0]
    # Next-step: the observation is the finished game's last position; no final_obs.
    assert np.array_equal(obs[0], u8_planes(final))
    assert np.array_equal(obs[1], u8_planes(other))
    assert "final_obs" not in info and "final_info" not in info
    assert list(info["_termination"]) == [True, False] and info["termination"][0] == 4
    assert info["winner"][0] == 0 and info["plies"][0] == 4
    assert not info["action_mask"][0].any()  # the finished game takes no move
    assert np.array_equal(info["action_mask"][1], other.legal_action_mask())
    assert env.tfens()[0] == final.tfen() and list(env.episode_plies()) == [4, 4]
    # The next step resets game 0 and ignores its action, whatever it is
    # (random_actions gives 0, never a legal move).
    assert env.random_actions()[0] == 0
    mv1 = other.parse_str("f4f5")
    other.push(mv1)
    obs, reward, terminated, truncated, info = env.step([2**70, tamerlane.move_to_index(mv1)])
    assert list(reward) == [0.0, 0.0] and not terminated.any() and not truncated.any()
    assert np.array_equal(obs[0], u8_planes(Board()))
    assert np.array_equal(info["action_mask"][0], Board().legal_action_mask())
    assert np.array_equal(obs[1], u8_planes(other))
    assert "termination" not in info
    assert env.tfens() == [tamerlane.INITIAL_TFEN, other.tfen()]
    assert list(env.episode_plies()) == [0, 5]
    # ... and then plays on.
    obs, *_ = env.step(env.random_actions())
    assert list(env.episode_plies()) == [1, 6]
    # reset() clears a pending autoreset.
    capped = VectorEnv(1, max_plies=1, autoreset_mode=NEXT_STEP)
    capped.reset()
    _, _, _, truncated, _ = capped.step(capped.random_actions())
    assert truncated[0]
    capped.reset()
    _, _, _, truncated, _ = capped.step(capped.random_actions())
    assert truncated[0] and capped.episode_plies()[0] == 1


@pytest.mark.parametrize("mode", [SAME_STEP, NEXT_STEP])
def test_episodes_and_rewards_in_both_autoreset_modes(mode: Any) -> None:
    """Random games against independent Boards until some end in a win and
    some in a draw, and some are truncated: each step's reward, flags,
    observation and mask are checked against the boards."""
    n = 24
    env = VectorEnv(n, seed=3, max_plies=300, autoreset_mode=mode)
    obs, info = env.reset()
    boards = [Board() for _ in range(n)]
    pending = np.zeros(n, dtype=bool)  # next-step: a reset is due
    rng = np.random.default_rng(0)
    decisive = draws = truncations = 0
    lengths: List[int] = []
    for _ in range(6000):
        actions = np.zeros(n, dtype=np.int64)
        movers = [b.turn for b in boards]
        for i, b in enumerate(boards):
            if not pending[i]:
                legal = np.flatnonzero(info["action_mask"][i])
                actions[i] = legal[rng.integers(len(legal))]
                b.push(tamerlane.index_to_move(b, int(actions[i])))
            else:
                actions[i] = rng.integers(A)  # anything: ignored
        obs, reward, terminated, truncated, info = env.step(actions)
        for i in range(n):
            b = boards[i]
            if pending[i]:
                assert (reward[i], terminated[i], truncated[i]) == (0.0, False, False)
                assert np.array_equal(obs[i], u8_planes(Board()))
                pending[i] = False
                continue
            outcome = b.outcome()
            if outcome is not None:
                assert terminated[i] and not truncated[i]
                expected = 0.0 if outcome.winner is None else (1.0 if outcome.winner == movers[i] else -1.0)
                assert reward[i] == expected
                decisive += outcome.winner is not None
                draws += outcome.winner is None
            elif len(b.move_stack) == 300:
                assert truncated[i] and not terminated[i] and reward[i] == 0.0
                truncations += 1
            else:
                assert (reward[i], terminated[i], truncated[i]) == (0.0, False, False)
                if i == 0:  # (every game's planes at every step would be slow)
                    assert np.array_equal(obs[i], u8_planes(b))
                    assert np.array_equal(info["action_mask"][i], b.legal_action_mask())
                continue
            lengths.append(len(b.move_stack))
            final = info["final_obs"][i] if mode == SAME_STEP else obs[i]
            assert np.array_equal(final, u8_planes(b))
            if mode == SAME_STEP:
                assert np.array_equal(obs[i], u8_planes(Board()))
            else:
                pending[i] = True
            boards[i] = Board()
        if decisive >= 2 and draws >= 2 and truncations >= 2:
            break
    assert decisive >= 2 and draws >= 2 and truncations >= 2
    assert all(1 <= n <= 300 for n in lengths)


def test_gymnasium_vector_observation_wrappers_take_it_in_next_step_mode() -> None:
    base = VectorEnv(2, seed=1, max_plies=3, autoreset_mode=NEXT_STEP)
    env = gymnasium.wrappers.vector.DtypeObservation(base, np.float32)  # type: ignore[arg-type]
    obs: Any
    truncated: Any
    obs, info = env.reset(seed=1)
    assert obs.dtype == np.float32 and obs.shape == (2, *SHAPE)
    assert np.array_equal(obs[0], u8_planes(Board()).astype(np.float32))
    for _ in range(3):
        obs, reward, terminated, truncated, info = env.step(base.random_actions())
        assert obs.dtype == np.float32
    assert list(truncated) == [True, True]
    tfens = base.tfens()
    assert np.array_equal(obs[1], u8_planes(Board(tfens[1])).astype(np.float32))
    obs, reward, terminated, truncated, info = env.step(base.random_actions())
    assert list(truncated) == [False, False] and base.episode_plies().tolist() == [0, 0]
    assert np.array_equal(obs[1], u8_planes(Board()).astype(np.float32))
    flat = gymnasium.wrappers.vector.FlattenObservation(
        VectorEnv(2, seed=1, autoreset_mode=NEXT_STEP)  # type: ignore[arg-type]
    )
    obs, info = flat.reset()
    assert obs.shape == (2, int(np.prod(SHAPE)))
    assert np.array_equal(obs[1], u8_planes(Board()).reshape(-1))
    obs, *_ = flat.step(flat.unwrapped.random_actions())
    assert obs.shape == (2, int(np.prod(SHAPE)))
    # Episode statistics agree with the cap in next-step mode too.
    stats = gymnasium.wrappers.vector.RecordEpisodeStatistics(
        VectorEnv(3, seed=2, max_plies=4, autoreset_mode=NEXT_STEP)  # type: ignore[arg-type]
    )
    stats.reset(seed=2)
    for _ in range(4):
        *_, info = stats.step(stats.unwrapped.random_actions())
    assert list(info["_episode"]) == [True] * 3 and list(info["episode"]["l"]) == [4] * 3


@pytest.mark.parametrize(
    "actions, shown",
    [
        (np.array([2**63], dtype=np.uint64), 2**63),
        (np.array([2**64 - 1], dtype=np.uint64), 2**64 - 1),
        ([2**70], 2**70),
        ([-(2**70)], -(2**70)),
    ],
)
def test_out_of_range_action_error_names_the_value_given(actions: Any, shown: int) -> None:
    env = VectorEnv(1)
    env.reset()
    with pytest.raises(ValueError, match=rf"env 0: action {shown} out of range"):
        env.step(actions)
    assert env.tfens() == [tamerlane.INITIAL_TFEN]


@pytest.mark.parametrize("value", [2**63, np.uint64(2**63), 2**64 + 5, -(2**70)])
def test_index_to_move_error_names_the_value_given(value: Any) -> None:
    import tamerlane.chess
    import tamerlane.makruk

    for module, board in [
        (tamerlane, tamerlane.Board()),
        (tamerlane.chess, tamerlane.chess.Board()),
        (tamerlane.makruk, tamerlane.makruk.Board()),
    ]:
        with pytest.raises(ValueError, match=rf"action index {int(value)} out of range"):
            module.index_to_move(board, value)
