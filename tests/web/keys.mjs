// Keyboard-only play for the browser scenarios: a page that records console errors, the cursor
// walked over a board with the arrow keys, Tab pressed until a control has the focus, and the
// focus checked to be on a board cell.
import { check, newPage } from './steps.mjs';

// A page (newPage with opts) whose console errors, uncaught exceptions and Content-Security-
// Policy violations are recorded: {page, problems (a list of lines)}.
export async function watchedPage(browser, opts) {
  const problems = [];
  const page = await newPage(browser, opts, {
    prepare: async (ctx) => {
      await ctx.exposeBinding('reportCspViolation', (_src, v) => problems.push(`CSP: ${v}`));
      await ctx.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (e) =>
          window.reportCspViolation(
            `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`
          )
        )
      );
    },
  });
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text().slice(0, 200)}`);
  });
  page.on('pageerror', (e) => problems.push(`exception: ${e.message}`));
  return { page, problems };
}

// What the focused element is: {cell (its data-sq or data-cell, or null), grid (inside a
// role=grid), seat (the one-device table holding it, or null), id}.
export const focused = (page) =>
  page.evaluate(() => {
    const a = document.activeElement;
    return {
      cell: a?.dataset?.sq ?? a?.dataset?.cell ?? null,
      grid: !!a?.closest?.('[role="grid"]'),
      role: a?.getAttribute?.('role') ?? null,
      seat: a?.closest?.('.local-seat')?.dataset.seat ?? null,
      id: a?.id || '',
    };
  });

// Checks that the focus is on a cell of a board (of one device's table seat, if given); returns it.
export async function checkCellFocus(page, what, seat = null) {
  const f = await focused(page);
  check(f.cell && f.grid && f.role === 'gridcell', `${what}: the focus is on a board cell (${JSON.stringify(f)})`);
  if (seat != null)
    check(f.seat === String(seat), `${what}: the focus is on seat ${seat}'s board (${JSON.stringify(f)})`);
  return f;
}

// Waits until the focus is on a board cell (of seat's table, if given).
export const waitCellFocus = (page, seat = null) =>
  page.waitForFunction((s) => {
    const a = document.activeElement;
    return (
      a?.getAttribute('role') === 'gridcell' && (s == null || a.closest('.local-seat')?.dataset.seat === String(s))
    );
  }, seat);

// Moves the focused board's cursor to the cell named name with arrow keys only.
export async function cursorTo(page, name) {
  const keys = await page.evaluate((n) => {
    const a = document.activeElement;
    const board = a?.closest('[role="grid"]');
    if (!board) return null;
    const to = board.querySelector(`[data-sq="${n}"], [data-cell="${n}"]`);
    const pos = (el) => [[...board.children].indexOf(el.parentElement), [...el.parentElement.children].indexOf(el)];
    const [r0, c0] = pos(a);
    const [r1, c1] = pos(to);
    const out = [];
    for (let i = r0; i < r1; i++) out.push('ArrowDown');
    for (let i = r0; i > r1; i--) out.push('ArrowUp');
    for (let i = c0; i < c1; i++) out.push('ArrowRight');
    for (let i = c0; i > c1; i--) out.push('ArrowLeft');
    return out;
  }, name);
  check(keys, `cursorTo ${name}: the focus is not on a board`);
  for (const k of keys) await page.keyboard.press(k);
  const f = await focused(page);
  check(f.cell === name, `the arrows led the cursor to ${name} (it is on ${f.cell})`);
}

// Presses Tab (Shift+Tab when back) until the focused element matches selector (at most max times).
export async function tabTo(page, selector, { max = 80, back = false } = {}) {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((s) => !!document.activeElement?.matches(s), selector)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  check(false, `Tab never reached ${selector}`);
}

// Presses M until test() (evaluated in the page) holds, at most max times.
export async function modeUntil(page, test, arg, max = 12) {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate(test, arg)) return;
    await page.keyboard.press('m');
  }
  check(false, `M never reached the mode asked for (${arg})`);
}
