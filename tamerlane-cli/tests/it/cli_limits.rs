//! Input size limits of the `tamerlane` tool: the `--stdin` modes, `pgn`
//! and `engine` read hostile input (endless lines, huge arguments) in
//! bounded memory and answer with errors, never a panic. Memory is the
//! child's peak resident size (`VmHWM` in `/proc`, read while it still
//! runs). See `docs/RELIABILITY.md`.

use std::io::{Read, Write};
use std::process::{Child, Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_tamerlane");
const MIB: usize = 1 << 20;

/// The child's peak resident set in KiB, if `/proc` tells.
fn peak_kib(child: &Child) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs the tool with `args`, writing `chunks` (each repeated its count
/// of times) to its stdin; returns stdout, stderr, success and the peak
/// memory measured after all input was written.
fn run_streaming(args: &[&str], chunks: &[(&[u8], usize)]) -> (String, String, bool, Option<u64>) {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().unwrap();
    // Drain stdout and stderr in threads so the child never blocks on them.
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let out_t = std::thread::spawn(move || {
        let mut s = String::new();
        out.read_to_string(&mut s).unwrap();
        s
    });
    let err_t = std::thread::spawn(move || {
        let mut s = String::new();
        err.read_to_string(&mut s).unwrap();
        s
    });
    for (chunk, times) in chunks {
        for _ in 0..*times {
            if stdin.write_all(chunk).is_err() {
                break;
            }
        }
    }
    let _ = stdin.flush();
    // The child has consumed (nearly) everything: measure before it ends.
    std::thread::sleep(std::time::Duration::from_millis(100));
    let peak = peak_kib(&child);
    drop(stdin);
    let status = child.wait().unwrap();
    (
        out_t.join().unwrap(),
        err_t.join().unwrap(),
        status.success(),
        peak,
    )
}

fn assert_small(peak: Option<u64>, what: &str) {
    match peak {
        Some(kib) => {
            println!("{what}: peak {kib} KiB");
            assert!(kib < 64 * 1024, "{what}: peak {kib} KiB");
        }
        // Only where there is no `/proc` to read.
        None if cfg!(target_os = "linux") => panic!("{what}: no VmHWM"),
        None => {}
    }
}

#[test]
fn stdin_modes_refuse_endless_lines_in_bounded_memory() {
    let block = vec![b'a'; MIB];
    let tfen = tamerlane_core::INITIAL_TFEN;
    for args in [&["moves", "--stdin"][..], &["apply", "--stdin"][..]] {
        let next = if args[0] == "moves" {
            format!("\n{tfen}\n")
        } else {
            format!("\n{tfen} | f3f4\n")
        };
        // 256 MiB on one line, then a good line.
        let (out, err, ok, peak) = run_streaming(args, &[(&block, 256), (next.as_bytes(), 1)]);
        assert!(ok, "{args:?}: {err}");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2, "{args:?}: {out:.200}");
        assert_eq!(lines[0], "error: line longer than 65536 bytes");
        assert!(!lines[1].starts_with("error"), "{}", lines[1]);
        assert_small(peak, args[0]);
    }
}

#[test]
fn long_but_allowed_stdin_lines_get_a_typed_error() {
    // Within the line limit, a TFEN padded past its own limit is refused
    // by the TFEN parser, with a short message.
    let line = format!("{}\n", "1/".repeat(20_000));
    let (out, _, ok, _) = run_streaming(&["moves", "--stdin"], &[(line.as_bytes(), 3)]);
    assert!(ok);
    assert_eq!(out.lines().count(), 3);
    for l in out.lines() {
        assert!(l.starts_with("error: invalid TFEN string"), "{l:.200}");
        assert!(l.contains("no TFEN is longer than 512"), "{l:.200}");
        assert!(l.len() < 200, "the error quotes an excerpt: {l:.200}");
    }
}

#[test]
fn pgn_streams_an_endless_line_and_goes_on() {
    let block = vec![b'x'; MIB];
    let after = b"\n[Event \"next\"]\n\n1. f4 f7 *\n";
    let (out, err, ok, peak) =
        run_streaming(&["pgn", "-"], &[(b"1. ", 1), (&block, 256), (after, 1)]);
    assert!(!ok, "a bad game fails the run");
    assert!(
        out.starts_with("game 1: error: line 1, column 1048577: line longer than 1048576 bytes"),
        "{out:.300}"
    );
    assert!(out.contains("game 2: 2 plies, *"), "{out:.300}");
    assert!(err.contains("2 games, 1 valid, 1 with errors"), "{err}");
    assert_small(peak, "pgn");
}

#[test]
fn engine_skips_an_endless_line() {
    let block = vec![b' '; MIB];
    let (out, _, ok, peak) = run_streaming(&["engine"], &[(&block, 128), (b"\nisready\n", 1)]);
    assert!(ok);
    assert!(
        out.contains("info string error: line longer than 1048576 bytes ignored"),
        "{out:.300}"
    );
    assert!(out.contains("readyok"), "{out:.300}");
    assert_small(peak, "engine");
}

#[test]
fn huge_arguments_are_refused() {
    let tfen = "8/".repeat(50_000);
    let o = Command::new(BIN)
        .args(["moves", "--tfen", &tfen])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("no TFEN is longer than 512"), "{err:.300}");
    assert!(err.len() < 300, "{err:.300}");
    // Many bad moves: the first one is reported, briefly.
    let moves: Vec<String> = (0..10_000).map(|_| "zz".repeat(10)).collect();
    let o = Command::new(BIN)
        .arg("outcome")
        .args(&moves)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.starts_with("error: move 1 ("), "{err:.300}");
}

#[test]
fn pgn_reports_a_read_error() {
    // A directory opens but cannot be read: an error, not "0 games".
    let dir = std::env::temp_dir();
    let o = Command::new(BIN).arg("pgn").arg(&dir).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(
        out.starts_with("game 1: error: line 1, column 1: read error: "),
        "{out}"
    );
}

#[test]
fn table_size_and_threads_are_bounded_like_the_protocol_options() {
    for args in [
        &["analyze", "--depth", "1", "--hash", "1000000000"][..],
        &["analyze", "--depth", "1", "--hash", "0"],
        &["analyze", "--depth", "1", "--threads", "0"],
        &["analyze", "--depth", "1", "--threads", "100000"],
        &["match", "--nodes", "10", "--games", "2", "--hash", "70000"],
    ] {
        let o = Command::new(BIN).args(args).output().unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert!(err.contains("is not in 1..="), "{args:?}: {err}");
    }
    let o = Command::new(BIN)
        .args(["analyze", "--depth", "1", "--hash", "1", "--threads", "2"])
        .output()
        .unwrap();
    assert!(o.status.success());
}
