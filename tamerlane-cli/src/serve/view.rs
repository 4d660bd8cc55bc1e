//! What the page is told about a game (docs/WEB.md, "State"): the game
//! line (every move, in UCI and SAN), the position at the cursor (`ply`)
//! with its pieces, its legal moves grouped by origin square, the last
//! move, the checked royal and the outcome with its reason. Also the
//! lines of an analysis in SAN.

use serde_json::{json, Value};
use tamerlane_ai::AnyGame;
use tamerlane_core::{Color, Game, Position};

/// The pieces of a position as `(square, token)`: the TFEN tokens for
/// Tamerlane (`K`, `pr`, ...), the FEN letters for chess and Makruk; upper
/// case is White.
fn pieces(game: &AnyGame, ply: usize) -> Vec<(String, String)> {
    match game {
        AnyGame::Tamerlane(g) => g.positions()[ply]
            .board()
            .pieces()
            .map(|(sq, p)| (sq.to_string(), p.token()))
            .collect(),
        AnyGame::Chess(g) => g.positions()[ply]
            .board()
            .pieces()
            .map(|(sq, p)| (sq.to_string(), p.char().to_string()))
            .collect(),
        AnyGame::Makruk(g) => g.positions()[ply]
            .board()
            .pieces()
            .map(|(sq, p)| (sq.to_string(), p.char().to_string()))
            .collect(),
    }
}

/// Splits a UCI move into origin, target and what follows (a promotion
/// letter): the squares are a file letter and a rank number, or a
/// Tamerlane citadel (`wc`, `bc`).
pub fn split_uci(text: &str) -> Option<(&str, &str, &str)> {
    fn square(s: &str) -> Option<usize> {
        if s.starts_with("wc") || s.starts_with("bc") {
            return Some(2);
        }
        let b = s.as_bytes();
        if !b.first()?.is_ascii_lowercase() {
            return None;
        }
        let digits = b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        (1..=2).contains(&digits).then_some(1 + digits)
    }
    let a = square(text)?;
    let b = square(&text[a..])?;
    Some((&text[..a], &text[a..a + b], &text[a + b..]))
}

/// The SAN of each move of `uci`, played from `pos` (stops at the first
/// move that is not legal there).
fn san_line<P: Position>(pos: &P, uci: &[String]) -> Vec<String> {
    let mut pos = pos.clone();
    let mut out = Vec::with_capacity(uci.len());
    for text in uci {
        let Ok(m) = pos.parse_move(text) else { break };
        out.push(pos.san(&m));
        pos.play_unchecked(&m);
    }
    out
}

/// The SAN of the UCI moves `uci` from the position at `ply` of `game`.
pub fn san_of(game: &AnyGame, ply: usize, uci: &[String]) -> Vec<String> {
    tamerlane_core::each_game!(game, g => san_line(&g.positions()[ply.min(g.moves().len())], uci))
}

/// The moves, SAN, check and outcome that need the game's own types.
struct Facts {
    san: Vec<String>,
    check: bool,
    outcome: Option<(Option<Color>, String)>,
}

fn facts<P: Position>(line: &Game<P>, ply: usize) -> Facts {
    let san = line
        .moves()
        .iter()
        .zip(line.positions())
        .map(|(m, p)| p.san(m))
        .collect();
    let mut at = line.clone();
    while at.moves().len() > ply {
        at.undo();
    }
    Facts {
        san,
        check: at.position().is_check(),
        outcome: at.outcome().map(|o| (o.winner, o.termination.to_string())),
    }
}

/// The game `line` as the page draws it, at the cursor `ply` (at most the
/// number of moves).
pub fn state(line: &AnyGame, ply: usize) -> Value {
    let uci = line.moves();
    let ply = ply.min(uci.len());
    let facts = tamerlane_core::each_game!(line, g => facts(g, ply));
    let mut at = line.clone();
    while at.moves().len() > ply {
        at.undo();
    }
    let turn = at.turn();
    let royals: &[&str] = match line {
        AnyGame::Tamerlane(_) => &["K", "S", "A"],
        _ => &["K"],
    };
    let board = pieces(line, ply);
    let checked: Vec<&String> = if facts.check {
        board
            .iter()
            .filter(|(_, t)| {
                let upper = t.to_ascii_uppercase();
                royals.contains(&upper.as_str()) && ((*t == upper) == (turn == Color::White))
            })
            .map(|(sq, _)| sq)
            .collect()
    } else {
        Vec::new()
    };
    let mut legal = serde_json::Map::new();
    if facts.outcome.is_none() {
        for m in at.legal_moves() {
            if let Some((from, to, promo)) = split_uci(&m) {
                let entry = legal
                    .entry(from.to_owned())
                    .or_insert_with(|| Value::Array(Vec::new()));
                if let Value::Array(list) = entry {
                    list.push(json!({ "to": to, "uci": m, "promotion": promo }));
                }
            }
        }
    }
    let last = ply.checked_sub(1).and_then(|i| {
        split_uci(&uci[i]).map(|(f, t, _)| json!({ "from": f, "to": t, "uci": uci[i] }))
    });
    let moves: Vec<Value> = uci
        .iter()
        .zip(&facts.san)
        .map(|(u, s)| json!({ "uci": u, "san": s }))
        .collect();
    let outcome = facts.outcome.map(|(winner, reason)| {
        let winner = winner.map(|c| c.to_string());
        let text = match &winner {
            Some(w) => format!("{w} wins: {reason}"),
            None => format!("draw: {reason}"),
        };
        json!({ "winner": winner, "reason": reason, "text": text })
    });
    json!({
        "game": line.variant().name(),
        "rules": line.rules().to_string(),
        "start_fen": line.start_fen(),
        "fen": at.fen(),
        "turn": turn.to_string(),
        "ply": ply,
        "moves": moves,
        "board": board.iter().map(|(sq, t)| json!([sq, t])).collect::<Vec<_>>(),
        "legal": legal,
        "last_move": last,
        "check": checked,
        "outcome": outcome,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tamerlane_ai::Variant;

    #[test]
    fn uci_moves_split_into_squares() {
        assert_eq!(split_uci("e2e4"), Some(("e2", "e4", "")));
        assert_eq!(split_uci("e7e8q"), Some(("e7", "e8", "q")));
        assert_eq!(split_uci("a10wc"), Some(("a10", "wc", "")));
        assert_eq!(split_uci("k9a10"), Some(("k9", "a10", "")));
        assert_eq!(split_uci("e2"), None);
        assert_eq!(split_uci("é2e4"), None);
    }

    #[test]
    fn the_state_tells_check_and_the_end() {
        let mut g = AnyGame::new(Variant::Chess.default_rules());
        for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            g.play_uci(m).unwrap();
        }
        let s = state(&g, 4);
        assert_eq!(s["check"], json!(["e1"]));
        assert_eq!(s["outcome"]["winner"], "black");
        assert_eq!(s["moves"][3]["san"], "Qh4#");
        assert_eq!(s["legal"], json!({}));
        let s = state(&g, 1);
        assert_eq!(s["last_move"]["to"], "f3");
        assert_eq!(s["turn"], "black");
        let mut targets: Vec<&str> = s["legal"]["e7"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["uci"].as_str().unwrap())
            .collect();
        targets.sort_unstable();
        assert_eq!(targets, ["e7e5", "e7e6"]);
    }
}
