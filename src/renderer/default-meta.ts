import type { PageDefinition } from './validate/types.ts';

/**
 * The meta of a definition that declares none: its `page` source's page_data (SPEC §3: every page's
 * page_title, meta_keywords, meta_description). Read by the page loader, the validator and the audit.
 */
export const DEFAULT_META = {
  title: { $bind: 'page.page_data.page_title' },
  keywords: { $bind: 'page.page_data.meta_keywords' },
  description: { $bind: 'page.page_data.meta_description' },
} as const satisfies NonNullable<PageDefinition['meta']>;
