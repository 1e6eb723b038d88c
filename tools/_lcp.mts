import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
for (const base of ['http://127.0.0.1:3400', 'http://127.0.0.1:3402']) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6*1024*1024)/8, uploadThroughput: (750*1024)/8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    const w = window as any; w.__lcp = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries() as any[]) w.__lcp.push([Math.round(e.startTime), e.size, e.element?.tagName, (e.element?.className||'').toString().slice(0,40), e.url?.slice(-30)]); }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => { for (const e of list.getEntries() as any[]) w.__lcp.push(['paint', e.name, Math.round(e.startTime)]); }).observe({ type: 'paint', buffered: true });
  });
  await page.goto(base + process.argv[2], { waitUntil: 'load', timeout: 120000 });
  await page.waitForLoadState('networkidle').catch(() => {});
  console.log(base, JSON.stringify(await page.evaluate(() => (window as any).__lcp)));
  const t = await page.evaluate(() => performance.getEntriesByType('resource').map((r: any) => [r.name.replace(/^https?:\/\/[^/]+/, '').slice(0,40), Math.round(r.startTime), Math.round(r.responseEnd)]));
  console.log(JSON.stringify(t.slice(0, 14)));
  await context.close();
}
await browser.close();
