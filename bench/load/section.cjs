// The command line of the RESULTS.md section generators (summarize.cjs, summarize_cluster.cjs):
//   node <generator> DIR                 print the section made from DIR
//   node <generator> DIR --write FILE    replace the section (begin … end markers) in FILE, or
//                                        append it when FILE has none
'use strict';
const fs = require('node:fs');

// Runs the command line for the generator named name, whose section(dir) makes the text
// and whose markers are begin and end (begin is matched by its first 25 characters).
function sectionMain(name, section, begin, end) {
  const dir = process.argv[2];
  if (!dir) {
    console.error(`usage: node bench/load/${name} DIR [--write FILE]`);
    process.exit(2);
  }
  const text = section(dir);
  const wi = process.argv.indexOf('--write');
  if (wi < 0) return console.log(text);
  const file = process.argv[wi + 1];
  const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmark results\n';
  const a = old.indexOf(begin.slice(0, 25)),
    b = old.indexOf(end);
  const updated =
    a >= 0 && b > a ? old.slice(0, a) + text + old.slice(b + end.length) : `${old.trimEnd()}\n\n${text}\n`;
  fs.writeFileSync(file, updated);
}

module.exports = { sectionMain };
