/**
 * The marketer's trial of issue 34, done as a marketer would, with clicks and keys only (accessible
 * names: roles, labels, texts), in real Chromium at 1280×720 against `npm run dev` on a copy of
 * page-definitions/ whose `origin` is a real bare repository (./helpers/editor-session.ts):
 * a new page /industries/tower-companies with a banner bound to the tower solutions page, a card
 * grid of blog posts ("Show a list of …"), an FAQ with three typed questions and answers and the
 * contact form; one heading edited in place in the preview; two sections reordered; undo and redo;
 * saved; published (committed and pushed). Every click, fill, key press or drag is counted: at most
 * 40. Then the published branch, cloned from the remote, passes `npm run validate` and a production
 * build of it serves what the visitor is meant to see (./helpers/published-site.ts).
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { editorSession } from './helpers/editor-session.ts';
import { withPublishedSite } from './helpers/published-site.ts';

const editor = editorSession({}, { origin: true });
const { problems, basic, props, sectionsOutline, saved } = editor;
let page: Page;
beforeAll(() => {
  ({ page } = editor);
});

const NAME = 'industries-tower-companies';
const ROUTE = '/industries/tower-companies';
const BRANCH = `page/${NAME}`;
const FAQ = [
  ['Which lease data does the platform import?', 'Site leases, renewals and escalation clauses, from spreadsheets or your current system.'],
  ['Can tenants see their own invoices?', 'Yes: the customer portal shows each tenant its invoices and contracts.'],
  ['How long does a roll-out take?', 'Most tower companies go live within twelve weeks.'],
] as const;
const EDITED = 'Tower insights from our blog';

/** The actions the marketer takes: each click, fill, key press or drag is one. */
let actions = 0;
const act = <T>(action: Promise<T>): Promise<T> => {
  actions += 1;
  return action;
};

const content = async <T>(url: string) =>
  (await (await fetch(`${inject('contentUrl')}${url}`, { headers: { Authorization: basic } })).json()) as T;
const outlineOrder = async () => (await sectionsOutline().locator(':scope > li').allInnerTexts()).map((t) => t.trim().split(/\s/)[1]);

describe('the marketer’s trial (issue 34): a page from idea to review in at most 40 actions', () => {
  it(
    'builds /industries/tower-companies with clicks and keys, saves and publishes it; the published branch validates and a production build serves it',
    { timeout: 240_000 },
    async () => {
      await page.setViewportSize({ width: 1280, height: 720 });
      // New page: route, its own title and description, the tower page as its content, four blocks in order.
      await act(page.getByLabel('Route').fill(ROUTE));
      await act(page.getByLabel('Page title').fill('Tower companies | Veltrix'));
      await act(
        page
          .getByLabel('Description', { exact: true })
          .fill('Lease, site and billing management for tower companies: one platform for every site, contract and invoice.'),
      );
      await act(page.getByLabel('Content source (named page)').selectOption('/api/page/solutions-tower-passive-infrastructure'));
      for (const block of ['banner', 'card-grid', 'accordion', 'form'])
        await act(page.getByRole('checkbox', { name: block, exact: true }).check());
      await act(page.getByRole('button', { name: 'Create page' }).click());
      await page.getByRole('heading', { level: 1, name: `Page editor: ${NAME}.json` }).waitFor({ timeout: 30_000 });
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const preview = page.frameLocator('iframe.editor__frame');

      // The blog's posts as a second source (the page settings are shown first).
      await act(props().getByLabel('New source name').fill('posts'));
      await act(props().getByLabel('New source endpoint').selectOption('/api/blog_list'));
      await act(props().getByRole('button', { name: 'Add source' }).click());

      // The card grid shows a list of the posts: bound to content, the list chosen, the proposal taken.
      await act(
        sectionsOutline()
          .getByRole('button', { name: /^2\. card-grid/ })
          .click(),
      );
      await act(props().getByRole('radiogroup', { name: 'Items: value source', exact: true }).getByLabel('Bound to content').check());
      const each = props().getByRole('group', { name: /Items: one item per list entry/ });
      await act(each.getByLabel('List').first().selectOption('posts.list.data'));
      await act(
        each.getByRole('region', { name: 'Show a list of posts.list.data' }).getByRole('button', { name: 'Show the list' }).click(),
      );

      // The FAQ: its two starting questions typed over, a third added.
      await act(
        sectionsOutline()
          .getByRole('button', { name: /^3\. accordion/ })
          .click(),
      );
      for (const [index, [question, answer]] of FAQ.entries()) {
        if (index === 2) await act(props().getByRole('button', { name: 'Add accordion item' }).click());
        const item = props().getByRole('group', { name: `Accordion item ${index + 1}` });
        await act(item.getByRole('textbox', { name: /^Question/ }).fill(question));
        await act(item.getByRole('textbox', { name: /^Answer/ }).fill(answer));
      }

      // The card grid's heading, edited in place in the preview, once the preview shows the last answer
      // typed (as a marketer looks before the next step; an edit opened earlier is kept too: editor.e2e).
      await preview.getByText(FAQ[2][1]).waitFor({ state: 'attached', timeout: 30_000 });
      await preview.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
      const heading = preview.getByRole('heading', { name: 'Latest Resources', exact: true });
      await heading.waitFor({ timeout: 30_000 });
      await act(heading.dblclick());
      await expect.poll(() => heading.evaluate((el) => (el as HTMLElement).isContentEditable), { timeout: 10_000 }).toBe(true);
      await act(page.keyboard.type(EDITED));
      await act(page.keyboard.press('Enter'));
      await preview.getByRole('heading', { name: EDITED, exact: true }).waitFor({ timeout: 30_000 });

      // The FAQ above the blog posts; undone, and done again.
      await act(page.getByRole('button', { name: 'Move section 3 (accordion) up' }).click());
      const moved = ['banner', 'accordion', 'card-grid', 'form'];
      await expect.poll(outlineOrder).toEqual(moved);
      await act(page.getByRole('button', { name: 'Undo' }).click());
      await expect.poll(outlineOrder).toEqual(['banner', 'card-grid', 'accordion', 'form']);
      await act(page.getByRole('button', { name: 'Redo' }).click());
      await expect.poll(outlineOrder).toEqual(moved);
      // Nothing left out of the preview on the way, nothing to fix.
      await expect
        .poll(() => preview.locator('main .block').evaluateAll((els) => els.map((el) => el.getAttribute('data-block'))), {
          timeout: 30_000,
        })
        .toEqual(moved);
      expect(await page.getByRole('region', { name: /^Problems \(/ }).count()).toBe(0);

      await act(page.getByRole('button', { name: 'Save', exact: true }).click());
      await saved();

      // Publish: committed to the page's branch and pushed to origin.
      await act(page.getByRole('button', { name: 'Publish…' }).click());
      const dialog = page.getByRole('dialog', { name: `Publish ${NAME}.json` });
      await act(dialog.getByRole('button', { name: `Commit to ${BRANCH} and push to origin` }).click());
      await dialog.getByText(`Pushed ${BRANCH} to origin.`).waitFor({ timeout: 30_000 });

      expect(actions).toBeLessThanOrEqual(40);
      console.log(`[editor-trial] ${actions} actions from the list of pages to the published page`);
      // The remote has the page on its branch, one commit on main; the working copy is as it was.
      expect(editor.git(['log', '--format=%s', `main..${BRANCH}`], editor.origin).split('\n')).toHaveLength(1);
      expect(editor.git(['status', '--porcelain'])).toBe('');

      // What the remote has passes `npm run validate`, and a production build of it serves the page.
      const tower = await content<{ page_data: { name: string } }>('/api/page/solutions-tower-passive-infrastructure');
      const posts = await content<{ list: { data: { name: string; slug: string }[] } }>('/api/blog_list');
      await withPublishedSite(editor, editor.origin, BRANCH, async (published) => {
        expect(published.validated.status, published.validated.output).toBe(0);
        expect(published.validated.output).toMatch(/definitions valid/);
        expect(published.validated.output).not.toContain(path.join(path.basename(published.definitionsDir), `${NAME}.json`));
        const visit = await editor.browser.newPage();
        try {
          expect((await visit.goto(`${published.url}${ROUTE}`))?.status()).toBe(200);
          expect(await visit.title()).toBe('Tower companies | Veltrix');
          const main = visit.getByRole('main');
          // The banner, bound to the tower page.
          expect((await main.getByRole('heading', { level: 1 }).textContent())?.trim()).toBe(tower.page_data.name);
          // The FAQ above the posts, with the three questions typed.
          const faq = main.locator('[data-block="accordion"]');
          expect((await faq.getByRole('button').allInnerTexts()).map((t) => t.trim())).toEqual(FAQ.map(([question]) => question));
          // One card per post, each linking to its page; the heading edited in place.
          const grid = main.locator('[data-block="card-grid"]');
          await grid.getByRole('heading', { name: EDITED }).waitFor();
          const links = await grid.locator('a.card__link').evaluateAll((els) => els.map((el) => el.getAttribute('href')));
          expect(links).toEqual(posts.list.data.map((post) => `/blog/${post.slug}`));
          expect((await grid.locator('.card__title').allInnerTexts()).map((t) => t.trim())).toEqual(
            posts.list.data.map((post) => post.name),
          );
          // The contact form, with the way to the team while its code loads.
          const form = main.locator('[data-block="form"]');
          await form.getByRole('heading', { name: 'Send us a message' }).waitFor();
          await form.getByRole('textbox', { name: /Name/ }).first().waitFor();
          expect(await main.locator('.block').evaluateAll((els) => els.map((el) => el.getAttribute('data-block')))).toEqual(moved);
        } finally {
          await visit.close();
        }
      });
      expect(problems).toEqual([]);
    },
  );
});
