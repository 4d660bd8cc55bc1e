use tamerlane_ai::{Engine, Limits};
use tamerlane_core::Position;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let tfen = args.get(2).cloned();
    let pos = tfen
        .map(|t| Position::from_tfen(&t).unwrap())
        .unwrap_or_default();
    let d: u32 = args.get(1).map(|s| s.parse().unwrap()).unwrap_or(6);
    let mut e = Engine::new(64);
    let r = e.search(&pos, &[], &Limits::depth(d), |i| {
        println!(
            "depth {} seldepth {} score {} nodes {} nps {} time {} pv {}",
            i.depth,
            i.seldepth,
            i.score,
            i.nodes,
            i.nps,
            i.time.as_millis(),
            i.pv.iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        );
    });
    println!(
        "best {:?} nodes {} time {:?}",
        r.best.map(|m| m.to_string()),
        r.nodes,
        r.time
    );
}
