/** A page's schema.org JSON-LD: the Organization on every page, and what its definition declares under `structuredData`. */
import { resolve, type Scope } from '../bindings.ts';
import type { ResolvedChrome } from '../page-data.ts';
import { structuredDataSchemaId } from '../schema-store.ts';
import {
  absoluteUrl,
  jsonLdText,
  organizationJsonLd,
  toJsonLd,
  type OrganizationInfo,
  type StructuredDataContext,
} from '../structured-data.ts';
import type { PageDefinition } from '../validate/types.ts';
import type { SiteConfig } from '../../generated/site-config.ts';
import type { Run } from './run.ts';
import { transform } from './transform.ts';

export function organization(site: SiteConfig, chrome: ResolvedChrome, origin: string): OrganizationInfo {
  return {
    name: site.name,
    legalName: site.legalName,
    url: `${origin}/`,
    logo: absoluteUrl(site.logo?.src, origin),
    sameAs: Object.values(chrome.footer.social).filter((link): link is string => typeof link === 'string' && link !== ''),
  };
}

/** Organization (every page) and the definition's structured data, resolved, sanitized and mapped to JSON-LD. */
export function resolveJsonLd(run: Run, definition: PageDefinition | undefined, scope: Scope, ctx: StructuredDataContext): string[] {
  const { logOnce } = run;
  const out = [organizationJsonLd(ctx.organization)];
  (definition?.structuredData ?? []).forEach((spec, index) => {
    const where = `${definition!.file} /structuredData/${index}`;
    const { type, ...raw } = spec;
    const schemaId = structuredDataSchemaId(type);
    const props = resolve(raw, scope, {
      misfit: (value, pointer) => run.index.validator.misfit(schemaId, pointer, value),
      onIssue: (issue) => logOnce(`[content] ${where}${issue.pointer}: ${issue.message}`),
    }) as Record<string, unknown>;
    const clean = transform(run, props, run.index.validator.store.root(schemaId)) as Record<string, unknown>;
    const item = toJsonLd(type, clean, ctx);
    if (item) out.push(item);
    else logOnce(`[content] ${where} (${type}) left out: the content lacks a required field`);
  });
  return out.map(jsonLdText);
}
