/**
 * The page editor (/__editor, issue 12) in real Chromium against `npm run dev` on a temporary copy
 * of page-definitions/ (one file broken on purpose; ./e2e/editor-session.ts):
 * - the list of definitions and its "New page" form;
 * - a new page is built only through the editor (no JSON typed): created from the new-page
 *   planner, a source added, a banner bound to a content field through the picker, a card grid
 *   with an $each mapping, a form block, two sections reordered, saved; `npm run validate` passes,
 *   the file is formatted like the repository's, and the route serves the bound content;
 * - the preview keeps the size of its pane; a text is edited in place in it.
 * Saving existing files, conflicts, the keyboard and production: ./editor-edits.e2e.test.ts.
 */
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { formatJsonFile } from '../src/authoring/format-json.ts';
import { seriousViolations } from './helpers/axe.ts';
import type { ChildSite } from './helpers/servers.ts';
import { editorSession, mendBroken } from './helpers/editor-session.ts';
import { withPublishedSite } from './helpers/published-site.ts';

const editor = editorSession();
const { problems, basic, validateCli, open, props, sectionsOutline, bindTo, addBlock, saved, steadyFrame } = editor;
let dir: string;
let dev: ChildSite;
let browser: Browser;
let page: Page;
beforeAll(() => {
  ({ dir, dev, browser, page } = editor);
});

describe('the page editor (development only)', () => {
  it('lists every definition file with its route, layout and validation state', async () => {
    const files = (await readdir(dir)).filter((f) => f.endsWith('.json'));
    const table = page.getByRole('table', { name: 'Page definitions' });
    expect(await table.getByRole('row').count()).toBe(files.length + 1);
    const blog = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'blog.json', exact: true }) });
    expect(await blog.getByRole('cell').allInnerTexts()).toEqual(['blog.json', '/blog', 'main', 'valid']);
    const broken = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'privacy-policy.json' }) });
    await broken.getByText(/1 problem \(not served\)/).click();
    expect(await broken.innerText()).toMatch(/privacy-policy\.json:5:3 \/layout: must be one of "main", "form", "campaign", "standalone"/);
  });

  it('the list screen shows its main action legibly and does not scroll sideways (issue 22)', async () => {
    const create = page.getByRole('button', { name: 'Create page' });
    const colours = await create.evaluate((button) => {
      const style = getComputedStyle(button);
      return { text: style.color, background: style.backgroundColor };
    });
    // Before: white text on a transparent background, inside a white box.
    expect(colours.background).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
    expect(colours.text).not.toBe(colours.background);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    // Before: the content source select made the page 3,427 px wide.
    expect(sideways).toBeLessThanOrEqual(0);
    // The list and its "New page" form.
    const serious = await seriousViolations(page);
    expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
  });

  it(
    'builds /partners-program without typing JSON: bound banner, image from the picker, card grid with $each, form, a heading edited in place, reordered, saved, published, served by a production build',
    { timeout: 180_000 },
    async () => {
      // (Its own timeout: it ends with a production build of a project copy, ~15 s alone and several
      // times that beside the unit lane on a 2-core runner; the clean-clone run hit the 60 s default there.)
      // Create: the new-page planner, from the list page.
      await page.getByLabel('Route').fill('/partners-program');
      await page.getByLabel('Content source (named page)').selectOption('/api/page/partners');
      // Its own title and description are asked for (it took the blog's before).
      await page.getByRole('button', { name: 'Create page' }).click();
      const notCreated = page.getByRole('alert');
      expect(await notCreated.getByRole('listitem').allInnerTexts()).toEqual(['Give the page a title.', 'Give the page a description.']);
      const refused = await seriousViolations(page);
      expect(refused, JSON.stringify(refused, null, 2)).toEqual([]);
      await page.getByLabel('Page title').fill('Partners Program | Veltrix');
      await page.getByLabel('Description', { exact: true }).fill('Become a Veltrix partner: programme, benefits and how to apply.');
      await page.getByRole('button', { name: 'Create page' }).click();
      await page.getByRole('heading', { level: 1, name: 'Page editor: partners-program.json' }).waitFor({ timeout: 30_000 });
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      // A draft until the first Save: nothing on disk, nothing served (it went live at once before).
      await page
        .getByRole('status')
        .getByText(/New page: it is not on disk and not served until you save it/)
        .waitFor();
      expect(existsSync(path.join(dir, 'partners-program.json'))).toBe(false);
      expect((await fetch(`${dev.url}/partners-program`)).status).toBe(404);

      // A second source, from the contract's endpoint list.
      await props().getByLabel('New source name').fill('list');
      await props().getByLabel('New source endpoint').selectOption('/api/blog_list');
      await props().getByRole('button', { name: 'Add source' }).click();
      expect(await props().getByRole('group', { name: 'Source “list”' }).getByLabel('Endpoint').inputValue()).toBe('/api/blog_list');

      // A banner whose heading is bound to the blog page's name through the picker.
      await addBlock('banner');
      const picker = props().getByRole('group', { name: 'Heading: binding', exact: true });
      await props().getByRole('radiogroup', { name: 'Heading: value source', exact: true }).getByLabel('Bound to content').check();
      // Type-compatible fields first, each with its sample value from the content service.
      const groups = picker.getByLabel('Content field', { exact: true }).locator('optgroup');
      expect(await groups.first().getAttribute('label')).toMatch(/match/i);
      // The page's own source first.
      expect(await groups.first().locator('option').first().getAttribute('value')).toMatch(/^page\./);
      const nameOption = picker.locator('option[value="page.page_data.name"]');
      expect(await nameOption.textContent()).toMatch(/page\.page_data\.name.*string.*"/);
      await bindTo(props(), 'Heading', 'page.page_data.name');
      await steadyFrame('after binding the heading');

      // The banner's image, chosen from the images the content service returns (each shown in the
      // picker), with the keyboard: the filter has the focus, Tab goes to the first image shown.
      const chooser = props().getByRole('button', { name: 'Choose image… for Image', exact: true });
      await chooser.focus();
      await page.keyboard.press('Enter');
      const images = page.getByRole('dialog', { name: 'Choose an image for Image' });
      const firstContentImage = images
        .getByRole('list', { name: 'Images' })
        .getByRole('button', { description: /^content: GET / })
        .first();
      await firstContentImage.waitFor({ timeout: 30_000 });
      const imagePath = (await firstContentImage.locator('.editor-images__path').textContent())!.trim();
      await expect
        .poll(() => firstContentImage.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
          timeout: 10_000,
        })
        .toBe(true);
      // The preview frame is the site itself, checked by the site's own tests.
      const serious = await seriousViolations(page, ['iframe']);
      expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
      expect(await images.getByRole('searchbox', { name: 'Filter' }).evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type(imagePath);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.querySelector('.editor-images__path')?.textContent)).toBe(imagePath);
      await page.keyboard.press('Enter');
      await images.waitFor({ state: 'hidden' });
      expect(await chooser.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await props().getByRole('textbox', { name: 'Image', exact: true }).inputValue()).toBe(imagePath);

      // A card grid: one card per blog post ($each); the list's fields mapped onto the cards as proposed,
      // but the title bound to the post's name by hand (tests/editor-lists.e2e.test.ts takes the proposal).
      await addBlock('card-grid');
      await props().getByRole('radiogroup', { name: 'Items: value source', exact: true }).getByLabel('Bound to content').check();
      const each = props().getByRole('group', { name: /Items: one item per list entry/ });
      await each.getByLabel('List').first().selectOption('list.list.data');
      const proposal = each.getByRole('region', { name: 'Show a list of list.list.data' });
      for (const label of ['Label', 'Date', 'HTML', 'Image']) await proposal.getByLabel(label, { exact: true }).selectOption('');
      await proposal.getByLabel('Link target').fill('');
      await proposal.getByRole('button', { name: 'Show the list' }).click();
      await each.getByRole('group', { name: 'Each item' }).waitFor();
      await steadyFrame('after mapping the cards');

      // A form, then the form and the card grid swapped.
      await addBlock('form');
      await steadyFrame('after adding the form');
      await page.getByRole('button', { name: 'Move section 3 (form) up' }).click();
      await steadyFrame('after moving the form up');
      expect((await sectionsOutline().locator(':scope > li').allInnerTexts()).map((t) => t.trim().split(/\s/)[1])).toEqual([
        'banner',
        'form',
        'card-grid',
      ]);

      // The preview shows the draft with live content before anything is saved.
      const content = (await (
        await fetch(`${inject('contentUrl')}/api/page/partners`, {
          headers: { Authorization: basic },
        })
      ).json()) as { page_data: { name: string } };
      const preview = page.frameLocator('iframe[title^="Preview of /partners-program"]');
      await expect
        .poll(
          () =>
            preview
              .locator('[data-block="banner"] h1')
              .textContent({ timeout: 5000 })
              .catch(() => ''),
          { timeout: 30_000 },
        )
        .toBe(content.page_data.name);
      await expect
        .poll(() => preview.locator('main .block').evaluateAll((els) => els.map((el) => el.getAttribute('data-block'))), {
          timeout: 30_000,
        })
        .toEqual(['banner', 'form', 'card-grid']);
      // A click on a section in the preview selects it in the outline — once the preview is
      // interactive: its click handler comes with hydration (the clean-clone run once clicked the
      // server-rendered preview before, and waited 30 s for a selection that could not come).
      await preview.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
      await preview.locator('[data-block="card-grid"]').click({ position: { x: 5, y: 5 } });
      await props().getByRole('heading', { name: 'Card grid properties' }).waitFor();

      // The form's heading, edited in place in the preview: one edit of the draft.
      const formHeading = preview.locator('[data-block="form"]').getByText('Send us a message', { exact: true });
      // A click on a section shown in the preview selects it and leaves the preview where it is (a
      // tall section was scrolled under the pointer, 472 px, and a double-click's second click missed).
      await formHeading.scrollIntoViewIfNeeded();
      const shownAt = await formHeading.evaluate((el) => Math.round(el.getBoundingClientRect().top));
      await formHeading.click();
      await props().getByRole('heading', { name: 'Form properties' }).waitFor();
      const tops = await formHeading.evaluate(async (el) => {
        const read: number[] = [];
        for (let i = 0; i < 10; i++) {
          read.push(Math.round(el.getBoundingClientRect().top));
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return read;
      });
      expect(tops, 'the clicked heading stays where it was shown').toEqual(Array.from({ length: 10 }, () => shownAt));
      await formHeading.dblclick();
      await props().getByRole('heading', { name: 'Form properties' }).waitFor();
      await expect.poll(() => formHeading.evaluate((el) => (el as HTMLElement).isContentEditable), { timeout: 10_000 }).toBe(true);
      await page.keyboard.type('Talk to our partner team');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => props().getByRole('textbox', { name: 'Heading', exact: true }).inputValue(), { timeout: 30_000 })
        .toBe('Talk to our partner team');
      await preview.locator('[data-block="form"]').getByText('Talk to our partner team', { exact: true }).waitFor({ timeout: 30_000 });
      await steadyFrame('after the heading edited in place');
      // The banner's image is the chosen one, from the image base.
      expect(await preview.locator('[data-block="banner"] img').getAttribute('src')).toMatch(/^https?:\/\/.+\//);
      expect((await preview.locator('[data-block="banner"] img').getAttribute('src'))?.endsWith(`/${imagePath}`)).toBe(true);

      // Another section's properties start at their top, wherever the last ones were scrolled to.
      const pane = page.getByRole('complementary', { name: 'Properties' });
      await pane.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      expect(await pane.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
      await sectionsOutline()
        .getByRole('button', { name: /^1\. banner/ })
        .click();
      await props().getByRole('heading', { name: 'Banner properties' }).waitFor();
      expect(await pane.evaluate((el) => el.scrollTop)).toBe(0);

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await saved();

      // The file: what the editor built, formatted as the repository's files are.
      const file = path.join(dir, 'partners-program.json');
      const text = await readFile(file, 'utf8');
      const definition = JSON.parse(text) as { sections: Record<string, unknown>[]; sources: Record<string, unknown> };
      expect(Object.keys(definition)[0]).toBe('$schema');
      expect(text).toBe(await formatJsonFile(definition, file));
      expect(definition.sources).toEqual({ page: { path: '/api/page/partners' }, list: { path: '/api/blog_list' } });
      expect((definition as { meta?: unknown }).meta).toEqual({
        title: 'Partners Program | Veltrix',
        description: 'Become a Veltrix partner: programme, benefits and how to apply.',
      });
      expect(definition.sections.map((s) => s.block)).toEqual(['banner', 'form', 'card-grid']);
      expect(definition.sections[0].heading).toMatchObject({ $bind: 'page.page_data.name' });
      expect(definition.sections[2].items).toEqual({ $each: 'list.list.data', map: { title: { $bind: 'item.name' } } });
      expect(definition.sections[0].image).toBe(imagePath);
      expect(definition.sections[1].heading).toBe('Talk to our partner team');

      // CI accepts the folder (the file broken for the list test mended first).
      await mendBroken(dir);
      const cli = validateCli();
      expect(cli.status, cli.output).toBe(0);
      expect(cli.output).toMatch(/definitions valid/);
      const served = await browser.newPage();
      expect((await served.goto(`${dev.url}/partners-program`))?.status()).toBe(200);
      expect(await served.title()).toBe('Partners Program | Veltrix');
      expect((await served.locator('[data-block="banner"] h1').textContent())?.trim()).toBe(content.page_data.name);
      // One card per blog post of the list, titled with the post's name.
      const list = (await (await fetch(`${inject('contentUrl')}/api/blog_list`, { headers: { Authorization: basic } })).json()) as {
        list: { data: { name: string }[] };
      };
      const cards = await served.locator('[data-block="card-grid"] h3').allInnerTexts();
      expect(cards.map((t) => t.trim())).toEqual(list.list.data.map((post) => post.name));
      await served.close();

      // Publish: the saved file's diff, then one commit with only that file on page/partners-program; the
      // branch checked out stays main.
      await page.getByRole('button', { name: 'Publish…' }).click();
      const publish = page.getByRole('dialog', { name: 'Publish partners-program.json' });
      const diff = publish.getByLabel('Changes to partners-program.json');
      await diff.waitFor();
      expect((await diff.textContent())?.split('\n').slice(0, 3)).toEqual([
        '--- /dev/null',
        '+++ b/partners-program.json',
        expect.stringMatching(/^@@ -0,0 \+1,\d+ @@$/),
      ]);
      await publish.getByLabel('Commit message').fill('New page /partners-program');
      await publish.getByRole('button', { name: 'Commit to page/partners-program' }).click();
      await publish.getByText('git push -u origin page/partners-program').waitFor();
      const git = (...args: string[]) => editor.git(args);
      expect(git('log', '--format=%s', 'main..page/partners-program')).toBe('New page /partners-program');
      expect(git('show', '--name-status', '--format=', 'page/partners-program')).toBe('A\tpartners-program.json');
      expect(git('symbolic-ref', '--short', 'HEAD')).toBe('main');
      // The page lives on its branch now (this checkout has no remote: the command above pushes it).
      await publish.getByRole('button', { name: 'Back to all pages' }).click();
      await page.getByRole('table', { name: 'Page definitions' }).waitFor();

      // What was published is what a production build serves: the branch's definitions, built.
      await withPublishedSite(editor, dir, 'page/partners-program', async (published) => {
        expect(published.validated.status, published.validated.output).toBe(0);
        const visit = await browser.newPage();
        expect((await visit.goto(`${published.url}/partners-program`))?.status()).toBe(200);
        expect(await visit.title()).toBe('Partners Program | Veltrix');
        expect((await visit.locator('[data-block="banner"] h1').textContent())?.trim()).toBe(content.page_data.name);
        expect(await visit.locator('[data-block="form"]').getByRole('heading', { name: 'Talk to our partner team' }).count()).toBe(1);
        await visit.close();
      });
    },
  );

  it('keeps the preview the size of its pane at every width: desktop, tablet, mobile and a custom one (issue 22)', async () => {
    await open('partners.json');
    const preview = page.frameLocator('iframe[title^="Preview of /partners"]');
    for (const [width, px] of [
      ['Desktop', 1280],
      ['Tablet', 768],
      ['Mobile', 390],
      ['Custom', 1100],
    ] as const) {
      await page.getByRole('group', { name: 'Preview width' }).getByRole('button', { name: width }).click();
      if (width === 'Custom') await page.getByLabel('Width (px)').fill(String(px));
      // The page inside is laid out at the chosen width (scaled down to fit when wider than the pane).
      await expect.poll(() => preview.locator('html').evaluate(() => window.innerWidth), { timeout: 30_000 }).toBe(px);
      await preview.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
      // The tallest the pane and the frame get over 30 frames of the editor's own resizing (the frame
      // was sized from the pane and grew it in return: 0, 740, 873,029, … 33,554,432 px).
      const tallest = await page.evaluate(async () => {
        const box = document.querySelector('.editor__frame-box')!;
        const frame = document.querySelector('iframe.editor__frame')!;
        let pane = 0;
        let shown = 0;
        for (let i = 0; i < 30; i++) {
          await new Promise(requestAnimationFrame);
          pane = Math.max(pane, box.getBoundingClientRect().height);
          shown = Math.max(shown, frame.getBoundingClientRect().height);
        }
        return { pane, shown, window: window.innerHeight };
      });
      expect(tallest.pane, `${width}: preview pane height`).toBeLessThanOrEqual(tallest.window);
      expect(tallest.shown, `${width}: frame height on screen`).toBeLessThanOrEqual(tallest.pane);
      expect(tallest.shown, `${width}: frame height on screen`).toBeGreaterThan(tallest.pane / 2);
    }
  });

  it('edits a fixed text in place in the preview (one undoable edit of the draft); a bound text points at its binding', async () => {
    await open('about.json');
    const preview = page.frameLocator('iframe[title^="Preview of /about"]');
    await preview.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
    const heading = preview.getByRole('heading', { name: 'What drives us' });
    await heading.dblclick();
    // The card grid is selected, and its title is edited where it is shown.
    await props().getByRole('heading', { name: 'Card grid properties' }).waitFor();
    await expect.poll(() => heading.evaluate((el) => (el as HTMLElement).isContentEditable), { timeout: 10_000 }).toBe(true);
    await page.keyboard.type('What moves us');
    await page.keyboard.press('Enter');
    const title = props().getByRole('group', { name: 'Heading' }).getByRole('textbox', { name: 'Title', exact: true });
    await expect.poll(() => title.inputValue(), { timeout: 10_000 }).toBe('What moves us');
    await preview.getByRole('heading', { name: 'What moves us' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => title.inputValue()).toBe('What drives us');

    // The banner's heading comes from content: nothing to type there, the editor says where it comes from.
    const bound = preview.locator('[data-block="banner"] h1');
    await bound.dblclick();
    await page.getByText(/That text comes from content \(heading is bound\)/).waitFor();
    expect(await bound.evaluate((el) => (el as HTMLElement).isContentEditable)).toBe(false);
    await props().getByRole('heading', { name: 'Banner properties' }).waitFor();
    // No page of the editor failed in this file's session.
    expect(problems).toEqual([]);
  });

  it('keeps an edit in place that was opened just after another change: the newer preview waits for it', async () => {
    await open('about.json');
    const preview = page.frameLocator('iframe[title^="Preview of /about"]');
    await preview.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
    // A change in the page settings, then at once a double-click. The change's check answers while
    // the heading is being typed (held here for 2 s: a dev server under load takes as long).
    let held = 0;
    await page.route('**/__editor/api/draft', async (route) => {
      held += 1;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    await page.getByLabel('Brochure button').uncheck();
    const heading = preview.getByRole('heading', { name: 'What drives us' });
    await heading.dblclick();
    await expect.poll(() => heading.evaluate((el) => (el as HTMLElement).isContentEditable), { timeout: 10_000 }).toBe(true);
    // Typed at a person's pace (3 s): the checked draft is back long before the last key.
    await page.keyboard.type('What moves us', { delay: 250 });
    await page.keyboard.press('Enter');
    await page.unrouteAll({ behavior: 'wait' });
    expect(held).toBeGreaterThan(0);
    const title = props().getByRole('group', { name: 'Heading' }).getByRole('textbox', { name: 'Title', exact: true });
    await expect.poll(() => title.inputValue(), { timeout: 10_000 }).toBe('What moves us');
    // Then the preview shows both changes.
    await preview.getByRole('heading', { name: 'What moves us' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => preview.locator('.brochure-button').count(), { timeout: 30_000 }).toBe(0);
    await page.getByText('Click a section to select it; double-click a text to edit it in place.').waitFor();
    // Both undone: the file's draft is as it was for the tests after this one.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => title.inputValue()).toBe('What drives us');
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(problems).toEqual([]);
  });
});
