// HTTP API of the match server (protocol/PROTOCOL.md, "HTTP").

// An HTTP failure with the server's error code and message (code 'network' when unreachable).
export class ApiError extends Error {
  constructor(code, message, status) { super(message); this.code = code; this.status = status; }
}

async function call(method, path, body) {
  let res;
  try {
    res = await fetch(path, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (e) {
    throw new ApiError('network', String(e), 0);
  }
  let data = null;
  try { data = await res.json(); } catch { /* not JSON */ }
  if (!res.ok) {
    const err = data?.error || {};
    throw new ApiError(err.code || `http_${res.status}`, err.message || res.statusText, res.status);
  }
  return data;
}

// Creates a match: {game, options?, position?, seat?, visibility?} → {code, link, seat, token}.
export const createMatch = (req) => call('POST', '/api/matches', req);

// The summary of one match (code is case-insensitive).
export const getMatch = (code) => call('GET', `/api/matches/${encodeURIComponent(code)}`);

// Public matches with the given status ('live', 'waiting', …).
export const listMatches = (status, game) =>
  call('GET', `/api/matches?status=${encodeURIComponent(status)}${game ? `&game=${encodeURIComponent(game)}` : ''}`);
