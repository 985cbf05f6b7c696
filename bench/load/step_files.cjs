// What the summaries of bench/run.sh's steps 5 and 6 (summarize_bots.cjs, summarize_peers.cjs)
// read and how they print it: a step's files in its scratch directory, medians, numbers.
'use strict';

const fs = require('fs');
const path = require('path');

// The text of file in dir ('' when absent).
const read = (dir, file) => (fs.existsSync(path.join(dir, file)) ? fs.readFileSync(path.join(dir, file), 'utf8') : '');

// The reports of file in dir, one JSON object per line (unparsable lines skipped).
const jsonLines = (dir, file) =>
  read(dir, file)
    .split('\n')
    .filter(Boolean)
    .flatMap((l) => {
      try {
        return [JSON.parse(l)];
      } catch {
        return [];
      }
    });

// The key=value lines of file in dir, as an object.
const keyValues = (dir, file) =>
  Object.fromEntries(
    read(dir, file)
      .split('\n')
      .filter(Boolean)
      .map((l) => {
        const i = l.indexOf('=');
        return [l.slice(0, i), l.slice(i + 1)];
      })
  );

// The median of the finite numbers of xs (NaN when none).
function median(xs) {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

// x with d decimals in English digit groups, or '—' when not finite.
const fmt = (x, d = 0) =>
  Number.isFinite(x) ? x.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d }) : '—';

module.exports = { read, jsonLines, keyValues, median, fmt };
