/**
 * How much of what the content service sends a page shows: the measure behind the strict-sample
 * crawl (tests/spec-crawl.e2e.test.ts). Pure functions; the crawl supplies the responses a page
 * read and the rendered page's text and attribute values.
 */
import { JSDOM } from 'jsdom';

/** One value the service sent: which read, where in the response (lists as []), and the value. */
export interface ServedValue {
  read: string;
  field: string;
  value: string;
}

export interface Coverage {
  served: number;
  shown: number;
  missing: ServedValue[];
}

/** Every non-empty string or number in a response, with its field path (list indexes as []). */
export function servedValues(read: string, body: unknown, prefix = ''): ServedValue[] {
  if (typeof body === 'string') return body.trim() === '' ? [] : [{ read, field: prefix, value: body }];
  if (typeof body === 'number') return [{ read, field: prefix, value: String(body) }];
  if (Array.isArray(body)) return body.flatMap((entry) => servedValues(read, entry, `${prefix}[]`));
  if (body && typeof body === 'object') {
    return Object.entries(body).flatMap(([key, entry]) => servedValues(read, entry, prefix ? `${prefix}.${key}` : key));
  }
  return [];
}

/** Case and white space do not matter: layout breaks lines and CSS changes case. */
export function squash(text: string): string {
  return text.toLowerCase().replace(/\s+/g, '');
}

/**
 * What to look for on the page: an HTML value by its text (and, when it has no text, such as a
 * map iframe, by the URLs it carries); anything else as it is.
 */
export function needles(value: string): string[] {
  if (!/<[a-z!/]/i.test(value) && !/&[a-z#0-9]+;/i.test(value)) return [squash(value)];
  const fragment = JSDOM.fragment(value);
  const text = squash(fragment.textContent ?? '');
  if (text) return [text];
  const urls = [...fragment.querySelectorAll('[src], [href]')].map((el) => el.getAttribute('src') ?? el.getAttribute('href') ?? '');
  return urls.filter(Boolean).map(squash);
}

/** Shown when every needle occurs in the page's squashed text and attribute values. */
export function isShown(value: string, haystack: string): boolean {
  const wanted = needles(value);
  return wanted.length > 0 && wanted.every((needle) => haystack.includes(needle));
}

export function coverage(values: ServedValue[], haystack: string): Coverage {
  const missing = values.filter((v) => !isShown(v.value, haystack));
  return { served: values.length, shown: values.length - missing.length, missing };
}

/** Markup shown as text: what a page shows when it prints an HTML field escaped. */
export function literalTags(text: string): string[] {
  const found = text.match(
    /<\/?(?:p|ul|ol|li|strong|em|b|i|a|br|div|span|h[1-6]|table|tr|td|img|iframe)\b[^<>]{0,80}>|&(?:lt|gt|amp|nbsp|quot);/gi,
  );
  return [...new Set(found ?? [])];
}

/**
 * Why a documented value is not shown: `code` (an identifier or code that selects or links, not a
 * display value), `other page` (sent for another page, read here for a part of it), or `not shown`
 * (a display value this page leaves out). The first two are not display values of the page.
 */
export const EXCEPTION_KINDS = ['code', 'other page', 'not shown'] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];

/** One documented exception: on which routes (`*` = all), which read, which field (`x.*` = below x). */
export interface AllowedMissing {
  route: string;
  read: string;
  field: string;
  kind: ExceptionKind;
}

/**
 * The documented exceptions: rows `| <route or *> | GET <path> | <field> | <kind> | <why> |` of the
 * table under "## Values the site does not show" in docs/content-api.md.
 */
export function allowedMissing(markdown: string): AllowedMissing[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Values the site does not show'));
  const out: AllowedMissing[] = [];
  for (const line of section?.split('\n') ?? []) {
    const cells = line.split('|').map((c) => c.trim().replace(/^`|`$/g, ''));
    if (cells.length < 6 || !cells[2].startsWith('GET ')) continue;
    const kind = cells[4] as ExceptionKind;
    if (!EXCEPTION_KINDS.includes(kind))
      throw new Error(`docs/content-api.md: unknown kind "${cells[4]}" (use ${EXCEPTION_KINDS.join(', ')})`);
    out.push({ route: cells[1], read: cells[2].slice(4), field: cells[3], kind });
  }
  return out;
}

/** Whether a value a route did not show is one of the documented exceptions. */
export function isAllowedMissing(allowed: AllowedMissing[], route: string, value: ServedValue): boolean {
  const read = value.read.split('?')[0];
  return allowed.some(
    (a) =>
      (a.route === '*' || a.route === route) &&
      a.read === read &&
      (a.field === value.field || (a.field.endsWith('.*') && value.field.startsWith(a.field.slice(0, -1)))),
  );
}

/** A served value as a line of a report: read path, field and the start of the value. */
export function describeMissing(value: ServedValue): string {
  return `${value.read.split('?')[0]} ${value.field} = ${JSON.stringify(value.value.slice(0, 80))}`;
}
