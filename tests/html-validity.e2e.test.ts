/**
 * Valid HTML: the server-rendered HTML of every route of every page definition (one real slug per
 * parameterised route), the not-found page and each layout (main, form with its document, campaign)
 * passes the Nu HTML Checker (vnu-jar) with zero errors. All pages go to one checker run: the JVM
 * starts once. Java comes from the system (Debian's default-jre-headless, installed by .ci/run);
 * without it the test is skipped locally and fails in CI.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { concreteUrl, definitionRoutes } from './helpers/routes.ts';

const site = inject('siteUrl');
const routes = (await definitionRoutes()).map(({ route, definition }) => ({ route, layout: definition.layout }));

/** The jar shipped inside the npm package (nothing is downloaded when the test runs). */
const vnuJar = String(createRequire(import.meta.url)('vnu-jar') as string);
const hasJava = spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;
const skip = !hasJava && !process.env.CI;
if (skip) console.warn('html-validity: skipped, no `java` on PATH (install a JRE, e.g. apt-get install default-jre-headless)');

const concrete = (route: string) => concreteUrl(site, route);

/** The form layout with a real document: the first "get it by e-mail" link of the site. */
async function formWithDocument(): Promise<string> {
  for (const { route } of routes.filter((r) => !r.route.includes(':'))) {
    const html = await (await fetch(`${site}${route}`)).text();
    const found = /href="(\/pdf-download-form\?id=[A-Za-z0-9_-]+)"/.exec(html)?.[1];
    if (found) return found;
  }
  throw new Error('no link to /pdf-download-form?id=… on any page');
}

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

/**
 * What the checker reports against HTML the standard allows: `blocking="render"` on
 * `<link rel="expect">` (WHATWG HTML, "Link type expect"; src/root.tsx holds the first frame until
 * the page is read). vnu 26.9 knows `blocking` on stylesheet links only.
 */
function checkerIsBehind(m: VnuMessage): boolean {
  return (
    m.message === 'A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”.' &&
    /<link rel="expect" href="#page-end" blocking="render"\/?>/.test(m.extract ?? '')
  );
}

function runChecker(files: string[]): Promise<VnuMessage[]> {
  return new Promise((resolve, reject) => {
    execFile(
      'java',
      ['-jar', vnuJar, '--errors-only', '--format', 'json', '--stdout', ...files],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        // Exit status 1 means "errors found"; the JSON report is what counts.
        try {
          resolve((JSON.parse(stdout) as { messages: VnuMessage[] }).messages);
        } catch {
          reject(new Error(`the checker gave no JSON report (${error?.message ?? 'no error'}):\n${stdout}\n${stderr}`));
        }
      },
    );
  });
}

const folder = mkdtempSync(path.join(tmpdir(), 'html-validity-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('valid HTML (Nu HTML Checker)', () => {
  it('java is available in CI', () => {
    expect(hasJava || !process.env.CI, 'CI needs java for the HTML checker: .ci/run installs default-jre-headless').toBe(true);
  });

  const title = 'every route, the not-found page and every layout have zero errors';
  it.skipIf(skip)(skip ? `${title} (skipped: no java on PATH)` : title, { timeout: 180_000 }, async () => {
    const pages: { url: string; status: number }[] = [
      ...(await Promise.all(routes.map(async ({ route }) => ({ url: await concrete(route), status: 200 })))),
      { url: await formWithDocument(), status: 200 },
      { url: '/no-such-page-html-validity', status: 404 },
    ];
    expect(routes.length).toBeGreaterThanOrEqual(49);
    const layouts = new Set(routes.map((r) => r.layout));
    for (const layout of ['main', 'form', 'campaign'] as const) expect(layouts.has(layout), `a page with the ${layout} layout`).toBe(true);

    const byFile = new Map<string, string>();
    await Promise.all(
      pages.map(async ({ url, status }, index) => {
        const response = await fetch(`${site}${url}`);
        expect(response.status, url).toBe(status);
        const file = path.join(folder, `${String(index).padStart(3, '0')}${url.replace(/[^A-Za-z0-9]+/g, '-')}.html`);
        writeFileSync(file, await response.text());
        byFile.set(file, url);
      }),
    );

    // A canary with one known error proves the checker really ran over the files and is read right.
    const canary = path.join(folder, 'canary.html');
    writeFileSync(
      canary,
      '<!DOCTYPE html><html lang="en"><head><title>canary</title></head><body><div aria-label="x"></div></body></html>',
    );
    const messages = await runChecker([canary, ...byFile.keys()]);
    const fileOf = (m: VnuMessage) => (m.url?.startsWith('file:') ? fileURLToPath(m.url) : m.url);
    expect(messages.filter((m) => fileOf(m) === canary).map((m) => `${m.type}: ${m.message}`)).toEqual([
      expect.stringMatching(/^error: The “aria-label” attribute must not be specified on any “div” element/),
    ]);

    const errors = messages
      .filter((m) => m.type !== 'info' && fileOf(m) !== canary && !checkerIsBehind(m))
      .map((m) => {
        const file = fileOf(m);
        const where = file ? `${byFile.get(file) ?? '?'} (${path.basename(file)})` : '(checker)';
        const extract = m.extract ? `\n    ${m.extract.replace(/\s+/g, ' ').trim()}` : '';
        return `${where} line ${m.lastLine ?? '?'}, column ${m.lastColumn ?? '?'}: ${m.type}: ${m.message}${extract}`;
      });
    expect(errors.length, `${errors.length} HTML errors:\n${errors.join('\n')}`).toBe(0);
  });
});
