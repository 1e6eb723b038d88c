/**
 * The page editor under `npm run dev` on a temporary copy of page-definitions/ (privacy-policy.json
 * broken on purpose, the copy a git checkout of its own for Publish, with a bare repository as its
 * `origin` when asked), with one Chromium tab on /__editor: started before a file's tests, stopped
 * after them (tests/editor*.e2e.test.ts), and the steps those tests share. What a Publish put on a
 * branch, validated, built and served in production: ./published-site.ts.
 */
import { execFileSync, spawnSync as run } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { DEFAULT_CONTENT_PASSWORD, DEFAULT_CONTENT_USER } from '../../src/server/config.ts';
import { projectRoot } from '../../tools/lib/project.ts';
import { browserPerFile } from './browser.ts';
import { spawnSite, type ChildSite } from './servers.ts';

/** The definition the session breaks on purpose (its list test shows the problem): as the repository has it in `dir`. */
export const BROKEN = 'privacy-policy.json';
export const mendBroken = (dir: string) => cp(path.join(projectRoot, 'page-definitions', BROKEN), path.join(dir, BROKEN));

export interface EditorSession {
  /** The copy of page-definitions/ the development server serves and the editor writes. */
  dir: string;
  /** With `origin: true`: the bare repository that is the copy's `origin` (main pushed to it). */
  origin: string;
  /** `git <args>` in `cwd` (the copy by default): its output, trimmed. */
  git(args: string[], cwd?: string): string;
  dev: ChildSite;
  browser: Browser;
  /** The editor's tab (1500 × 1000), on /__editor when the tests start. */
  page: Page;
  /** Errors of the editor's pages (pageerror). */
  problems: string[];
  /** The content service's Basic credential. */
  basic: string;
  /** `npm run validate` on the copy (or on another definitions folder): exit status and output. */
  validateCli(dir?: string): { status: number | null; output: string };
  /** Opens a definition in the editor, hydrated. */
  open(name: string): Promise<void>;
  /** The props panel of the selected section or of the page. */
  props(): Locator;
  sectionsOutline(): Locator;
  /** Opens `name` and selects its first section, a banner: its bound heading's fallback field. */
  bannerFallback(name: string): Promise<Locator>;
  bindTo(scope: Locator, label: string, field: string): Promise<void>;
  addBlock(name: string): Promise<void>;
  /** Waits for "Saved at", or fails with what the editor said instead. */
  saved(): Promise<void>;
  /**
   * The preview frame and its pane hold their height: read at 10 moments over about a second after an
   * edit, each the same as before the edit (only a change of the chosen width may change them).
   */
  steadyFrame(when: string): Promise<void>;
}

/** `env`: more settings of the development server (e.g. EDITOR_REVIEW_URL); `origin`: a bare repository as the copy's remote. */
export function editorSession(env: Record<string, string> = {}, options: { origin?: boolean } = {}): EditorSession {
  // The file's Chromium (the one browser set-up); its desktop context is not used.
  const file = browserPerFile({ perFile: true });
  let frameHeights: { pane: number; frame: number } | undefined;
  const s = {
    problems: [] as string[],
    basic: `Basic ${Buffer.from(`${DEFAULT_CONTENT_USER}:${DEFAULT_CONTENT_PASSWORD}`).toString('base64')}`,
    git: (args: string[], cwd = s.dir) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim(),
    validateCli(dir = s.dir) {
      const done = run('npx', ['tsx', 'tools/validate.ts'], {
        cwd: projectRoot,
        encoding: 'utf8',
        env: { ...process.env, PAGE_DEFINITIONS_DIR: dir },
      });
      return { status: done.status, output: `${done.stdout}\n${done.stderr}` };
    },
    async open(name: string) {
      await s.page.goto(`${s.dev.url}/__editor/${name}`, { waitUntil: 'load', timeout: 120_000 });
      await s.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 60_000 });
      await s.page.getByRole('heading', { level: 1, name: `Page editor: ${name}` }).waitFor();
    },
    props: () => s.page.getByRole('complementary', { name: 'Properties' }),
    sectionsOutline: () => s.page.getByRole('list', { name: 'Sections' }),
    async bannerFallback(name: string) {
      await s.open(name);
      await s
        .sectionsOutline()
        .getByRole('button', { name: /^1\. banner/ })
        .click();
      return s.props().getByRole('group', { name: 'Heading: binding', exact: true }).getByLabel('Fallback (default)');
    },
    async bindTo(scope: Locator, label: string, field: string) {
      await scope
        .getByRole('radiogroup', { name: `${label}: value source`, exact: true })
        .getByLabel('Bound to content')
        .check();
      await scope
        .getByRole('group', { name: `${label}: binding`, exact: true })
        .getByLabel('Content field')
        .first()
        .selectOption(field);
    },
    async addBlock(name: string) {
      const page = s.page;
      await page.getByRole('button', { name: 'Add block' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a block' });
      await dialog.getByLabel('Filter blocks').fill(name);
      await dialog.getByRole('radio', { name: new RegExp(`^${name}\\b`) }).check();
      // The block's fixture rendered by the real component.
      await dialog.frameLocator(`iframe[title="Preview of ${name}"]`).locator(`[data-block="${name}"]`).waitFor();
      await dialog.getByRole('button', { name: `Add ${name}` }).click();
    },
    async saved() {
      await s.page
        .getByRole('status')
        .getByText(/Saved at/)
        .waitFor({ timeout: 15_000 })
        .catch(async (error: unknown) => {
          // What the editor said instead (a refusal, a conflict) is the useful part of the failure.
          throw new Error(`${String(error)}\nThe editor's status: ${await s.page.locator('.editor__status').textContent()}`);
        });
    },
    async steadyFrame(when: string) {
      const page = s.page;
      await page.locator('.editor__frame-box iframe.editor__frame').waitFor({ timeout: 30_000 });
      const moments = await page.evaluate(async () => {
        const box = document.querySelector('.editor__frame-box')!;
        const frame = document.querySelector('iframe.editor__frame')!;
        const read: { pane: number; frame: number }[] = [];
        for (let i = 0; i < 10; i++) {
          read.push({ pane: box.getBoundingClientRect().height, frame: frame.getBoundingClientRect().height });
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return read;
      });
      frameHeights ??= moments[0];
      const first = frameHeights;
      // Equal to a thousandth of a pixel: a scaled frame's box comes through single-precision
      // transforms, so the same height can read one bit apart (837.823486… then 837.823425…: a
      // failure in a full run that passed alone); the least change of layout is 1/64 px, scaled.
      const same = (a: number, b: number) => Math.abs(a - b) < 0.001;
      const moved = moments.filter((m) => !same(m.pane, first.pane) || !same(m.frame, first.frame));
      expect(moved, `preview pane and frame heights ${when}, against ${JSON.stringify(first)}`).toEqual([]);
      expect(frameHeights.frame).toBeGreaterThan(200);
    },
  } as EditorSession;

  beforeAll(async () => {
    s.dir = await mkdtemp(path.join(tmpdir(), 'editor-e2e-'));
    await cp(path.join(projectRoot, 'page-definitions'), s.dir, { recursive: true });
    const broken = path.join(s.dir, BROKEN);
    await writeFile(broken, (await readFile(broken, 'utf8')).replace('"layout": "main"', '"layout": "mian"'));
    // A git checkout of its own, for Publish (committed as it was copied, the broken file included).
    for (const args of [
      ['init', '--quiet', '--initial-branch=main'],
      ['add', '.'],
      ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '--quiet', '-m', 'start'],
    ])
      run('git', args, { cwd: s.dir });
    if (options.origin) {
      s.origin = await mkdtemp(path.join(tmpdir(), 'editor-e2e-origin-'));
      s.git(['init', '--bare', '--quiet'], s.origin);
      s.git(['remote', 'add', 'origin', s.origin]);
      s.git(['push', '--quiet', 'origin', 'main']);
    }
    s.dev = await spawnSite(
      { CONTENT_API_BASE: inject('contentUrl'), EMBEDDED_CONTENT_SERVICE: '0', PAGE_DEFINITIONS_DIR: s.dir, ...env },
      'development',
    );
    s.browser = file.browser;
    // The editor's own size (its panes side by side), a context of its own.
    s.page = await s.browser.newPage({ viewport: { width: 1500, height: 1000 } });
    s.page.on('pageerror', (error) => s.problems.push(`pageerror: ${error.message}`));
    await s.page.goto(`${s.dev.url}/__editor`, { waitUntil: 'load', timeout: 120_000 });
    await s.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 60_000 });
  });

  // A failure shows what the development server said (Vite's reloads and errors) since the start.
  afterEach(({ task }) => {
    if (task.result?.state === 'fail') console.log(`[editor e2e] npm run dev output:\n${s.dev?.output().slice(-4000)}`);
  });

  afterAll(async () => {
    await s.dev?.stop();
    if (s.dir) await rm(s.dir, { recursive: true, force: true });
    if (s.origin) await rm(s.origin, { recursive: true, force: true });
  });
  return s;
}
