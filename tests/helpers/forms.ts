/**
 * What the browser tests of the forms share (tests/forms*.e2e.test.ts): every form placed by a
 * definition and the page that shows it (from the definitions and schemas/forms/, no list here),
 * valid values, and the steps a visitor takes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterEach, expect, inject } from 'vitest';
import { createValidator, loadDefinitionFiles, loadSiteFile, projectRoot } from '../../tools/lib/project.ts';
import { browserPerFile, openPage, type WatchedPage } from './browser.ts';

export const site = inject('siteUrl');
export const { definitions } = (await createValidator()).validate(await loadDefinitionFiles(), await loadSiteFile());

export interface FieldSchema {
  title?: string;
  type?: string | string[];
  errorMessage?: Record<string, string>;
}
export interface FormSchema {
  properties: Record<string, FieldSchema>;
  required: string[];
  errorMessage: { required: Record<string, string> };
  'x-form': { endpoint: string; success: { title: string; text: string; confirm: string; redirect?: string } };
}
export interface Bundled {
  schema: FormSchema;
  uiSchema: Record<string, { 'ui:widget'?: string }>;
}
export const bundled = (name: string) =>
  JSON.parse(readFileSync(path.join(projectRoot, 'src/generated/forms', `${name}.json`), 'utf8')) as Bundled;

/** One page per form: the first route whose definition places it (concrete, no parameters). */
export const placements = new Map<string, string>();
for (const definition of definitions) {
  for (const section of definition.sections) {
    if (section.block !== 'form') continue;
    const route = definition.routes.find((r) => !r.includes(':'));
    const form = String(section.form);
    if (route && !placements.has(form)) placements.set(form, form === 'pdf-download' ? `${route}?id=1` : route);
  }
}
// Forms on pages with a route parameter (the career form) use a real slug from the list page.
for (const definition of definitions) {
  const section = definition.sections.find((s) => s.block === 'form');
  const route = definition.routes.find((r) => r.includes(':'));
  if (section && route && !placements.has(String(section.form))) placements.set(String(section.form), route);
}

// The footer's 'Get in touch' form is named in site.config.json, on every main page; it loads once
// the footer is scrolled near (tested on the home page, long enough to scroll).
export const { footer: siteFooter } = JSON.parse((await loadSiteFile()).text) as { footer: { contact?: { form?: string } } };
export const FOOTER_FORM = siteFooter.contact?.form;
if (FOOTER_FORM) placements.set(FOOTER_FORM, '/');

export async function concrete(route: string): Promise<string> {
  if (!route.includes(':')) return route;
  const parent = route.slice(0, route.lastIndexOf('/'));
  const html = await (await fetch(`${site}${parent}`)).text();
  return new RegExp(`href="(${route.replace(/:[A-Za-z_]+/g, '[^/"#?]+')})"`).exec(html)![1];
}

export const VALID: Record<string, string> = {
  name: 'Ada Lovelace',
  firstname: 'Ada',
  lastnane: 'Lovelace',
  email: 'ada.lovelace@example.com',
  mobile: '9876543210',
  company_name: 'Analytical Engines',
  role: 'Engineer',
  job_title: 'Head of Operations',
  current_org: 'Analytical Engines',
  current_designation: 'Engineer',
  experience: '5 years',
  message: 'Please call me back about towers.',
};

/** A minimal valid PDF, as a visitor's CV. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Opens the page that places `form` (in `opened`, a page already open, or a new one) and lets the form's code load. */
export async function openForm(form: string, opened?: WatchedPage): Promise<{ page: Page; scope: Locator; bundle: Bundled }> {
  opened ??= await openPage(session.b.context);
  session.watched = opened;
  const page = opened.page;
  await page.goto(`${site}${await concrete(placements.get(form)!)}`, { waitUntil: 'load' });
  await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
  const inFooter = form === FOOTER_FORM;
  if (inFooter) {
    // The cookie notice sits over the bottom corner, where the footer form's button is: answer it first, as a visitor would.
    await page.getByRole('dialog', { name: 'Cookie consent' }).getByRole('button', { name: 'Close cookie notice' }).click();
    await page.mouse.wheel(0, 100_000);
  }
  const block = inFooter ? page.getByRole('contentinfo') : page.locator('main [data-block="form"]').first();
  // The form's code loads when the visitor reaches for the form (issue 19): a click in it, on its "* required" note.
  if (!inFooter) await block.locator('.form-required-note').click();
  await block.locator('.site-form[data-hydrated="true"] form.rjsf').waitFor({ timeout: 15_000 });
  // Fields, buttons and messages of the form itself (the Thanks dialog is outside it).
  return { page, scope: block.locator('form.rjsf'), bundle: bundled(form) };
}

export function visibleFields(bundle: Bundled): [string, FieldSchema][] {
  return Object.entries(bundle.schema.properties).filter(([key]) => {
    const widget = bundle.uiSchema[key]?.['ui:widget'];
    return widget !== 'hidden' && widget !== 'captcha' && widget !== 'terms' && widget !== 'cv';
  });
}

export async function fillValid(scope: Locator, bundle: Bundled) {
  for (const [key, field] of visibleFields(bundle)) {
    await scope.getByLabel(labelled(field.title!)).fill(VALID[key] ?? 'Valid text');
  }
  await checkWidgets(scope, bundle);
}

/** The CV, captcha and terms widgets, as a visitor would use them. */
export async function checkWidgets(scope: Locator, bundle: Bundled) {
  const widgets = Object.entries(bundle.uiSchema).map(([key, ui]) => [key, ui['ui:widget']]);
  if (widgets.some(([, w]) => w === 'cv')) {
    await scope.locator('input[type=file]').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF });
    await scope.getByText('Selected: cv.pdf').waitFor();
  }
  // rjsf applies changes asynchronously: click, then wait for the box to show the new state.
  for (const [widget, name] of [
    ['captcha', "I'm not a robot"],
    ['terms', /I agree with the terms/],
  ] as const) {
    if (!widgets.some(([, w]) => w === widget)) continue;
    const box = scope.getByRole('checkbox', { name });
    await box.click();
    await expect.poll(() => box.isChecked()).toBe(true);
  }
}

/** A field's label is its schema title, with ' *' when required. */
export const labelled = (title: string) => new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);

/** A field's box (label, control, its messages): the still-needed list next to the button repeats the messages. */
export const fieldBox = (control: Locator) =>
  control.locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " form-field ")][1]');

/** The form's own code (rjsf, its widgets), loaded when the visitor reaches for a form. */
export const FORM_CODE = /\/assets\/site-form-[^/]*\.js$/;
/** Every script of the site: the page's code as well as the form's. */
export const ALL_CODE = /\/assets\/[^/]*\.js$/;

/** Holds `scripts` back, as a slow connection would, while the server-rendered form is usable; call the result to let them arrive. */
export async function holdScripts(page: Page, scripts: RegExp): Promise<() => void> {
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  await page.route(scripts, async (route) => {
    await arrived;
    await route.continue();
  });
  return release;
}
export const holdFormCode = (page: Page) => holdScripts(page, FORM_CODE);

/** The items of the list that the submit button's description holds ("Still needed:"). */
export async function stillNeededItems(scope: Locator): Promise<Locator> {
  const hintIds = (await submitButton(scope).getAttribute('aria-describedby'))!.split(' ');
  return scope.locator(hintIds.map((id) => `[id="${id}"] li`).join(', '));
}

export const submitButton = (scope: Locator) => scope.getByRole('button', { name: /^(Submit|Subscribe|Try again)$/ });

/** The file's browser (one context, emptied between tests) and the page whose problems a test must not leave. */
const session = {} as { b: ReturnType<typeof browserPerFile>; watched?: WatchedPage };

/**
 * The file's browser (browserPerFile); after each test, the page it watches (`watch`, or the one
 * openForm opened) must have logged no problem but the failed requests a test causes on purpose.
 */
export function formsInBrowser(): { b: ReturnType<typeof browserPerFile>; watch: (page: WatchedPage) => void } {
  session.b = browserPerFile();
  afterEach(() => {
    // Chromium logs failed requests we caused on purpose (503, aborted) as console errors.
    expect((session.watched?.problems ?? []).filter((p) => !/Failed to load resource|net::ERR_FAILED/.test(p))).toEqual([]);
    session.watched = undefined;
  });
  return {
    b: session.b,
    watch: (page) => {
      session.watched = page;
    },
  };
}
