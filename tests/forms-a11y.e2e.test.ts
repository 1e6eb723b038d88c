/**
 * The site's forms to assistive technology (issue 35, WCAG 3.3.1, 4.1.3, 1.3.1), in real Chromium:
 * what is named, what is invalid, where focus goes and what is said. The rest of the forms' story:
 * ./forms.e2e.test.ts, ./forms-early.e2e.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { openPage } from './helpers/browser.ts';
import { formsInBrowser, labelled, openForm, site } from './helpers/forms.ts';

const { b } = formsInBrowser();

describe('forms to assistive technology', () => {
  it("the footer's form is a region named by its visible heading (issue 35: it was named 'Form', its heading outside it)", async () => {
    const { page } = await openPage(b.context);
    await page.goto(`${site}/no-such-page`, { waitUntil: 'load' });
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
    const footer = page.getByRole('contentinfo');
    const heading = (await footer.locator('.site-footer__contact > h2').textContent())!.trim();
    expect(heading.length).toBeGreaterThan(0);
    const region = footer.getByRole('region', { name: heading, exact: true });
    expect(await region.getByLabel(labelled('Message')).count()).toBe(1);
    expect(await footer.getByRole('region', { name: 'Form', exact: true }).count()).toBe(0);
  });

  it('before any input no control is invalid to assistive technology, the required boxes and the CV too (issue 35)', async () => {
    // Native `required` made Chromium expose the unticked boxes and the empty file input as invalid
    // from the start, while the text fields were not: SPEC §4 shows a field's errors once touched.
    const { page } = await openForm('career');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Accessibility.enable');
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: { role?: { value?: string }; name?: { value?: string }; properties?: { name: string; value: { value?: unknown } }[] }[];
    };
    const invalid = nodes
      .filter((node) => node.properties?.some((property) => property.name === 'invalid' && property.value.value !== 'false'))
      .map((node) => `${node.role?.value} "${node.name?.value}"`);
    expect(invalid).toEqual([]);
  });

  it('a submit with errors by Enter takes focus to the first invalid field, in view, with no live region speaking at once (issue 35)', async () => {
    const { page, scope } = await openForm('contact');
    await page.setViewportSize({ width: 1280, height: 800 });
    const submit = scope.getByRole('button', { name: 'Submit' });
    await submit.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid')), { timeout: 10_000 }).toBe('true');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const form = el.closest('form')!;
      const first = form.querySelector('[aria-invalid="true"]');
      const box = el.getBoundingClientRect();
      const spoken = [...form.querySelectorAll('[aria-live]')].filter((live) => live.textContent?.trim()).length;
      return { first: first === el, inView: box.top >= 0 && box.bottom <= innerHeight, spoken };
    });
    expect(focused).toEqual({ first: true, inView: true, spoken: 0 });
    // What a screen reader hears on that focus, from the accessibility tree: the field, invalid,
    // described by its message.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Accessibility.enable');
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: {
        role?: { value?: string };
        name?: { value?: string };
        description?: { value?: string };
        properties?: { name: string; value: { value?: unknown } }[];
      }[];
    };
    // The focused node (the document itself says focused too).
    const heard = nodes.find(
      (node) =>
        node.role?.value !== 'RootWebArea' &&
        node.properties?.some((property) => property.name === 'focused' && property.value.value === true),
    )!;
    expect(heard.name?.value).toMatch(/\S/);
    expect(heard.properties?.find((property) => property.name === 'invalid')?.value.value).toBe('true');
    expect(heard.description?.value).toMatch(/required\.|not valid\./);
  });
});
