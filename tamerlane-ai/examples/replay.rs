//! Prints the final position of each game of a match record file, or with
//! a second argument N the TFEN after N plies of each game.
use tamerlane_core::tamerlane::{Game, Position};
fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("record file");
    let plies: Option<usize> = args.next().map(|s| s.parse().expect("a number of plies"));
    for line in std::fs::read_to_string(path)
        .expect("readable file")
        .lines()
    {
        let f: Vec<&str> = line.split(" | ").collect();
        let mut g = Game::from_position(Position::from_tfen(f[1]).expect("TFEN"));
        for m in f
            .get(2)
            .unwrap_or(&"")
            .split_whitespace()
            .take(plies.unwrap_or(usize::MAX))
        {
            g.play_str(m).expect("legal move");
        }
        match plies {
            Some(_) => println!("{}", g.position().to_tfen()),
            None => println!(
                "{}\n{}\nmaterial for the side to move: {}",
                f[0],
                g.position().board(),
                tamerlane_ai::eval::evaluate(g.position(), tamerlane_ai::EvalKind::Material)
            ),
        }
    }
}
