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
  const found = text.match(/<\/?(?:p|ul|ol|li|strong|em|b|i|a|br|div|span|h[1-6]|table|tr|td|img|iframe)\b[^<>]{0,80}>|&(?:lt|gt|amp|nbsp|quot);/gi);
  return [...new Set(found ?? [])];
}

/**
 * The documented exceptions: rows `| GET <path> | <field> | <reason> |` of the table under
 * "## Values the site does not show" in docs/content-api.md.
 */
export function allowedMissing(markdown: string): Set<string> {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Values the site does not show'));
  const out = new Set<string>();
  for (const line of section?.split('\n') ?? []) {
    const cells = line.split('|').map((c) => c.trim().replace(/^`|`$/g, ''));
    if (cells.length >= 4 && cells[1].startsWith('GET ')) out.add(`${cells[1].slice(4)} ${cells[2]}`);
  }
  return out;
}

/** The key of a served value in that table: the read's path without its query, then the field. */
export function missingKey(value: ServedValue): string {
  return `${value.read.split('?')[0]} ${value.field}`;
}
