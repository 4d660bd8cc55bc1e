//! A running `tamerlane serve` for the tests and a minimal HTTP/1.1 client
//! over a plain TCP stream (one connection per request), so that the tests
//! speak to the real binary on a real port as a browser would.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_tamerlane");

/// A server on a free port of 127.0.0.1, stopped (killed) when dropped.
pub struct Server {
    pub child: Child,
    pub addr: String,
    stderr: Option<std::thread::JoinHandle<String>>,
}

impl Server {
    /// Starts `tamerlane serve --port 0 EXTRA...` and reads its address.
    pub fn start(extra: &[&str]) -> Server {
        let mut child = Command::new(BIN)
            .args(["serve", "--port", "0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no address in {line:?}"));
        let addr = url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_owned();
        assert!(addr.starts_with("127.0.0.1:"), "{addr}");
        let mut err = child.stderr.take().unwrap();
        let stderr = std::thread::spawn(move || {
            let mut s = String::new();
            let _ = err.read_to_string(&mut s);
            s
        });
        Server {
            child,
            addr,
            stderr: Some(stderr),
        }
    }

    /// Sends a raw request (bytes as given) and returns the status and body.
    pub fn raw(&self, request: &[u8]) -> Reply {
        self.send(request)
    }

    /// [`raw`](Self::raw), waiting at most `wait` for the answer (a
    /// request whose body never comes gets none: status 0).
    /// The sending side is closed after the request, so that the server
    /// sees its end at once.
    pub fn raw_waiting(&self, request: &[u8], wait: Duration) -> Reply {
        let mut s = TcpStream::connect(&self.addr).expect("connects");
        s.set_read_timeout(Some(wait)).unwrap();
        let _ = s.write_all(request);
        let _ = s.shutdown(std::net::Shutdown::Write);
        let mut buf = Vec::new();
        let _ = s.read_to_end(&mut buf);
        Reply::parse(&buf)
    }

    fn send(&self, request: &[u8]) -> Reply {
        let mut s = TcpStream::connect(&self.addr).expect("connects");
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        // The server may answer and close before reading a huge body.
        let _ = s.write_all(request);
        let mut buf = Vec::new();
        let _ = s.read_to_end(&mut buf);
        Reply::parse(&buf)
    }

    /// A request with `cookie` (a session) and a body.
    pub fn req(&self, method: &str, path: &str, cookie: &str, body: &str) -> Reply {
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nCookie: {cookie}\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            self.addr,
            body.len()
        );
        let mut bytes = head.into_bytes();
        bytes.extend_from_slice(body.as_bytes());
        self.raw(&bytes)
    }

    /// A new session: its cookie (`name=value`).
    pub fn session(&self) -> String {
        let r = self.req("GET", "/api/state", "", "");
        assert_eq!(r.status, 200);
        let c = r.header("set-cookie").expect("a session cookie");
        c.split(';').next().unwrap().to_owned()
    }

    /// POSTs JSON in a session and reads the JSON answer.
    pub fn post(&self, path: &str, cookie: &str, body: &str) -> (u16, serde_json::Value) {
        let r = self.req("POST", path, cookie, body);
        (r.status, r.json())
    }

    /// GETs JSON in a session.
    pub fn get(&self, path: &str, cookie: &str) -> (u16, serde_json::Value) {
        let r = self.req("GET", path, cookie, "");
        (r.status, r.json())
    }

    /// Reads the server-sent events of `path` for at most `secs` seconds
    /// (or until the stream ends): the data of each `analysis` event, with
    /// the time it arrived.
    pub fn events(
        &self,
        path: &str,
        cookie: &str,
        secs: f64,
    ) -> Vec<(Duration, serde_json::Value)> {
        let mut s = TcpStream::connect(&self.addr).unwrap();
        write!(
            s,
            "GET {path} HTTP/1.1\r\nHost: {}\r\nCookie: {cookie}\r\nAccept: text/event-stream\r\n\r\n",
            self.addr
        )
        .unwrap();
        s.set_read_timeout(Some(Duration::from_millis(200)))
            .unwrap();
        let start = Instant::now();
        let mut r = BufReader::new(s);
        let mut out = Vec::new();
        let mut line = String::new();
        while start.elapsed().as_secs_f64() < secs {
            line.clear();
            match r.read_line(&mut line) {
                Ok(0) => break,
                Ok(_) => {
                    if let Some(data) = line.trim_end().strip_prefix("data: ") {
                        out.push((start.elapsed(), serde_json::from_str(data).unwrap()));
                    }
                }
                Err(_) => continue,
            }
        }
        out
    }

    /// Sends SIGINT (Ctrl-C) and waits for the exit: whether it exited
    /// successfully within `secs`.
    pub fn interrupt(&mut self, secs: u64) -> bool {
        let pid = self.child.id().to_string();
        Command::new("kill").args(["-INT", &pid]).status().unwrap();
        crate::cli::exit_within(&mut self.child, Duration::from_secs(secs))
            .is_some_and(|status| status.success())
    }

    /// Stops the server and returns what it wrote to stderr.
    pub fn stop(mut self) -> String {
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.stderr
            .take()
            .map(|h| h.join().unwrap())
            .unwrap_or_default()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An answer: status, headers (names in lower case) and body.
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Reply {
    fn parse(buf: &[u8]) -> Reply {
        let split = buf.windows(4).position(|w| w == b"\r\n\r\n");
        let Some(split) = split else {
            // The connection was closed without an answer.
            return Reply {
                status: 0,
                headers: Vec::new(),
                body: Vec::new(),
            };
        };
        let head = String::from_utf8_lossy(&buf[..split]);
        let mut lines = head.split("\r\n");
        let status = lines
            .next()
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|c| c.parse().ok())
            .unwrap_or(0);
        let headers: Vec<(String, String)> = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_owned()))
            .collect();
        let mut body = buf[split + 4..].to_vec();
        if headers
            .iter()
            .any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"))
        {
            body = dechunk(&body);
        }
        Reply {
            status,
            headers,
            body,
        }
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}), status {}: {}", self.status, self.text()))
    }
}

fn dechunk(mut b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(i) = b.windows(2).position(|w| w == b"\r\n") {
        let n = usize::from_str_radix(String::from_utf8_lossy(&b[..i]).trim(), 16).unwrap_or(0);
        if n == 0 || b.len() < i + 2 + n {
            break;
        }
        out.extend_from_slice(&b[i + 2..i + 2 + n]);
        b = &b[(i + 4 + n).min(b.len())..];
    }
    out
}
