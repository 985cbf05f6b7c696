// The "legal lists" comparison of bench/run.sh's report (LEGAL="server local"): per game, the
// runs whose players took their legal lists from the server against those whose players
// joined with "legal": false and computed them with the game's rules engine (tabuleiro-load
// --legal local). Used by summarize.cjs, which passes its number helpers.
'use strict';

// Where a report's players took their legal lists ("server" for reports made before the knob).
const legalSource = (r) => (r.legal && r.legal.source) || 'server';

// Payload bytes of the legal and expects fields in a report's received messages.
function legalBytes(r) {
  let n = 0;
  for (const types of Object.values(r.wire.received))
    for (const c of Object.values(types)) n += ((c.fields || {}).legal || 0) + ((c.fields || {}).expects || 0);
  return n;
}

// Payload bytes of every message a report's sockets received.
function receivedBytes(r) {
  let n = 0;
  for (const types of Object.values(r.wire.received)) for (const c of Object.values(types)) n += c.bytes;
  return n;
}

// The Markdown of the comparison at the smallest load, or '' when the runs hold one source
// only. h: { median, fmt, ratio, sum, gameName } of summarize.cjs.
function legalTable(play, meta, h) {
  const runs = play.filter((r) => r.target === 'tabuleiro' && r.wire);
  if (new Set(runs.map(legalSource)).size < 2) return '';
  const load = Math.min(...runs.map((r) => r.matches));
  const stats = (rs) => {
    const acked = h.sum(rs.map((r) => r.actions_acked));
    return {
      runs: rs.length,
      rate: h.median(rs.map((r) => r.acked_per_s)),
      bytes: h.sum(rs.map(receivedBytes)) / acked,
      legal: h.sum(rs.map(legalBytes)) / acked,
      cpu: h.median(rs.map((r) => r.server.cpu_us_per_action)),
      cpuRuns: rs.map((r) => h.fmt(r.server.cpu_us_per_action, 1)).join(', '),
      gen: h.median(rs.map((r) => (1e6 * r.generator.cpu_s_run) / Math.max(1, r.actions_acked))),
      errors: h.sum(rs.map((r) => r.errors_total)),
      rejects: h.sum(rs.map((r) => r.rejects_total || 0)),
      load: h.median(rs.map((r) => (r.loadavg_1m.start + r.loadavg_1m.end) / 2)),
    };
  };
  const out = [
    `${h.fmt(load)} matches (2 players + ${meta.spectators} spectators each), ${meta.duration} s measured ` +
      'per run, the two ways in turn: the players choose among the `legal` lists the server sends ("server"), or ' +
      'every connection joins with `"legal": false` and each seat computes its list with the game\'s rules engine ' +
      'from its own view ("players"; `tabuleiro-load --legal local`). Bytes are the payload received by all the ' +
      "sockets of a match per acknowledged action (sums over the runs); CPU per action is each run's server CPU " +
      "over its acknowledged actions (medians, each run's in brackets); the generator's CPU holds the players' " +
      'own legal lists in the "players" rows. Ratios are players ÷ server.',
    '',
  ];
  out.push(
    '| game | legal lists | runs | actions/s | bytes received per action | of which legal lists | server µs CPU/action (runs) | generator µs CPU/action | errors | rejects | machine load |'
  );
  out.push('|---|---|---:|---:|---:|---:|---|---:|---:|---:|---:|');
  const ratios = [];
  for (const game of [...new Set(runs.map((r) => r.game))]) {
    const by = (source) => runs.filter((r) => r.game === game && r.matches === load && legalSource(r) === source);
    const rows = ['server', 'local'].map((source) => [source, by(source)]).filter(([, rs]) => rs.length);
    const s = {};
    for (const [source, rs] of rows) {
      const t = (s[source] = stats(rs));
      out.push(
        `| ${h.gameName(game)} | ${source === 'local' ? 'players' : 'server'} | ${t.runs} | ${h.fmt(t.rate)} | ` +
          `${h.fmt(t.bytes)} | ${h.fmt(t.legal)} | ${h.fmt(t.cpu, 1)} (${t.cpuRuns}) | ${h.fmt(t.gen, 1)} | ` +
          `${t.errors} | ${t.rejects} | ${h.fmt(t.load, 1)} |`
      );
    }
    if (s.server && s.local)
      ratios.push(
        `| ${h.gameName(game)} | ${h.ratio(s.local.bytes, s.server.bytes)} | ` +
          `${h.ratio(s.local.cpu, s.server.cpu)} | ${h.ratio(s.local.rate, s.server.rate)} |`
      );
  }
  if (ratios.length)
    out.push('', '| game | bytes per action | server CPU per action | actions/s |', '|---|---:|---:|---:|', ...ratios);
  return out.join('\n');
}

module.exports = { legalSource, legalTable };
