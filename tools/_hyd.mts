import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const page = await browser.newPage();
page.on('console', (m) => console.log('console:', m.type(), m.text()));
page.on('pageerror', (e) => console.log('pageerror', e.message));
await page.goto('http://127.0.0.1:3400' + (process.argv[2] ?? '/press'), { waitUntil: 'load' });
await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached', timeout: 10000 });
console.log('hydrated; preloads', await page.locator('link[rel=modulepreload]').count());
await browser.close();
