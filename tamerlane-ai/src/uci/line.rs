//! The protocol's output lines as both sides see them: written by the
//! engine ([`info_line`], [`bestmove_line`], [`error_line`]) and read by a
//! client ([`parse_info`], [`parse_bestmove`], [`parse_error`],
//! [`parse_option`]), so that both speak the same syntax. Scores are
//! [`Score`]s, written `cp N` or `mate N`.
//!
//! The readers are lenient: they read the lines of other engines too
//! (Stockfish, Fairy-Stockfish), which print fields this engine does not
//! (`wdl`, `tbhits`, `currmove`, ...). A field the reader does not know
//! is skipped one word at a time; a known field whose value cannot be read
//! is `None`.
//!
//! ```
//! use tamerlane_ai::uci::line::{parse_bestmove, parse_info};
//! use tamerlane_ai::Score;
//!
//! let info = parse_info("info depth 12 seldepth 17 score cp 35 wdl 90 850 60 nodes 4096 pv f3f4 f8f7")
//!     .unwrap();
//! assert_eq!((info.depth, info.score), (Some(12), Some(Score::Cp(35))));
//! assert_eq!(info.pv, ["f3f4", "f8f7"]);
//! assert_eq!(parse_bestmove("bestmove f3f4 ponder f8f7"), Some("f3f4"));
//! ```

use std::fmt::Display;

use crate::result::Info;
use crate::score::Score;

/// Formats an `info` line: `info depth D seldepth S multipv K score cp
/// X|mate N nodes N nps N time MS hashfull P pv M ...` (read back by
/// [`parse_info`]).
pub fn info_line<M: Display>(i: &Info<M>) -> String {
    let pv: Vec<String> = i.pv.iter().map(|m| m.to_string()).collect();
    format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} time {} hashfull {} pv {}",
        i.depth,
        i.seldepth,
        i.multipv,
        i.score,
        i.nodes,
        i.nps,
        i.time.as_millis(),
        i.hashfull,
        pv.join(" ")
    )
    .trim_end()
    .to_owned()
}

/// Formats a `bestmove MOVE` line, `bestmove (none)` when there is no move
/// (read back by [`parse_bestmove`]).
pub fn bestmove_line<M: Display>(best: Option<M>) -> String {
    match best {
        Some(m) => format!("bestmove {m}"),
        None => "bestmove (none)".to_owned(),
    }
}

/// Formats the line that reports a command the engine could not
/// understand or carry out: `info string error: MESSAGE` (read back by
/// [`parse_error`]).
pub fn error_line(message: impl Display) -> String {
    format!("info string error: {message}")
}

/// Which bound a score of an `info` line is, when it is not exact
/// (`score cp X lowerbound`, `score cp X upperbound`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ScoreBound {
    /// `lowerbound`: the score is at least this.
    Lower,
    /// `upperbound`: the score is at most this.
    Upper,
}

/// What an `info` line says (fields that are absent or unreadable are
/// `None`), as [`parse_info`] reads it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct InfoLine {
    /// `depth D`.
    pub depth: Option<u32>,
    /// `seldepth S`.
    pub seldepth: Option<u32>,
    /// `multipv K`.
    pub multipv: Option<usize>,
    /// `score cp X` or `score mate N`.
    pub score: Option<Score>,
    /// `lowerbound` or `upperbound` right after the score; `None` for an
    /// exact score.
    pub bound: Option<ScoreBound>,
    /// `nodes N`.
    pub nodes: Option<u64>,
    /// `nps N`.
    pub nps: Option<u64>,
    /// `time MS`.
    pub time_ms: Option<u64>,
    /// `hashfull P`.
    pub hashfull: Option<u32>,
    /// `pv M ...`: the moves as written.
    pub pv: Vec<String>,
}

/// Reads an `info` line; `None` for other lines and for `info string ...`.
/// Unknown words are skipped one at a time; a known field takes the next
/// word as its value (`None` when it cannot be read), `score` the next two
/// (a `lowerbound` or `upperbound` after them is noted as the
/// [`bound`](InfoLine::bound)); `pv` takes the rest of the line. A field
/// given twice keeps its last value.
pub fn parse_info(line: &str) -> Option<InfoLine> {
    let mut toks = line.split_whitespace();
    if toks.next() != Some("info") {
        return None;
    }
    let toks: Vec<&str> = toks.collect();
    if toks.first() == Some(&"string") {
        return None;
    }
    let mut info = InfoLine::default();
    let mut i = 0;
    while i < toks.len() {
        let next = toks.get(i + 1).copied();
        match toks[i] {
            "depth" => info.depth = next.and_then(|t| t.parse().ok()),
            "seldepth" => info.seldepth = next.and_then(|t| t.parse().ok()),
            "multipv" => info.multipv = next.and_then(|t| t.parse().ok()),
            "nodes" => info.nodes = next.and_then(|t| t.parse().ok()),
            "nps" => info.nps = next.and_then(|t| t.parse().ok()),
            "time" => info.time_ms = next.and_then(|t| t.parse().ok()),
            "hashfull" => info.hashfull = next.and_then(|t| t.parse().ok()),
            "score" => {
                let value = toks.get(i + 2).and_then(|t| t.parse().ok());
                info.score = match next {
                    Some("cp") => value.map(Score::Cp),
                    Some("mate") => value.map(Score::Mate),
                    _ => None,
                };
                // The bound word is left to be skipped as an unknown one.
                info.bound = match (info.score, toks.get(i + 3).copied()) {
                    (Some(_), Some("lowerbound")) => Some(ScoreBound::Lower),
                    (Some(_), Some("upperbound")) => Some(ScoreBound::Upper),
                    _ => None,
                };
                i += 1;
            }
            "pv" => {
                info.pv = toks[i + 1..].iter().map(|t| (*t).to_owned()).collect();
                break;
            }
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    Some(info)
}

/// The move of a `bestmove MOVE [ponder MOVE]` line, as written (it may be
/// `(none)` or anything else: the caller judges it). `bestmove` alone
/// gives an empty string; any other line gives `None`.
pub fn parse_bestmove(line: &str) -> Option<&str> {
    let mut toks = line.split_whitespace();
    if toks.next() != Some("bestmove") {
        return None;
    }
    Some(toks.next().unwrap_or(""))
}

/// The message of an `info string error: MESSAGE` line (without the colon
/// and the blanks around it); `None` for any other line.
pub fn parse_error(line: &str) -> Option<&str> {
    let rest = line.trim().strip_prefix("info string error")?;
    Some(rest.trim_start_matches(':').trim())
}

/// An option an engine lists after `uci`, as [`parse_option`] reads it:
/// its name and, for a `combo`, the values offered (`var V`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct OptionLine {
    /// The option's name (it may hold spaces: `Debug Log File`).
    pub name: String,
    /// The values of a `combo` option.
    pub vars: Vec<String>,
}

/// Reads an `option name NAME type T [default D] [var V ...]` line; `None`
/// for other lines.
pub fn parse_option(line: &str) -> Option<OptionLine> {
    let rest = line.trim().strip_prefix("option name ")?;
    let (name, tail) = match rest.find(" type ") {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, ""),
    };
    let mut vars = Vec::new();
    let mut toks = tail.split_whitespace();
    while let Some(t) = toks.next() {
        if t == "var" {
            if let Some(v) = toks.next() {
                vars.push(v.to_owned());
            }
        }
    }
    Some(OptionLine {
        name: name.trim().to_owned(),
        vars,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn reads_bestmove_lines() {
        assert_eq!(parse_bestmove("bestmove f3f4"), Some("f3f4"));
        assert_eq!(parse_bestmove("  bestmove  k2wc  ponder x "), Some("k2wc"));
        assert_eq!(parse_bestmove("bestmove (none)"), Some("(none)"));
        assert_eq!(parse_bestmove("bestmove"), Some(""));
        assert_eq!(parse_bestmove("bestmoves f3f4"), None);
        assert_eq!(parse_bestmove("info pv f3f4"), None);
        assert_eq!(parse_bestmove(""), None);
    }

    #[test]
    fn writes_bestmove_lines_it_reads() {
        assert_eq!(bestmove_line(Some("f3f4")), "bestmove f3f4");
        assert_eq!(bestmove_line(None::<&str>), "bestmove (none)");
        for m in [Some("e2e4"), None] {
            let line = bestmove_line(m);
            assert_eq!(parse_bestmove(&line), Some(m.unwrap_or("(none)")));
        }
    }

    #[test]
    fn reads_info_lines() {
        let i = parse_info(
            "info depth 7 seldepth 9 score cp -35 nodes 1234 nps 99 time 12 hashfull 3 pv f3f4 f8f7",
        )
        .unwrap();
        assert_eq!(i.depth, Some(7));
        assert_eq!(i.seldepth, Some(9));
        assert_eq!(i.multipv, None);
        assert_eq!(i.score, Some(Score::Cp(-35)));
        assert_eq!(i.bound, None);
        assert_eq!(i.nodes, Some(1234));
        assert_eq!(i.nps, Some(99));
        assert_eq!(i.time_ms, Some(12));
        assert_eq!(i.hashfull, Some(3));
        assert_eq!(i.pv, ["f3f4", "f8f7"]);
        assert_eq!(parse_info("info string error: bad"), None);
        assert_eq!(parse_info("infos depth 3"), None);
        assert_eq!(parse_info("bestmove f3f4"), None);
        assert_eq!(parse_info(""), None);
        assert_eq!(parse_info("info"), Some(InfoLine::default()));
        assert_eq!(parse_info("info pv").unwrap().pv, Vec::<String>::new());
    }

    /// A Stockfish line, with fields this engine never writes: they are
    /// skipped and the known ones read.
    #[test]
    fn reads_stockfish_lines_with_extra_fields() {
        let i = parse_info(
            "info depth 24 seldepth 33 multipv 2 score cp 31 wdl 96 855 49 nodes 2796133 \
             nps 1398066 hashfull 702 tbhits 0 time 2000 pv e2e4 e7e5 g1f3",
        )
        .unwrap();
        assert_eq!(i.depth, Some(24));
        assert_eq!(i.seldepth, Some(33));
        assert_eq!(i.multipv, Some(2));
        assert_eq!(i.score, Some(Score::Cp(31)));
        assert_eq!(i.nodes, Some(2_796_133));
        assert_eq!(i.nps, Some(1_398_066));
        assert_eq!(i.hashfull, Some(702));
        assert_eq!(i.time_ms, Some(2000));
        assert_eq!(i.pv, ["e2e4", "e7e5", "g1f3"]);

        let c = parse_info("info depth 5 currmove e2e4 currmovenumber 1").unwrap();
        assert_eq!(c.depth, Some(5));
        assert_eq!(c.pv, Vec::<String>::new());
        // `info string ...` is no report; a `string` further on is skipped
        // as an unknown word.
        assert_eq!(
            parse_info("info string NNUE evaluation using nn.nnue"),
            None
        );
        assert_eq!(
            parse_info("info depth 2 string x nodes 7").unwrap().nodes,
            Some(7)
        );
    }

    #[test]
    fn reads_mate_scores_and_bounds() {
        let m = parse_info("info score mate -3 depth x").unwrap();
        assert_eq!(m.score, Some(Score::Mate(-3)));
        assert_eq!(m.depth, None);
        assert_eq!(
            parse_info("info score mate 0").unwrap().score,
            Some(Score::Mate(0))
        );
        assert_eq!(
            parse_info("info score mate 12 pv a b").unwrap().pv,
            ["a", "b"]
        );

        let lo = parse_info("info depth 9 score cp 40 lowerbound nodes 10").unwrap();
        assert_eq!(lo.score, Some(Score::Cp(40)));
        assert_eq!(lo.bound, Some(ScoreBound::Lower));
        assert_eq!((lo.depth, lo.nodes), (Some(9), Some(10)));
        let hi = parse_info("info score mate 4 upperbound time 3").unwrap();
        assert_eq!(hi.score, Some(Score::Mate(4)));
        assert_eq!(hi.bound, Some(ScoreBound::Upper));
        assert_eq!(hi.time_ms, Some(3));
        // A later score replaces the earlier one and its bound.
        let twice = parse_info("info score cp 1 lowerbound score cp 2").unwrap();
        assert_eq!((twice.score, twice.bound), (Some(Score::Cp(2)), None));
        // A bound where the score should be: no score, and no bound.
        assert_eq!(
            parse_info("info score lowerbound"),
            Some(InfoLine::default())
        );
        assert_eq!(
            parse_info("info score cp x lowerbound"),
            Some(InfoLine::default())
        );
    }

    #[test]
    fn garbage_is_read_as_far_as_it_goes() {
        for line in [
            "info score",
            "info score cp",
            "info score cp x",
            "info score pawns 3",
            "info depth",
            "info depth -1 nodes 1e9 time 3.5",
            "info ☃ ∞ \u{0} depth",
            "info score mate 99999999999 nodes 18446744073709551616",
        ] {
            let i = parse_info(line).unwrap();
            assert_eq!(i, InfoLine::default(), "{line}");
        }
        // Unknown words in between are skipped, one by one.
        let i = parse_info("info foo 3 bar depth 4 9 nodes 5").unwrap();
        assert_eq!((i.depth, i.nodes), (Some(4), Some(5)));
        assert_eq!(parse_error("info string error"), Some(""));
    }

    #[test]
    fn writes_info_lines_it_reads() {
        let info = Info {
            depth: 7,
            seldepth: 11,
            multipv: 2,
            score: Score::Mate(-3),
            nodes: 1234,
            nps: 5678,
            time: Duration::from_millis(12),
            pv: vec!["f3f4", "f8f7"],
            hashfull: 3,
        };
        let line = info_line(&info);
        assert_eq!(
            line,
            "info depth 7 seldepth 11 multipv 2 score mate -3 nodes 1234 nps 5678 time 12 \
             hashfull 3 pv f3f4 f8f7"
        );
        let read = parse_info(&line).unwrap();
        assert_eq!(read.depth, Some(7));
        assert_eq!(read.seldepth, Some(11));
        assert_eq!(read.multipv, Some(2));
        assert_eq!(read.score, Some(Score::Mate(-3)));
        assert_eq!(read.bound, None);
        assert_eq!(read.nodes, Some(1234));
        assert_eq!(read.nps, Some(5678));
        assert_eq!(read.time_ms, Some(12));
        assert_eq!(read.hashfull, Some(3));
        assert_eq!(read.pv, ["f3f4", "f8f7"]);
        // No moves: the line ends at `pv`.
        let empty = Info {
            pv: Vec::<&str>::new(),
            score: Score::Cp(0),
            ..info
        };
        assert!(info_line(&empty).ends_with("hashfull 3 pv"));
        assert_eq!(
            parse_info(&info_line(&empty)).unwrap().pv,
            Vec::<String>::new()
        );
    }

    #[test]
    fn writes_and_reads_error_lines() {
        let line = error_line("unknown command `foo`");
        assert_eq!(line, "info string error: unknown command `foo`");
        assert_eq!(parse_error(&line), Some("unknown command `foo`"));
        assert_eq!(parse_error("  info string error:  busy  "), Some("busy"));
        assert_eq!(parse_error("info string hello"), None);
        assert_eq!(parse_error("info depth 1"), None);
        // An error line is no `info` report.
        assert_eq!(parse_info(&line), None);
    }

    #[test]
    fn reads_option_lines() {
        assert_eq!(
            parse_option("option name UCI_Variant type combo default chess var chess var makruk"),
            Some(OptionLine {
                name: "UCI_Variant".into(),
                vars: vec!["chess".into(), "makruk".into()],
            })
        );
        assert_eq!(
            parse_option("option name Debug Log File type string default "),
            Some(OptionLine {
                name: "Debug Log File".into(),
                vars: Vec::new(),
            })
        );
        assert_eq!(
            parse_option("option name Hash type spin default 16 min 1 max 65536"),
            Some(OptionLine {
                name: "Hash".into(),
                vars: Vec::new(),
            })
        );
        assert_eq!(parse_option("id name x"), None);
        assert_eq!(parse_option("option"), None);
    }
}
