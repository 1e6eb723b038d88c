/**
 * The page editor (/__editor, issue 12) in real Chromium against `npm run dev` on a temporary copy
 * of page-definitions/ (one file broken on purpose; ./e2e/editor-session.ts):
 * - a one-field change of an existing file saves as a one-line diff; a wrong binding shows the
 *   CLI's message, is saved only by "Save anyway", and the CLI then reports the same line;
 * - a page taking another's route is told and refused; unsaved changes survive a reload;
 * - a file changed on disk since it was opened is not overwritten;
 * - an HTML prop is edited as formatted text (toolbar) and saved as HTML;
 * - keyboard only: a block is added and moved without the mouse; axe finds no serious or
 *   critical violation; the editor is not in a production build.
 */
import { readFile, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { projectRoot } from '../tools/lib/project.ts';
import { seriousViolations } from './helpers/axe.ts';
import type { ChildSite } from './helpers/servers.ts';
import { editorSession } from './helpers/editor-session.ts';

const editor = editorSession();
const { problems, basic, validateCli, open, props, sectionsOutline, saved, bannerFallback } = editor;
let dir: string;
let dev: ChildSite;
let browser: Browser;
let page: Page;
beforeAll(() => {
  ({ dir, dev, browser, page } = editor);
});

describe('the page editor (development only): editing existing files', () => {
  it('saves a one-field change as a one-line diff; a wrong binding shows the CLI message and needs "Save anyway"', async () => {
    const file = path.join(dir, 'blog.json');
    const before = await readFile(file, 'utf8');
    const fallback = await bannerFallback('blog.json');
    await fallback.fill('Our blog');
    // A site page open in another tab shows the saved change at once; the editor keeps its state.
    const site = await browser.newPage();
    await site.goto(`${dev.url}/blog`, { waitUntil: 'load' });
    await site.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const siteReloaded = site.waitForEvent('load', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await saved();
    await siteReloaded;
    await site.close();
    expect(await page.getByRole('button', { name: 'Undo' }).isEnabled()).toBe(true);
    const after = await readFile(file, 'utf8');
    const changed = after.split('\n').filter((line, i) => line !== before.split('\n')[i]);
    expect(after.split('\n')).toHaveLength(before.split('\n').length);
    expect(changed).toHaveLength(1);
    expect(changed[0]).toContain('"default": "Our blog"');

    // A path the content contract does not have: typed into the picker's free-text box.
    const binding = props().getByRole('group', { name: 'Heading: binding', exact: true });
    await binding.getByLabel('Content field', { exact: true }).selectOption({ label: 'Another path…' });
    const pathInput = binding.getByLabel('Content field: path');
    await pathInput.fill('page.page_data.nmae');
    await pathInput.press('Tab');
    const problemList = page.getByRole('region', { name: /^Problems \(/ });
    await problemList.waitFor({ timeout: 15_000 });
    const shown = (await problemList.getByRole('listitem').allInnerTexts()).map((t) => t.trim());
    expect(shown).toHaveLength(1);
    expect(shown[0]).toContain('did you mean "name"');
    // The same message beside the field.
    expect(
      await props()
        .getByText(shown[0].replace(/^.*? \/[^ ]*: /, ''), { exact: false })
        .count(),
    ).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByRole('status')
      .getByText(/Not saved: 1 problem/)
      .waitFor();
    expect(await readFile(file, 'utf8')).toBe(after);
    await page.getByRole('button', { name: 'Save anyway' }).click();
    await saved();
    const cli = validateCli();
    expect(cli.status).toBe(1);
    expect(cli.output).toContain(shown[0]);
  });

  it("tells a page that takes another page's route, on the file being edited, and Save refuses it without 'Save anyway' (issue 22)", async () => {
    const file = path.join(dir, 'partners.json');
    const before = await readFile(file, 'utf8');
    await open('partners.json');
    await page.getByRole('button', { name: 'Page settings' }).click();
    const route = props().getByRole('textbox', { name: 'Route', exact: true });
    await route.fill('/blog');
    await route.press('Tab');
    const problemList = page.getByRole('region', { name: /^Problems \(/ });
    await problemList
      .getByText(/route "\/blog" is also defined in .*blog\.json: two pages cannot share a route/)
      .waitFor({ timeout: 15_000 });
    // The preview is the draft being edited (not the page that had the route first).
    await expect.poll(() => page.locator('iframe.editor__frame').getAttribute('title'), { timeout: 30_000 }).toMatch(/^Preview of \/blog/);
    const partners = (await (await fetch(`${inject('contentUrl')}/api/page/partners`, { headers: { Authorization: basic } })).json()) as {
      page_data: { name: string };
    };
    await expect
      .poll(
        () =>
          page
            .frameLocator('iframe.editor__frame')
            .locator('[data-block="banner"] h1')
            .textContent({ timeout: 5000 })
            .then((text) => text?.trim())
            .catch(() => ''),
        { timeout: 30_000 },
      )
      .toBe(partners.page_data.name);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByRole('status')
      .getByText(/Not saved: 1 problem/)
      .waitFor();
    expect(await readFile(file, 'utf8')).toBe(before);
    expect(await page.getByRole('button', { name: 'Save anyway' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => route.inputValue()).toBe('/partners');
  });

  it('lists what npm run validate warns about (an emptied navigation) apart from the problems; Save is not refused (issue 34)', async () => {
    await open('faq-subscription-billing.json');
    await sectionsOutline()
      .getByRole('button', { name: /^3\. accordion/ })
      .click();
    // Its three side links taken out one by one: the navigation is left empty.
    const nav = props().getByRole('group', { name: 'Navigation', exact: true });
    for (let i = 0; i < 3; i++) await nav.getByRole('button', { name: 'Remove item 1' }).click();
    const warnings = page.getByRole('region', { name: 'Warnings (1)' });
    const warning = warnings.getByText(/faq-subscription-billing\.json:\d+:\d+ \/sections\/2\/nav\/links: warning: an empty navigation: /);
    await warning.waitFor({ timeout: 15_000 });
    expect(await page.getByRole('region', { name: /^Problems \(/ }).count()).toBe(0);
    // The toolbar's word on the draft (polled, so a failure says what it read instead). The page's two
    // rich-text sections bind page_data.content/content2, which the sample FAQ pages do not have: the
    // preview leaves them out and says so (until its first report the toolbar cannot know).
    await expect
      .poll(() => page.locator('.editor__state').innerText(), { timeout: 30_000 })
      .toBe('Valid, 1 warning, 2 sections not shown (see the preview)');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await saved();
    // The CLI's own line.
    expect(validateCli().output).toContain(await warning.innerText());
    await warning.waitFor();
  });

  it('keeps unsaved changes over a reload of the tab; Undo goes back to the file', async () => {
    const file = path.join(dir, 'team.json');
    const before = await readFile(file, 'utf8');
    await open('team.json');
    const rows = sectionsOutline().locator(':scope > li');
    const count = await rows.count();
    await page.getByRole('button', { name: /^Duplicate section 1 / }).click();
    await page
      .getByRole('status')
      .getByText(/Unsaved changes/)
      .waitFor();
    await page.reload({ waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page
      .getByRole('status')
      .getByText(/were restored/)
      .waitFor();
    expect(await rows.count()).toBe(count + 1);
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await rows.count()).toBe(count);
    expect(await readFile(file, 'utf8')).toBe(before);
  });

  it('edits an HTML prop as formatted text: bold, a link and a list from the toolbar, a paste from Word, saved as the HTML the site renders', async () => {
    const file = path.join(dir, 'service-operation.json');
    await open('service-operation.json');
    await sectionsOutline()
      .getByRole('button', { name: /^5\. rich-text/ })
      .click();
    const box = props().getByRole('textbox', { name: 'HTML', exact: true });
    const tools = props().getByRole('toolbar', { name: 'Formatting' });
    await box.click();
    // The first word made bold, the second a link, then a new line made a bulleted list.
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('Control+Shift+ArrowRight');
    await tools.getByRole('button', { name: 'Bold' }).click();
    // Past the selection's end, then past the space.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Control+Shift+ArrowRight');
    page.once('dialog', (dialog) => void dialog.accept('/contact'));
    await tools.getByRole('button', { name: 'Link' }).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('First point');
    await tools.getByRole('button', { name: 'Bulleted list' }).click();
    // A paragraph pasted from Word after the list (an empty item leaves it): its text and bold, not its looks.
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await box.evaluate((element) => {
      const data = new DataTransfer();
      data.setData(
        'text/html',
        '<p class="MsoNormal"><span lang="EN-GB" style="font-family:Calibri">Pasted <b>text</b></span><o:p></o:p></p>',
      );
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await saved();
    const html = (JSON.parse(await readFile(file, 'utf8')) as { sections: { html?: string }[] }).sections[4].html;
    expect(html).toMatch(
      /^<p><strong>A<\/strong> <a href="\/contact">complete<\/a> operating service, .*<\/p><ul><li>First point<\/li><\/ul><p>Pasted <strong>text<\/strong><\/p>$/,
    );
    // Its source one button away, the same HTML.
    await tools.getByRole('button', { name: 'Edit as HTML' }).click();
    expect(await props().getByRole('textbox', { name: 'HTML', exact: true }).inputValue()).toBe(html);
  });

  it('does not overwrite a file changed on disk since it was opened', async () => {
    const file = path.join(dir, 'careers.json');
    await open('careers.json');
    await sectionsOutline().getByRole('button', { name: /^1\. / }).click();
    await page.getByRole('button', { name: /^Duplicate section 1 / }).click();
    const theirs = `${await readFile(file, 'utf8')}`;
    await writeFile(file, theirs);
    await utimes(file, new Date(), new Date(Date.now() + 5000));
    // Told at once (the development server says a definition changed), not only when Save is refused.
    const told = page
      .getByRole('status')
      .getByText(/careers\.json changed on disk since you opened it .*saving now would overwrite that change/);
    await told.waitFor({ timeout: 30_000 });
    expect(await page.getByRole('status').getByRole('link', { name: 'Reload from disk' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await told.waitFor();
    expect(await readFile(file, 'utf8')).toBe(theirs);
  });

  it('works with the keyboard alone, and axe finds no serious or critical violation', async () => {
    await open('company.json');
    const count = await sectionsOutline().locator(':scope > li').count();
    await page.getByRole('button', { name: 'Add block' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add a block' });
    await dialog.waitFor();
    await page.keyboard.type('notice');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Add notice');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    expect(await sectionsOutline().locator(':scope > li').count()).toBe(count + 1);
    const added = sectionsOutline().getByRole('button', { name: new RegExp(`^${count + 1}\\. notice`) });
    await added.focus();
    const frameSource = () => page.locator('iframe.editor__frame').getAttribute('src');
    const shown = await frameSource();
    await page.keyboard.press('Alt+ArrowUp');
    const moved = sectionsOutline().getByRole('button', { name: new RegExp(`^${count}\\. notice`) });
    await moved.waitFor();
    // The preview reloads with the change and keeps its hands off the focus (its page took it, and
    // the editor's shortcuts went into the frame with it).
    await expect.poll(frameSource, { timeout: 30_000 }).not.toBe(shown);
    await page.frameLocator('iframe.editor__frame').locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
    expect(await moved.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Control+z');
    await sectionsOutline()
      .getByRole('button', { name: new RegExp(`^${count + 1}\\. notice`) })
      .waitFor();

    // The preview frame is the site itself, checked by the site's own tests.
    const serious = await seriousViolations(page, ['iframe']);
    expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);

    // Ctrl+S saves, with the focus anywhere.
    await page.keyboard.press('Control+s');
    await saved();
    expect(await readFile(path.join(dir, 'company.json'), 'utf8')).toContain('"block": "notice"');
    expect(problems).toEqual([]);
  });

  it('refuses writes from other origins and is not in a production build', async () => {
    const evil = await fetch(`${dev.url}/__editor/api/save`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://evil.example' },
      body: JSON.stringify({ file: 'page-definitions/blog.json', definition: {}, mtimeMs: 0 }),
    });
    expect(evil.status).toBe(403);
    // A production server has no editor: its URLs are ordinary unknown pages.
    for (const url of ['/__editor', '/__editor/blog.json', '/__preview/x/blog']) {
      expect((await fetch(`${inject('siteUrl')}${url}`)).status, url).toBe(404);
    }
    expect((await fetch(`${inject('siteUrl')}/__editor/api/files`)).status).toBe(404);
    const built = await readFile(path.join(projectRoot, 'build/server/index.js'), 'utf8').catch(() => '');
    expect(built).not.toMatch(/editor-route|preview-route|__editor/);
    const clientAssets = await readdir(path.join(projectRoot, 'build/client/assets')).catch(() => [] as string[]);
    expect(clientAssets.filter((f) => /editor|preview-route/.test(f))).toEqual([]);
  });
});
