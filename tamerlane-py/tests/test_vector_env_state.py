"""``VectorEnv`` of the three games, its state control (``get_state``,
``set_state``, ``clone_state``, ``EnvState`` pickles) and ``reset``'s
``options``, checked against the boards of each game played move by move
(``tamerlane.Board``, ``tamerlane.chess.Board``, ``tamerlane.makruk.Board``)."""

from __future__ import annotations

import pickle
from typing import Any, Callable, List

import numpy as np
import pytest

import tamerlane
from tamerlane import EnvState, VectorEnv
from tamerlane import chess as tchess
from tamerlane import makruk as tmakruk

GAMES: dict[str, Any] = {"tamerlane": tamerlane, "chess": tchess, "makruk": tmakruk}


def board_of(game: str, fen: str | None = None, rules: str = "") -> Any:
    module = GAMES[game]
    if fen is None:
        return module.Board(rules=rules)
    return module.Board(fen, rules=rules)


def fen_of(board: Any) -> str:
    return str(board.tfen() if isinstance(board, tamerlane.Board) else board.fen())


def planes_u8(board: Any) -> Any:
    """The uint8 planes as documented: 255 times the float32 planes, rounded
    half up (a halfmove clock of 30 in chess gives 0.3 * 255 = 76.5: 77)."""
    return np.floor(board.to_planes() * np.float32(255) + np.float32(0.5)).astype(np.uint8)


def play(boards: List[Any], game: str, actions: Any) -> None:
    index_to_move: Callable[[Any, int], Any] = GAMES[game].index_to_move
    for b, a in zip(boards, actions):
        b.push(index_to_move(b, int(a)))


def index_of(module: Any, board: Any, move: Any) -> int:
    """The action index of ``move`` made by ``board``'s side to move."""
    if module is tamerlane:
        return int(tamerlane.move_to_index(move))
    return int(module.move_to_index(move, board.turn))


def termination_code(game: str, outcome: Any) -> int:
    if game == "tamerlane":
        return int(outcome.termination)
    return list(GAMES[game].TERMINATIONS).index(outcome.termination)


@pytest.mark.parametrize("game", ["chess", "makruk"])
def test_sibling_games_equal_their_boards_over_random_games(game: str) -> None:
    """Random games of chess and Makruk over autoresets: every step's
    observation, mask, ending and final observation equal those of the
    game's Board replaying the same moves (the Board's own planes, mask
    and outcome, written by other code than the env's)."""
    module = GAMES[game]
    n, max_plies = 4, 500
    env = VectorEnv(n, game=game, seed=11, max_plies=max_plies)
    obs, info = env.reset()
    assert obs.shape == (n, module.PLANES, 8, 8)
    assert info["action_mask"].shape == (n, module.ACTION_SPACE_SIZE)
    assert env.action_space_size == module.ACTION_SPACE_SIZE
    boards = [module.Board() for _ in range(n)]
    episodes = ended = 0
    for _ in range(3000):
        actions = env.random_actions()
        play(boards, game, actions)
        obs, reward, terminated, truncated, info = env.step(actions)
        for i, b in enumerate(boards):
            outcome = b.outcome()
            if terminated[i] or truncated[i]:
                episodes += 1
                assert np.array_equal(info["final_obs"][i], planes_u8(b))
                if terminated[i]:
                    ended += 1
                    assert outcome is not None
                    assert info["final_info"]["termination"][i] == termination_code(game, outcome)
                else:
                    assert outcome is None and b.ply() == max_plies
                boards[i] = b = module.Board()
            else:
                assert outcome is None
            assert np.array_equal(obs[i], planes_u8(b))
            assert np.array_equal(info["action_mask"][i], b.legal_action_mask())
    assert env.fens() == [b.fen() for b in boards]
    assert episodes >= 4 and ended >= 1


@pytest.mark.parametrize("game", ["tamerlane", "chess", "makruk"])
def test_a_state_set_or_cloned_plays_on_like_its_source(game: str) -> None:
    env = VectorEnv(4, game=game, seed=5, history=2, dtype=np.float32, autoreset_mode="NextStep")
    env.reset()
    for _ in range(25):
        env.step(env.random_actions())
    state = env.get_state(1)
    assert state.game == game and state.plies == 25 and state.history == 2
    assert state.fen == env.fens()[1]
    env.set_state(0, state)
    env.clone_state(1, 3)
    for _ in range(60):
        actions = env.random_actions()
        actions[0] = actions[3] = actions[1]
        obs, reward, terminated, truncated, info = env.step(actions)
        for i in (0, 3):
            assert np.array_equal(obs[i], obs[1])
            assert np.array_equal(info["action_mask"][i], info["action_mask"][1])
            assert (reward[i], terminated[i], truncated[i]) == (reward[1], terminated[1], truncated[1])
        assert env.fens()[0] == env.fens()[1] == env.fens()[3]
    # The state is a copy: the steps since left it as it was.
    assert state.plies == 25 and state == pickle.loads(pickle.dumps(state))


@pytest.mark.parametrize("game", ["tamerlane", "chess", "makruk"])
def test_a_pickled_state_keeps_the_repetition_history(game: str) -> None:
    """Knights out and back twice: the start position occurs three times.
    A state taken after one round trip, pickled and set into another env,
    ends the game by repetition at the same ply as a Board does."""
    loops = {
        "tamerlane": ["b2c4", "b9c7", "c4b2", "c7b9"],
        "chess": ["g1f3", "g8f6", "f3g1", "f6g8"],
        "makruk": ["g1e2", "g8e7", "e2g1", "e7g8"],
    }[game]
    rules = {"tamerlane": "repetition=3", "chess": "draws=automatic", "makruk": ""}[game]
    module = GAMES[game]
    env = VectorEnv(1, rules, game=game)
    env.reset()
    board = board_of(game, rules=rules)
    for uci in loops:
        m = board.parse_uci(uci) if hasattr(board, "parse_uci") else board.parse_str(uci)
        env.step(np.array([index_of(module, board, m)]))
        board.push(m)
    state = pickle.loads(pickle.dumps(env.get_state(0)))
    assert state.repetitions == board.repetition_count() == 2
    other = VectorEnv(3, rules, game=game, seed=9)
    other.reset()
    other.set_state(2, state)
    ended_at = None
    for k, uci in enumerate(loops * 2):
        m = board.parse_uci(uci) if hasattr(board, "parse_uci") else board.parse_str(uci)
        actions = other.random_actions()
        actions[2] = index_of(module, board, m)
        board.push(m)
        obs, reward, terminated, truncated, info = other.step(actions)
        if board.outcome() is not None:
            ended_at = k
            assert terminated[2] and info["final_info"]["plies"][2] == board.ply()
            break
        assert not terminated[2]
    assert ended_at is not None and "repetition" in str(board.outcome().termination).lower()


def test_state_errors_are_typed_and_change_nothing() -> None:
    env = VectorEnv(2, seed=1)
    env.reset()
    env.step(env.random_actions())
    before = env.fens()
    chess_state = VectorEnv(1, game="chess").get_state(0)
    with pytest.raises(TypeError, match="chess game .* tamerlane VectorEnv"):
        env.set_state(0, chess_state)
    with pytest.raises(ValueError, match="index 2 out of range"):
        env.get_state(2)
    with pytest.raises(ValueError, match="index -1 out of range"):
        env.set_state(-1, env.get_state(0))
    with pytest.raises(TypeError, match="must be a tamerlane.EnvState, not str"):
        env.set_state(0, "state")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="history 2, env 0 has history 0"):
        env.set_state(0, VectorEnv(1, history=2).get_state(0))
    # A finished game has no place in a same-step env; a next-step env
    # holds it until its next step resets it.
    mate = tamerlane.VectorEnv(1, max_plies=1, autoreset_mode="NextStep")
    mate.reset()
    mate.step(mate.random_actions())
    finished = mate.get_state(0)
    short = VectorEnv(2, max_plies=1)
    with pytest.raises(ValueError, match="at max_plies"):
        short.set_state(1, finished)
    assert short.fens() == [tamerlane.INITIAL_TFEN] * 2 and env.fens() == before
    nxt = VectorEnv(2, max_plies=1, autoreset_mode="NextStep")
    nxt.reset()
    nxt.set_state(0, finished)
    assert nxt.random_actions()[0] == 0  # waiting for its reset
    obs, reward, terminated, truncated, info = nxt.step(np.array([0, nxt.random_actions()[1]]))
    assert nxt.episode_plies()[0] == 0  # reset by that step, its action ignored
    with pytest.raises(ValueError, match="no \"plies\" entry"):
        EnvState.from_record({k: v for k, v in finished.record().items() if k != "plies"})
    record = finished.record()
    record["moves"] = ["a1a1"]
    with pytest.raises(tamerlane.IllegalMoveError, match="move 0"):
        EnvState.from_record(record)


@pytest.mark.parametrize("game", ["tamerlane", "chess", "makruk"])
def test_reset_with_options_starts_the_chosen_games_where_asked(game: str) -> None:
    fens = {
        "tamerlane": ["", ""],
        "chess": ["8/8/8/4k3/8/8/8/4K2R w K - 0 1", "r3k3/8/8/8/8/8/8/4K3 b q - 3 40"],
        "makruk": ["4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "4k3/3m4/8/8/8/8/8/4K3 b - - 0 30"],
    }[game]
    if game == "tamerlane":
        b = tamerlane.Board()
        b.push_san("f4")
        fens = [b.tfen(), b.tfen()]
    env = VectorEnv(4, game=game, seed=3)
    env.reset()
    for _ in range(3):
        env.step(env.random_actions())
    untouched = env.fens()
    obs, info = env.reset(options={"indices": [3, 1], "fen": fens})
    now = env.fens()
    assert now[1] == fens[0] and now[3] == fens[1]  # the games in increasing order
    assert now[0] == untouched[0] and now[2] == untouched[2]
    for i, fen in ((1, fens[0]), (3, fens[1])):
        b = board_of(game, fen)
        assert np.array_equal(obs[i], planes_u8(b))
        assert np.array_equal(info["action_mask"][i], b.legal_action_mask())
        assert env.episode_plies()[i] == 0
    mask = np.array([True, False, False, False])
    env.reset(options={"reset_mask": mask})
    assert env.fens()[0] == fen_of(board_of(game)) and env.fens()[1] == fens[0]


def test_reset_options_rules_and_errors() -> None:
    env = VectorEnv(3, seed=2)
    env.reset()
    obs, info = env.reset(options={"indices": 0, "rules": "seed-001"})
    seeded = tamerlane.Board(rules="seed-001")
    assert env.fens()[0] == seeded.tfen() != tamerlane.INITIAL_TFEN
    assert np.array_equal(info["action_mask"][0], seeded.legal_action_mask())
    before = env.fens()
    bad: list[tuple[Any, type[Exception], str]] = [
        ({"fen": "nonsense"}, tamerlane.InvalidTfenError, r"options\['fen'\]\[0\] \(\"nonsense\"\)"),
        ({"rules": "no-such-preset"}, tamerlane.InvalidRulesError, r"options\['rules'\]\[0\]"),
        ({"rules": ["", "", 3]}, TypeError, r"options\['rules'\]\[2\] must be a string, not int"),
        ({"fen": ["x", "y"]}, ValueError, "has 2 entries for the 3 envs reset"),
        ({"indices": [0, 3]}, ValueError, "entry 3 out of range"),
        ({"indices": [1, 1]}, ValueError, "names env 1 twice"),
        ({"indices": "0"}, TypeError, "not str"),
        ({"reset_mask": np.ones(2, bool)}, ValueError, r"shape \(3,\)"),
        ({"reset_mask": np.ones(3, int)}, TypeError, "bool array"),
        ({"reset_mask": np.ones(3, bool), "indices": [0]}, ValueError, "not both"),
        ({"seed": 3}, ValueError, "unknown option 'seed'"),
        ([("fen", "x")], TypeError, "options must be a dict"),
    ]
    for options, error, message in bad:
        with pytest.raises(error, match=message):
            env.reset(options=options)
    # A position where the game is already over is refused too.
    chess_env = VectorEnv(2, game="chess")
    with pytest.raises(ValueError, match="already over there .*checkmate"):
        chess_env.reset(options={"indices": [1], "fen": "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"})
    assert env.fens() == before and chess_env.fens() == [tchess.STARTING_FEN] * 2


def test_game_argument() -> None:
    assert VectorEnv(1, game="Chess").game == "chess"
    assert VectorEnv(1).game == "tamerlane"
    with pytest.raises(ValueError, match="game must be 'tamerlane', 'chess' or 'makruk', not \"go\""):
        VectorEnv(1, game="go")
    with pytest.raises(TypeError, match="game must be"):
        VectorEnv(1, game=3)  # type: ignore[arg-type]
    with pytest.raises(tamerlane.InvalidRulesError):
        VectorEnv(1, "seed-001", game="chess")
    assert VectorEnv(1, "move-limit=80", game="makruk").rules == tmakruk.Board(rules="move-limit=80").rules
