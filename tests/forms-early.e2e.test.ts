/**
 * The forms in real Chromium before and while their code loads: what a visitor types, autofills,
 * focuses or ticks before the form hydrates is kept and counts (./e2e/forms.ts).
 */
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage } from './helpers/browser.ts';
import {
  ALL_CODE,
  VALID,
  bundled,
  checkWidgets,
  concrete,
  fieldBox,
  fillValid,
  formsInBrowser,
  holdFormCode,
  holdScripts,
  labelled,
  openForm,
  placements,
  site,
  stillNeededItems,
  submitButton,
  visibleFields,
} from './helpers/forms.ts';

const { b, watch } = formsInBrowser();

describe('forms before their code has arrived', () => {
  it('autofill: every field set in one burst, within the same task, is kept and the form can be sent', async () => {
    const { page, scope, bundle } = await openForm('partner');
    const ids = await Promise.all(
      visibleFields(bundle).map(async ([key, field]) => [key, await scope.getByLabel(labelled(field.title!)).getAttribute('id')] as const),
    );
    await page.evaluate(
      (entries) => {
        // What a browser's autofill does: native value setter plus an input event, field after field, no pause.
        for (const [id, value] of entries) {
          const input = document.getElementById(id!) as HTMLInputElement | HTMLTextAreaElement;
          const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')!.set!;
          setter.call(input, value);
          input.dispatchEvent(new Event('input', { bubbles: true }));
        }
      },
      ids.map(([key, id]) => [id, VALID[key] ?? 'Valid text'] as const),
    );
    await checkWidgets(scope, bundle);
    await expect.poll(() => submitButton(scope).isDisabled()).toBe(false);
    for (const [key, field] of visibleFields(bundle)) {
      expect(await scope.getByLabel(labelled(field.title!)).inputValue(), key).toBe(VALID[key] ?? 'Valid text');
    }
  });

  it('what a visitor types before the form code has arrived is kept, and the form can be sent', async () => {
    const opened = await openPage(b.context);
    watch(opened);
    const page = opened.page;
    const bundle = bundled('schedule-demo');
    const release = await holdFormCode(page);
    await page.goto(`${site}${placements.get('schedule-demo')}`, { waitUntil: 'domcontentloaded' });
    const scope = page.locator('main [data-block="form"]').first().locator('form.rjsf');
    await fillValid(scope, bundle);
    release();
    await page.waitForSelector('[data-block="form"] .site-form[data-hydrated="true"]', { state: 'attached' });
    await expect.poll(() => submitButton(scope).isDisabled()).toBe(false);
    for (const [key, field] of visibleFields(bundle)) {
      expect(await scope.getByLabel(labelled(field.title!)).inputValue(), key).toBe(VALID[key] ?? 'Valid text');
    }
    const posts: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request);
    });
    await submitButton(scope).click();
    await expect
      .poll(() => page.getByRole('dialog', { name: bundle.schema['x-form'].success.title }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(posts[0].postDataJSON()).toMatchObject({ email: VALID.email, mobile: VALID.mobile });
  });

  it('a value typed before the form code has arrived counts as changed: its error shows, the untouched fields are named by label', async () => {
    const opened = await openPage(b.context);
    watch(opened);
    const page = opened.page;
    const bundle = bundled('schedule-demo');
    const release = await holdFormCode(page);
    await page.goto(`${site}${placements.get('schedule-demo')}`, { waitUntil: 'domcontentloaded' });
    const scope = page.locator('main [data-block="form"]').first().locator('form.rjsf');
    const email = scope.getByLabel(labelled('Email'));
    await email.fill('Not@Valid');
    release();
    await page.waitForSelector('[data-block="form"] .site-form[data-hydrated="true"]', { state: 'attached' });
    const emailError = bundle.schema.properties.email.errorMessage!.pattern;
    await expect.poll(() => fieldBox(email).getByText(emailError, { exact: true }).count()).toBe(1);
    expect(await email.inputValue()).toBe('Not@Valid');
    const { required } = bundle.schema.errorMessage;
    const titles = (keys: string[]) => keys.map((key) => bundle.schema.properties[key].title!);
    await expect
      .poll(async () => (await stillNeededItems(scope)).allTextContents())
      .toEqual([
        ...titles(['firstname', 'lastnane']),
        emailError,
        ...titles(['mobile', 'company_name', 'job_title']),
        'Captcha',
        'Terms and conditions',
      ]);
    for (const key of ['firstname', 'lastnane', 'mobile', 'company_name', 'job_title']) {
      expect(await page.getByText(required[key], { exact: true }).count(), key).toBe(0);
    }
  });

  it('a field focused and left, and the terms box ticked and unticked, before any code ran count as touched once the form hydrates (/contact)', async () => {
    const opened = await openPage(b.context);
    watch(opened);
    const page = opened.page;
    const { required } = bundled('contact').schema.errorMessage;
    // Nothing runs: not the page's code, not the form's.
    const release = await holdScripts(page, ALL_CODE);
    await page.goto(`${site}${placements.get('contact')}`, { waitUntil: 'domcontentloaded' });
    const scope = page.locator('main [data-block="form"]').first().locator('form.rjsf');
    const name = scope.getByRole('textbox', { name: labelled('Name') });
    const terms = scope.getByRole('checkbox', { name: /I agree with the terms/ });
    await name.click();
    await terms.click();
    await terms.click();
    // Focus leaves the form: a click on the page's heading.
    await page.getByRole('heading', { level: 1 }).click();
    expect(await terms.isChecked()).toBe(false);
    expect(await name.inputValue()).toBe('');
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);

    release();
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
    // The form hydrates (it was reached for) and shows what its code would have shown.
    await expect.poll(() => fieldBox(name).getByText(required.name, { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => fieldBox(terms).getByText(required.checkBox, { exact: true }).isVisible()).toBe(true);
    expect(await terms.getAttribute('aria-invalid')).toBe('true');
    // Fields never visited stay quiet, named by their labels in the still-needed list.
    expect(await page.getByText(required.email, { exact: true }).count()).toBe(0);
    expect(await (await stillNeededItems(scope)).allTextContents()).toEqual([
      required.name,
      'Email',
      'Mobile',
      'Company Name',
      'Role',
      'Message',
      'Captcha',
      required.checkBox,
    ]);
  });

  it("a field focused and left, and the terms box ticked and unticked, while the form's code loads count as touched once it hydrates (job application)", async () => {
    const opened = await openPage(b.context);
    watch(opened);
    const page = opened.page;
    const { required } = bundled('career').schema.errorMessage;
    const release = await holdFormCode(page);
    await page.goto(`${site}${await concrete(placements.get('career')!)}`, { waitUntil: 'load' });
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
    const block = page.locator('main [data-block="form"]').first();
    const scope = block.locator('form.rjsf');
    const email = scope.getByRole('textbox', { name: labelled('Email') });
    const terms = scope.getByRole('checkbox', { name: /I agree with the terms/ });
    // Reaching for the form asks for its code (held back here), and the visitor goes on meanwhile.
    await email.click();
    await terms.click();
    await terms.click();
    await page.getByRole('heading', { level: 1 }).click();
    expect(await terms.isChecked()).toBe(false);
    expect(await block.locator('.site-form[data-hydrated="true"]').count()).toBe(0);

    release();
    await expect.poll(() => fieldBox(email).getByText(required.email, { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => fieldBox(terms).getByText(required.checkBox, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(required.name, { exact: true }).count()).toBe(0);
  });
});
