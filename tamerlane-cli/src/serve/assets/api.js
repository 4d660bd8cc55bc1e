// The JSON API of `tamerlane serve` (docs/WEB.md, "API"): each call
// returns the parsed answer or throws an Error with the server's message.

export async function call(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  const text = await res.text();
  let data;
  try { data = JSON.parse(text); } catch { data = { text }; }
  if (!res.ok) throw new Error(data.error || `${res.status} ${text}`);
  return data;
}

export const api = {
  info: () => call("GET", "/api/info"),
  state: () => call("GET", "/api/state"),
  newGame: (game, rules, fen) => call("POST", "/api/new", { game, rules, fen }),
  move: (move) => call("POST", "/api/move", { move }),
  takeback: (plies) => call("POST", "/api/takeback", { plies }),
  navigate: (ply) => call("POST", "/api/navigate", { ply }),
  engineMove: (movetime_ms, level) => call("POST", "/api/engine/move", { movetime_ms, level }),
  analysisStart: (multipv) => call("POST", "/api/analysis/start", { multipv }),
  analysisStop: () => call("POST", "/api/analysis/stop"),
  loadRecord: (text) => call("POST", "/api/record", { text }),
};
