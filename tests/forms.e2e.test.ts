/**
 * Every form placed by a definition, driven in real Chromium as a visitor would (./e2e/forms.ts:
 * the forms and their pages come from the definitions and schemas/forms/, no list here). What a
 * visitor does before and while a form's code loads: ./forms-early.e2e.test.ts.
 */
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage } from './helpers/browser.ts';
import {
  FOOTER_FORM,
  VALID,
  checkWidgets,
  fieldBox,
  fillValid,
  formsInBrowser,
  labelled,
  openForm,
  placements,
  site,
  stillNeededItems,
  submitButton,
  visibleFields,
} from './helpers/forms.ts';

const { b, watch } = formsInBrowser();

describe('forms in the browser', () => {
  it('every form is placed on some page or in the footer (except the switched-off newsletter)', () => {
    expect([...placements.keys()].sort()).toEqual(
      [
        'campaign-ccm',
        'career',
        'contact',
        'footer-contact',
        'partner',
        'pdf-download',
        'schedule-demo',
        'talk-to-account-team',
        'talk-to-sales',
      ].sort(),
    );
  });

  it.each([...placements.keys()])(
    '%s: validation messages, digits-only mobile, one POST with the contract body, Thanks and reset',
    async (form) => {
      const { page, scope, bundle } = await openForm(form);
      const submit = submitButton(scope);
      expect(await submit.isDisabled()).toBe(true);
      // No field cuts what a visitor types or pastes: limits are checked, never enforced by truncation.
      expect(await scope.locator('[maxlength]').count()).toBe(0);

      // Required messages appear once a field was touched; invalid values get their SPEC text.
      for (const [key, field] of visibleFields(bundle)) {
        const input = scope.getByLabel(labelled(field.title!));
        const requiredMessage = bundle.schema.errorMessage.required[key];
        if (bundle.schema.required.includes(key) && requiredMessage) {
          await input.fill('x');
          await input.fill('');
          await input.blur();
          await expect.poll(() => scope.getByText(requiredMessage, { exact: true }).count()).toBeGreaterThan(0);
        }
        const pattern = field.errorMessage?.pattern;
        if (pattern && key !== 'mobile') {
          await input.fill(key === 'email' ? 'Not@Valid' : 'No <tags> please');
          await expect.poll(() => scope.getByText(pattern, { exact: true }).count()).toBeGreaterThan(0);
          expect(await input.getAttribute('aria-invalid')).toBe('true');
        }
      }
      if (bundle.schema.properties.mobile) {
        const mobile = scope.getByLabel(labelled('Mobile'));
        await mobile.fill('');
        await mobile.pressSequentially('98a7b6c5');
        expect(await mobile.inputValue()).toBe('98765');
        await expect.poll(() => fieldBox(mobile).getByText('Phone Number require minimum 10 digit.', { exact: true }).count()).toBe(1);
      }

      await fillValid(scope, bundle);
      await expect.poll(() => submit.isDisabled()).toBe(false);
      const posts: Request[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().includes(bundle.schema['x-form'].endpoint)) posts.push(request);
      });
      await submit.click();
      const dialog = page.getByRole('dialog', { name: bundle.schema['x-form'].success.title });
      await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await dialog.textContent()).toContain(bundle.schema['x-form'].success.text);
      expect(posts).toHaveLength(1);
      const body = posts[0].postDataJSON() as Record<string, unknown>;
      for (const key of bundle.schema.required) expect(body, key).toHaveProperty(key);
      if (form === 'contact') expect(body.page_type).toBe('Contact');
      if (form === 'footer-contact') expect(body.page_type).toBe('Footer Contact');
      if (form.startsWith('schedule') || form.startsWith('talk') || form === 'campaign-ccm') expect(body).toHaveProperty('lastnane');
      if (form === 'career') {
        expect(body.resume_filename).toBe('cv.pdf');
        expect(Buffer.from(String(body.resume_base64), 'base64').subarray(0, 5).toString()).toBe('%PDF-');
        expect(body.job_code).toBeTruthy();
      }
      if (form === 'pdf-download') expect(String(body.id)).toBe('1');

      await dialog.getByRole('button', { name: bundle.schema['x-form'].success.confirm }).click();
      if (bundle.schema['x-form'].success.redirect) await page.waitForURL(`${site}${bundle.schema['x-form'].success.redirect}`);
      else {
        const [firstKey, firstField] = visibleFields(bundle)[0];
        expect(await scope.getByLabel(labelled(firstField.title!)).inputValue(), firstKey).toBe('');
        expect(await submit.isDisabled()).toBe(true);
      }
    },
  );

  it("the contact form takes 'José Müller' and 'Ada@Example.com' as typed and sends them: 202 and Thanks", async () => {
    const { page, scope, bundle } = await openForm('contact');
    await fillValid(scope, bundle);
    const name = scope.getByRole('textbox', { name: labelled('Name') });
    const email = scope.getByRole('textbox', { name: labelled('Email') });
    await name.fill('José Müller');
    await email.fill('Ada@Example.com');
    await name.blur();
    for (const control of [name, email]) {
      await expect.poll(() => control.getAttribute('aria-invalid')).toBe(null);
      expect(await fieldBox(control).locator('.form-error').count()).toBe(0);
    }
    const submit = submitButton(scope);
    await expect.poll(() => submit.isDisabled()).toBe(false);
    const answered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(bundle.schema['x-form'].endpoint));
    await submit.click();
    const response = await answered;
    expect(response.status()).toBe(202);
    expect(response.request().postDataJSON()).toMatchObject({ name: 'José Müller', email: 'Ada@Example.com' });
    const dialog = page.getByRole('dialog', { name: bundle.schema['x-form'].success.title });
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
    // Its message is its description, and closing it leaves focus in the page, not on <body>.
    const success = bundle.schema['x-form'].success;
    expect(await dialog.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '')).toBe(
      success.text,
    );
    await dialog.getByRole('button', { name: success.confirm }).press('Enter');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName ?? 'none')).not.toBe('BODY');
  });

  it('a pasted text longer than a field allows is kept whole, with a count and the SPEC message', async () => {
    const { page, scope } = await openForm('contact');
    const message = scope.getByLabel(labelled('Message'));
    const text = 'Please call me back about towers. '.repeat(8).slice(0, 250);
    // insertText goes through the editor as a paste does (no key events), so a maxlength would cut it.
    await message.focus();
    await page.keyboard.insertText(text);
    expect(await message.inputValue()).toBe(text);
    await expect.poll(() => fieldBox(message).getByText('Not more than 200.', { exact: true }).count()).toBe(1);
    expect(await scope.getByText('250 / 200', { exact: true }).isVisible()).toBe(true);
    expect(await message.getAttribute('aria-invalid')).toBe('true');
    const countId = await scope.getByText('250 / 200', { exact: true }).getAttribute('id');
    expect((await message.getAttribute('aria-describedby'))!.split(' ')).toContain(countId);
    // Trimmed back under the limit: the count stays near it, the message goes.
    await message.fill(text.slice(0, 190));
    await expect.poll(() => scope.getByText('Not more than 200.', { exact: true }).count()).toBe(0);
    expect(await scope.getByText('190 / 200', { exact: true }).isVisible()).toBe(true);
    expect(await submitButton(scope).isDisabled()).toBe(true);

    // A pasted phone number keeps every digit (a cut one would be a wrong number that passes).
    const mobile = scope.getByLabel(labelled('Mobile'));
    await mobile.focus();
    await page.keyboard.insertText('+91 98765 43210');
    expect(await mobile.inputValue()).toBe('919876543210');
    await expect.poll(() => fieldBox(mobile).getByText('Phone Number require minimum 10 digit.', { exact: true }).count()).toBe(1);
  });

  it('SPEC §4 in the footer form: after typing only the name, the still-needed list names the other fields by their (short) labels and no field shows an error until touched', async () => {
    const { page, scope, bundle } = await openForm(FOOTER_FORM!);
    const requiredMessage = bundle.schema.errorMessage.required;
    const typedRequired = ['email', 'mobile', 'message'];
    const items = await stillNeededItems(scope);
    const name = scope.getByLabel(labelled('Name'));
    await name.fill(VALID.name);
    await expect.poll(() => items.allTextContents()).toEqual(['Email', 'Mobile', 'Message', 'Captcha', 'Terms and conditions']);
    for (const item of await items.all()) expect(await item.isVisible()).toBe(true);
    // Each name is the label the form shows for that field.
    for (const key of typedRequired) expect(await scope.getByLabel(labelled(bundle.schema.properties[key].title!)).count(), key).toBe(1);
    for (const key of typedRequired) {
      expect(await page.getByText(requiredMessage[key], { exact: true }).count(), key).toBe(0);
      expect(await scope.getByLabel(labelled(bundle.schema.properties[key].title!)).getAttribute('aria-invalid'), key).toBeNull();
    }

    // Enter in a field submits nothing while the button is disabled (HTML implicit submission), so no error appears either.
    const posts: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request);
    });
    await scope.evaluate((form) => {
      form.addEventListener('submit', () => (form.dataset.submits = String(Number(form.dataset.submits ?? 0) + 1)));
    });
    await name.press('Enter');
    expect(await scope.getAttribute('data-submits')).toBeNull();
    expect(posts).toEqual([]);
    expect(await items.allTextContents()).toEqual(['Email', 'Mobile', 'Message', 'Captcha', 'Terms and conditions']);

    // Focus Email and leave it empty: its message shows there, and in the list in its place.
    const email = scope.getByLabel(labelled('Email'));
    await email.focus();
    await email.blur();
    await expect.poll(() => fieldBox(email).getByText(requiredMessage.email, { exact: true }).count()).toBe(1);
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(() => items.allTextContents())
      .toEqual([requiredMessage.email, 'Mobile', 'Message', 'Captcha', 'Terms and conditions']);
    expect(await page.getByText(requiredMessage.mobile, { exact: true }).count()).toBe(0);
    expect(await page.getByText(requiredMessage.message, { exact: true }).count()).toBe(0);
    expect(await submitButton(scope).isDisabled()).toBe(true);
  });

  it('with every field typed in valid, the unavailable button lists what is still missing (CV, captcha, terms) to the keyboard too', async () => {
    const { page, scope, bundle } = await openForm('career');
    for (const [key, field] of visibleFields(bundle)) {
      await scope.getByLabel(labelled(field.title!)).fill(VALID[key] ?? 'Valid text');
    }
    const submit = submitButton(scope);
    const items = await stillNeededItems(scope);
    await expect.poll(() => items.allTextContents()).toEqual(['CV', 'Captcha', 'Terms and conditions']);
    expect(await submit.isDisabled()).toBe(true);
    for (const item of await items.all()) expect(await item.isVisible()).toBe(true);

    // The keyboard reaches the unavailable button (it stays a focus stop) and with it the reason,
    // its description; pressing it sends nothing and shows each missing field's message there.
    const posts: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request);
    });
    await scope.getByRole('checkbox', { name: /I agree/ }).focus();
    await page.keyboard.press('Tab');
    expect(await submit.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await submit.getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Enter');
    await expect.poll(() => scope.locator('.form-field .form-error').allTextContents()).toContain('Please upload your resume.');
    expect(posts).toEqual([]);
    // Focus goes to the first field still needed, which reads its message (issue 35, WCAG 3.3.1).
    await expect.poll(() => scope.locator('input[type=file]').evaluate((el) => el === document.activeElement)).toBe(true);

    await checkWidgets(scope, bundle);
    await expect.poll(() => submit.isDisabled()).toBe(false);
    expect(await items.count()).toBe(0);
  });

  it('a failed submission keeps what was typed, says so, and the retry reuses the idempotency key', async () => {
    const { page, scope, bundle } = await openForm('contact');
    await fillValid(scope, bundle);
    const keys: string[] = [];
    let fail = true;
    await page.route(`**${bundle.schema['x-form'].endpoint}`, async (route) => {
      keys.push(route.request().headers()['idempotency-key']);
      if (fail) await route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' });
      else await route.continue();
    });
    await submitButton(scope).click();
    const alert = scope.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('Nothing you entered has been lost');
    expect(await scope.getByLabel(labelled('Name')).inputValue()).toBe(VALID.name);
    fail = false;
    await scope.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Thanks' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('before the CV, captcha or terms box is touched, the still-needed list names it by a short label; once touched, by its message (every form)', async () => {
    const opened = await openPage(b.context);
    for (const form of placements.keys()) {
      const { scope, bundle } = await openForm(form, opened);
      for (const [key, field] of visibleFields(bundle)) {
        await scope.getByLabel(labelled(field.title!)).fill(VALID[key] ?? 'Valid text');
      }
      const widgets = Object.values(bundle.uiSchema).map((ui) => ui['ui:widget']);
      const { required } = bundle.schema.errorMessage;
      // The controls as a visitor finds them, their short labels and SPEC's messages.
      const used = [
        { widget: 'cv', control: scope.getByLabel(/^CV/), label: 'CV', message: 'Please upload your resume.' },
        {
          widget: 'captcha',
          control: scope.getByRole('checkbox', { name: "I'm not a robot" }),
          label: 'Captcha',
          message: required.recaptcha,
        },
        {
          widget: 'terms',
          control: scope.getByRole('checkbox', { name: /I agree/ }),
          label: 'Terms and conditions',
          message: required.checkBox,
        },
      ].filter(({ widget }) => widgets.includes(widget));
      expect(
        used.map(({ widget }) => widget),
        form,
      ).toContain('captcha');
      const items = await stillNeededItems(scope);
      await expect.poll(() => items.allTextContents(), { message: form }).toEqual(used.map(({ label }) => label));
      for (const { message } of used) expect(await scope.page().getByText(message, { exact: true }).count(), form).toBe(0);

      // Focused and left: its message shows at it and takes its place in the list.
      for (const [index, { control, message }] of used.entries()) {
        await control.focus();
        await control.blur();
        await expect.poll(() => fieldBox(control).getByText(message, { exact: true }).isVisible(), { message: form }).toBe(true);
        await expect
          .poll(() => items.allTextContents(), { message: form })
          .toEqual(used.map((widget, at) => (at <= index ? widget.message : widget.label)));
      }
    }
  });

  it("the footer's 'Get in touch' form loads when the footer is scrolled near, and not at all on a page that opens with it in view", async () => {
    const opened = await openPage(b.context);
    watch(opened);
    const formRequests: string[] = [];
    opened.page.on('request', (request) => {
      if (/\/assets\/site-form-/.test(request.url())) formRequests.push(request.url());
    });
    const page = opened.page;
    await page.goto(`${site}/no-such-page`, { waitUntil: 'networkidle' });
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
    const footer = page.getByRole('contentinfo');
    // The form itself is there from the server HTML (at its final size, issue 19), its code is not.
    expect(await footer.locator('.site-footer__form').getByLabel(labelled('Message')).count()).toBe(1);
    expect(await footer.locator('.site-form[data-hydrated="true"]').count()).toBe(0);
    expect(formRequests).toEqual([]);

    await page.goto(`${site}/`, { waitUntil: 'networkidle' });
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
    expect(formRequests).toEqual([]);
    // A client navigation meanwhile neither loads the form's code nor waits for it; the footer and its form stay.
    const message = footer.getByLabel(labelled('Message'));
    const before = await message.elementHandle();
    await page.getByRole('banner').getByRole('link', { name: 'Services', exact: true }).click();
    await page.waitForURL(`${site}/supporttest`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(formRequests).toEqual([]);
    expect(await message.evaluate((element, kept) => element === kept, before)).toBe(true);
    await page.mouse.wheel(0, 100_000);
    await footer.locator('.site-form[data-hydrated="true"] form.rjsf').waitFor({ timeout: 15_000 });
    expect(formRequests.length).toBe(1);
    expect(await footer.getByLabel(labelled('Message')).count()).toBe(1);
  });

  it('a network failure (offline) is explained and the data stays', async () => {
    const { page, scope, bundle } = await openForm('partner');
    await fillValid(scope, bundle);
    await page.route(`**${bundle.schema['x-form'].endpoint}`, (route) => route.abort('internetdisconnected'));
    await submitButton(scope).click();
    await expect.poll(() => scope.getByRole('alert').textContent()).toContain('could not reach the server');
    for (const [key, field] of visibleFields(bundle)) {
      expect(await scope.getByLabel(labelled(field.title!)).inputValue(), key).toBe(VALID[key] ?? 'Valid text');
    }
    expect(await submitButton(scope).isDisabled()).toBe(false);
  });
});
