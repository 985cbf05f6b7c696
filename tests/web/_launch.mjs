import { chromium } from 'playwright-core';
const t = Date.now();
const b = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  timeout: 120000,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
console.log('launch ms', Date.now() - t);
const p = await b.newPage();
await p.goto('about:blank');
console.log('page ms', Date.now() - t);
await b.close();
