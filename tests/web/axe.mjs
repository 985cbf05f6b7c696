// Accessibility checks inside the browser tests: axe-core (pinned in package.json) with the WCAG 2
// A and AA rules (2.0, 2.1, 2.2) on the page as it is drawn now, where a serious or critical
// violation is a failure; and the contrast of every board coordinate shown against every colour
// of its square (axe leaves text over a gradient unchecked, as "needs review").
// axe's source is evaluated through the DevTools protocol (page.evaluate), which the page's
// Content-Security-Policy (script-src 'self') does not govern: the server's policy is tested as it
// is, with no bypass, and no script tag is added to the page.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let source = null; // axe.min.js, read once
// How many checks ran and the milliseconds they took together (run.mjs prints them).
export const axeStats = { runs: 0, ms: 0 };

// The rule tags run: WCAG 2.0, 2.1 and 2.2 at levels A and AA.
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

// The serious and critical violations of the WCAG A/AA rules on page, each
// {id, impact, help, targets: [selector…], summary}; [] when none.
export async function axeViolations(page) {
  source ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(source);
  return page.evaluate(async (tags) => {
    const r = await window.axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
      elementRef: true,
    });
    // Label in name (WCAG 2.5.3) on a board square, whose name starts with its coordinate ("h1,
    // empty"): axe reads all the text inside a control as one label, joining separately drawn
    // marks ("b" and a piece's charge "0" read "b0"; a talisman's direction "N" and value "3"
    // read "n3"). Here each mark is checked apart: a rank number or file letter drawn in an edge
    // square labels its rank or file and is part of the square's coordinate; every other mark
    // (a text node) is in the name word for word. A square failing that still fails.
    const words = (s) =>
      s
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean);
    const labelInName = (el) => {
      const name = el.getAttribute('aria-label') || '';
      const first = name.split(',')[0].trim().toLowerCase();
      if (!/^[a-z]\d{1,2}$/.test(first)) return false;
      const said = words(name);
      const inName = (shown) => !shown.length || said.some((_, i) => shown.every((w, j) => said[i + j] === w));
      const marks = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = marks.nextNode(); n; n = marks.nextNode()) {
        const coordinate = n.parentElement.closest('.coord');
        if (coordinate ? !first.includes(n.nodeValue.trim().toLowerCase()) : !inName(words(n.nodeValue))) return false;
      }
      return true;
    };
    return r.violations
      .map((v) => {
        const nodes = v.id === 'label-content-name-mismatch' ? v.nodes.filter((n) => !labelInName(n.element)) : v.nodes;
        return {
          id: v.id,
          impact: v.impact,
          help: v.help,
          targets: nodes.map((n) => n.target.join(' ')),
          summary: nodes[0]?.failureSummary?.replace(/\s+/g, ' ').trim() ?? '',
        };
      })
      .filter((v) => v.targets.length && (v.impact === 'serious' || v.impact === 'critical'));
  }, AXE_TAGS);
}

// Every board coordinate shown on page (.board-wrap .coord, not inside an inert part: a waiting
// or offline board is inactive) whose contrast with some colour of its square (the square's
// background colour and every colour of its gradient, under any translucent layer) is below
// 4.5:1, or that is drawn faded (an opacity below 1); each as a sentence.
export async function coordinateContrast(page) {
  return page.evaluate(() => {
    const parse = (s) => {
      const m = s.match(/rgba?\(([^)]+)\)/);
      if (!m) return null;
      const [r, g, b, a = 1] = m[1]
        .split(/[ ,/]+/)
        .filter(Boolean)
        .map(Number);
      return [r, g, b, a];
    };
    const colours = (s) => (s.match(/rgba?\([^)]+\)/g) || []).map(parse);
    const over = (top, under) => {
      const a = top[3];
      return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)).concat(1);
    };
    const lum = (c) => {
      const v = c
        .slice(0, 3)
        .map((x) => x / 255)
        .map((x) => (x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4));
      return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
    };
    const ratio = (a, b) => {
      const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
      return (x + 0.05) / (y + 0.05);
    };
    const hex = (c) =>
      `#${c
        .slice(0, 3)
        .map((x) => Math.round(x).toString(16).padStart(2, '0'))
        .join('')}`;
    // The colours a point of el's box may show: its own and its ancestors' backgrounds, from
    // the first opaque one up, translucent layers laid over it.
    const backdrops = (el) => {
      const layers = [];
      for (let e = el; e; e = e.parentElement) {
        const s = getComputedStyle(e);
        const cs = [...colours(s.backgroundImage), parse(s.backgroundColor)].filter((c) => c && c[3] > 0);
        if (!cs.length) continue;
        layers.push(cs);
        if (cs.some((c) => c[3] >= 1)) break;
      }
      let out = [[255, 255, 255, 1]];
      for (const layer of layers.reverse()) out = layer.flatMap((c) => out.map((u) => over(c, u)));
      return out;
    };
    const problems = [];
    for (const c of document.querySelectorAll('.board-wrap .coord')) {
      if (c.closest('[inert]') || c.getBoundingClientRect().width === 0) continue;
      const square = c.closest('[role="gridcell"]') || c.parentElement;
      const where = `${c.classList.contains('file') ? 'file' : 'rank'} "${c.textContent.trim()}" on ${square.dataset.sq || square.dataset.cell || square.className}`;
      let opacity = 1;
      for (let e = c; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
      if (opacity < 1) {
        problems.push(`${where}: drawn at opacity ${opacity.toFixed(2)}`);
        continue;
      }
      const fg = parse(getComputedStyle(c).color);
      for (const bg of backdrops(c)) {
        const text = fg[3] < 1 ? over(fg, bg) : fg;
        const r = ratio(text, bg);
        if (r < 4.5) {
          problems.push(`${where}: ${hex(text)} on ${hex(bg)} is ${r.toFixed(2)}:1, below 4.5:1`);
          break;
        }
      }
    }
    return problems;
  });
}

// One line per violation: rule, impact, up to four target selectors and the first node's summary.
export const describeViolations = (violations) =>
  violations.map(
    (v) =>
      `${v.id} (${v.impact}, ${v.targets.length} node${v.targets.length === 1 ? '' : 's'}: ${v.targets.slice(0, 4).join(', ')}${v.targets.length > 4 ? ', …' : ''}): ${v.help}. ${v.summary.slice(0, 240)}`
  );

// Resolves with the problems on page as sentences, [] when none: axe's serious and critical
// violations (axeViolations, describeViolations), then the board coordinates below AA contrast
// (at most five of them, and how many more).
export async function axeProblems(page) {
  const t0 = Date.now();
  const found = describeViolations(await axeViolations(page));
  const coords = await coordinateContrast(page);
  if (coords.length)
    found.push(
      `board coordinates below WCAG AA contrast: ${coords.slice(0, 5).join('; ')}${coords.length > 5 ? ` (+${coords.length - 5} more)` : ''}`
    );
  axeStats.runs += 1;
  axeStats.ms += Date.now() - t0;
  return found;
}
