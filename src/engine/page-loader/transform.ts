/** Content values made safe to show: HTML sanitized, image paths prefixed, wherever the schema says a value is one. */
import type { Located } from '../schema-store.ts';
import type { Run } from './run.ts';

/** Sanitizes HTML and prefixes image paths wherever the block's schema says a value is one. */
export function transform(run: Run, value: unknown, loc: Located): unknown {
  const store = run.index.validator.store;
  const s = store.deref(loc);
  if (typeof value === 'string') {
    if (s.schema.contentMediaType === 'text/html') {
      const embeds = s.schema['x-iframe-src'];
      return typeof embeds === 'string' ? run.sanitize.embed(value, embeds) : run.sanitize.html(value);
    }
    if (s.schema.format === 'image') return imageUrl(value, run.imageBaseUrl);
    return value;
  }
  if (Array.isArray(value)) {
    const items = store.items(s);
    return items ? value.map((entry) => transform(run, entry, items)) : value;
  }
  if (value && typeof value === 'object') {
    const fields = store.fields(s);
    const out: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) {
      const field = fields.get(key);
      out[key] = field ? transform(run, entry, field) : entry;
    }
    return out;
  }
  return value;
}

export function imageUrl(path: string, imageBaseUrl: string): string {
  // Absolute URLs, root-relative site assets and data URIs are used as they are.
  if (/^(?:[a-z][a-z0-9+.-]*:|\/)/i.test(path)) return path;
  return imageBaseUrl + path.replace(/^\.?\/+/, '');
}
