/** A page's title, description and keywords, and the rule every bound text value follows (text or nothing). */
import { resolve, type ResolveOptions, type Scope } from '../bindings.ts';
import type { PageMeta } from '../page-data.ts';
import type { PageDefinition } from '../validate/types.ts';
import type { SiteConfig } from '../../generated/site-config.ts';
import type { Run } from './run.ts';

/** The not-found page's title when its definition has none of its own. */
export const NOT_FOUND_TITLE = 'Page not found';

export function text(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** Resolve options for values that must be text (meta, the chrome's bound values): anything else counts as no value, logged once. */
export function textOptions(logOnce: (message: string) => void, where: string): ResolveOptions {
  return {
    misfit: (value) => (text(value) === undefined ? `is ${Array.isArray(value) ? 'a list' : typeof value}, not text` : undefined),
    onIssue: (issue) => logOnce(`[content] ${where}${issue.pointer}: ${issue.message}`),
  };
}

/**
 * The meta a definition's page shows: its own, or the site's defaultMeta (resolved against the
 * page's own sources), the not-found page's included. The content audit reads the same.
 */
export function metaOf(definition: PageDefinition, site: Pick<SiteConfig, 'defaultMeta'>): NonNullable<SiteConfig['defaultMeta']> {
  return definition.meta ?? site.defaultMeta ?? {};
}

/**
 * The meta of a page. The not-found page (`notFound`, its definition if the site has one) takes
 * its title from its own meta only, else "Page not found": the site's default title names no
 * missing page.
 */
export function resolveMeta(run: Run, definition: PageDefinition | undefined, scope: Scope, notFound = false): PageMeta {
  if (!definition) return { title: NOT_FOUND_TITLE };
  const meta = metaOf(definition, run.index.site as unknown as SiteConfig);
  const options = textOptions(run.logOnce, `${definition.file} /meta`);
  const resolved: PageMeta = {
    title: text(resolve(meta.title, scope, options, '/title')),
    keywords: text(resolve(meta.keywords, scope, options, '/keywords')),
    description: text(resolve(meta.description, scope, options, '/description')),
  };
  if (!notFound) return resolved;
  return { ...resolved, title: (definition.meta ? resolved.title : undefined) ?? NOT_FOUND_TITLE };
}
