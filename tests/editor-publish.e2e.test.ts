/**
 * The page editor's Publish (issue 34) in real Chromium against `npm run dev` on a temporary copy of
 * page-definitions/ that is a git checkout of its own (./helpers/editor-session.ts), with a real bare
 * repository as its `origin`: a new page and an edited one each end as one commit on page/<name> in
 * the remote, the working copy exactly as before (`git status` clean), and the editor shows the
 * pushed branch and its review link (EDITOR_REVIEW_URL); a push that fails keeps the commit and says
 * how to push by hand.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { editorSession } from './helpers/editor-session.ts';

const editor = editorSession({ EDITOR_REVIEW_URL: 'https://git.example.com/site/compare/main...{branch}' }, { origin: true });
const { bannerFallback } = editor;
let page: Page;
let dir: string;
let bare: string;
const git = (cwd: string, ...args: string[]) => editor.git(args, cwd);
const status = () => git(dir, 'status', '--porcelain');

beforeAll(() => {
  ({ page, dir, origin: bare } = editor);
});

/** Publish… → the change in words (`said`, when given) and the diff → "Commit to <branch> and push to origin": the dialog once it has answered. */
async function publish(name: string, branch: string, message: string, said?: (string | RegExp)[]) {
  await page.getByRole('button', { name: 'Publish…' }).click();
  const dialog = page.getByRole('dialog', { name: `Publish ${name}` });
  await dialog.getByLabel(`Changes to ${name}`).waitFor();
  if (said) expect(await dialog.getByRole('list', { name: 'What changes' }).getByRole('listitem').allTextContents()).toEqual(said);
  await dialog.getByLabel('Commit message').fill(message);
  const commit = dialog.getByRole('button', { name: `Commit to ${branch}` });
  // Soft: the outcome in git is checked after it either way.
  expect.soft(await commit.textContent()).toBe(`Commit to ${branch} and push to origin`);
  await commit.click();
  await dialog.getByText(/^Committed [0-9a-f]{7} to branch/).waitFor({ timeout: 30_000 });
  return dialog;
}

describe('Publish: the page on its branch in the remote, the working copy as it was', () => {
  it('a new page: one commit on page/<name> in the remote, git status clean, the pushed branch and its review link shown', async () => {
    expect(status()).toBe('');
    await page.goto(`${editor.dev.url}/__editor`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.getByLabel('Route').fill('/partner-news');
    await page.getByLabel('Page title').fill('Partner news | Veltrix');
    await page.getByLabel('Description', { exact: true }).fill('News for Veltrix partners.');
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Page editor: partner-news.json' }).waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

    // Publish saves the new page first, then commits and pushes it.
    const dialog = await publish('partner-news.json', 'page/partner-news', 'New page /partner-news', [
      'A new page /partner-news, without sections yet',
    ]);
    // The remote: exactly one commit on top of main, adding the page's file alone.
    expect(git(bare, 'log', '--format=%s', 'main..page/partner-news')).toBe('New page /partner-news');
    expect(git(bare, 'show', '--name-status', '--format=', 'page/partner-news')).toBe('A\tpartner-news.json');
    expect(JSON.parse(git(bare, 'show', 'page/partner-news:partner-news.json'))).toMatchObject({ route: '/partner-news' });
    // The working copy: on main, nothing untracked or changed.
    expect(git(dir, 'symbolic-ref', '--short', 'HEAD')).toBe('main');
    expect(status()).toBe('');
    expect(existsSync(path.join(dir, 'partner-news.json'))).toBe(false);
    // What the editor says: the pushed branch, its review link, where the page lives now.
    await dialog.getByText('Pushed page/partner-news to origin.').waitFor();
    const review = dialog.getByRole('link', { name: 'Open the review of page/partner-news' });
    expect(await review.getAttribute('href')).toBe('https://git.example.com/site/compare/main...page/partner-news');
    await dialog.getByText(/The page now lives on its branch, under review\. .*partner-news\.json is no longer in it/).waitFor();
    // The page as published can still be seen (the file left the working copy with Publish).
    const asPublished = async (href: string | null) => {
      const view = await editor.browser.newPage();
      try {
        expect((await view.goto(`${editor.dev.url}${href}`))?.status()).toBe(200);
        expect(await view.title()).toBe('Partner news | Veltrix');
      } finally {
        await view.close();
      }
    };
    await asPublished(await dialog.getByRole('link', { name: 'See the page as published' }).getAttribute('href'));

    // What is shown here is no longer on disk: back to all pages, where it is listed as published, not to edit.
    await dialog.getByRole('button', { name: 'Back to all pages' }).click();
    const table = page.getByRole('table', { name: 'Page definitions' });
    await table.waitFor();
    expect(await table.getByRole('link', { name: 'partner-news.json' }).count()).toBe(0);
    const row = table.getByRole('row').filter({ hasText: 'partner-news.json' });
    await row.getByText('published to branch page/partner-news for review (no longer in this working copy)').waitFor();
    await asPublished(await row.getByRole('link', { name: 'see it as published' }).getAttribute('href'));
  });

  it('an edited page: one commit on page/<name> in the remote, the file back to its committed content', async () => {
    const file = path.join(dir, 'blog.json');
    const before = await readFile(file, 'utf8');
    await (await bannerFallback('blog.json')).fill('Our blog');
    const dialog = await publish('blog.json', 'page/blog', 'Blog: a fallback heading', ['Section 1 (banner): heading changed']);
    expect(git(bare, 'log', '--format=%s', 'main..page/blog')).toBe('Blog: a fallback heading');
    expect(git(bare, 'show', 'page/blog:blog.json')).toContain('"default": "Our blog"');
    expect(await readFile(file, 'utf8')).toBe(before);
    expect(status()).toBe('');
    await dialog.getByText('Pushed page/blog to origin.').waitFor();
    await dialog.getByText(/blog\.json is back to what main has/).waitFor();
    // The editor's status behind the dialog says so too: the file put back on disk is Publish's own
    // doing, not a change of someone else's (it said "changed on disk … would overwrite" until the list).
    await page
      .getByRole('status')
      .getByText('Published: committed to page/blog and pushed to origin. The page now lives on its branch, under review.')
      .waitFor({ timeout: 10_000 });
    // The development server has seen the file change by now (a check follows 250 ms after it).
    await page.waitForTimeout(2_000);
    expect(
      await page
        .getByRole('status')
        .getByText(/changed on disk/)
        .count(),
    ).toBe(0);
  });

  it('a push that fails shows git’s message and the command to push by hand; the commit stays on the branch', async () => {
    git(dir, 'remote', 'set-url', 'origin', path.join(bare, 'gone'));
    try {
      await (await bannerFallback('about.json')).fill('About us');
      const dialog = await publish('about.json', 'page/about', 'About: a fallback heading');
      expect(git(dir, 'log', '-1', '--format=%s', 'page/about')).toBe('About: a fallback heading');
      expect(status()).toBe('');
      await dialog.getByText(/Not pushed to origin; the commit is safe on branch page\/about/).waitFor();
      expect(await dialog.locator('pre').last().textContent()).toMatch(/does not appear to be a git repository/);
      await dialog.getByText('git push -u origin page/about').waitFor();
    } finally {
      git(dir, 'remote', 'set-url', 'origin', bare);
    }
  });
});
