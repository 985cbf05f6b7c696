// What a browser scenario shares: a runner of named steps (the first failure skips the rest)
// and pages on fresh browser contexts with the scenarios' step timeout.

export const STEP_TIMEOUT_MS = 10_000;

// A failed check inside a step.
export class Failure extends Error {}
export const check = (cond, msg) => { if (!cond) throw new Failure(msg); };

// {results, step(name, fn)}: runs fn as one named step, printing ok / FAIL / SKIP.
export function steps() {
  const results = [];
  let stop = false;
  const step = async (name, fn) => {
    if (stop) { results.push({ name, ok: false }); console.log(`SKIP ${name}`); return; }
    const t0 = Date.now();
    try {
      await fn();
      results.push({ name, ok: true });
      console.log(`ok   ${name} (${Date.now() - t0} ms)`);
    } catch (e) {
      results.push({ name, ok: false });
      console.log(`FAIL ${name}: ${e.message.split('\n')[0]}`);
      stop = true;
    }
  };
  return { results, step };
}

// A page on a new context of browser (English unless opts say otherwise), page errors logged.
export async function newPage(browser, opts) {
  const ctx = await browser.newContext({ locale: 'en-US', ...opts });
  const page = await ctx.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  return page;
}
