/** What a page is to search engines and sharers: its canonical URL, Open Graph type and image. */
import type { PageSeo, ResolvedSection } from '../page-data.ts';
import type { Rule } from '../page-params.ts';
import { blockSchemaId } from '../schema-store.ts';
import { absoluteUrl } from '../structured-data.ts';
import type { SiteConfig } from '../../generated/site-config.ts';
import type { Run } from './run.ts';

/** Origin + path; the query keeps only the page number of a paged list (e.g. ?page=N, N > 1). */
export function canonicalUrl(origin: string, url: URL, declared: ReadonlyMap<string, Rule>): string {
  const kept = new URLSearchParams();
  for (const [name, rule] of declared) {
    const value = url.searchParams.get(name);
    if (rule === 'page-number' && value !== null && Number(value) > 1) kept.set(name, value);
  }
  kept.sort();
  return `${origin}${url.pathname}${kept.size ? `?${kept}` : ''}`;
}

/**
 * What a page is to a sharer, from marks in the block schemas: its image is the first value of a
 * prop marked "x-page-image" (e.g. a banner's image), its Open Graph type that of the first block
 * whose schema declares "x-page-type" (e.g. an article), otherwise "website".
 */
export function pageSeo(run: Run, sections: ResolvedSection[], site: SiteConfig, origin: string, canonical?: string): PageSeo {
  let image: string | undefined;
  let type: string | undefined;
  for (const section of sections) {
    const schema = run.index.validator.store.root(blockSchemaId(section.block)).schema;
    if (type === undefined && typeof schema['x-page-type'] === 'string') type = schema['x-page-type'];
    const properties = (schema.properties ?? {}) as Record<string, { 'x-page-image'?: unknown }>;
    for (const [name, prop] of Object.entries(properties)) {
      const value = section.props[name];
      if (image === undefined && prop['x-page-image'] === true && typeof value === 'string' && value) image = value;
    }
  }
  return { canonical, siteName: site.name, type: type ?? 'website', image: image && absoluteUrl(image, origin) };
}
