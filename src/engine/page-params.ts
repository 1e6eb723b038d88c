/**
 * The values a page's URL may carry. A definition reads its route parameters (`/blog/:slug`) and
 * the query parameters it declares: its `search.*` bindings and the props its blocks' schemas mark
 * `"x-query-param"` (a list control's `param`, its default when the section gives none). Each
 * value must fit its rule before anything renders or reads content:
 *   - a prop marked "page-number" (a pagination block's): a page number, 1 to 9999 (digits only, no
 *     leading zero; the canonical URL keeps it when over 1);
 *   - any other query parameter: empty (not set: a filter's "all" option submits it so) or one safe
 *     value of the content contract (letters, digits, `-`, `_`; src/engine/contract-paths.ts), once;
 *   - a route parameter: a safe value (a splat `*` takes any path).
 * DefinitionIndex.match (./definitions.server.ts) applies them, and both the page loader and the
 * page cache (src/server/site.ts) match through it: a value that does not fit is the not-found page
 * for both, so `/blog?page=abc` or `/blog/<script>` renders no new page and reads no content.
 */
import { isSafeParam } from './contract-paths.ts';
import type { JsonSchema } from './schema-store.ts';
import type { PageDefinition } from './validate/types.ts';

/** The largest page number a URL may ask for. */
export const MAX_PAGE = 9999;

/** The values of `"x-query-param"` in block schemas. */
export type Rule = 'page-number' | 'value';

/**
 * The query parameters `definition` reads, each with the rule its value must fit. `blockSchema`
 * gives a block's schema (undefined for a block there is none of).
 */
export function declaredParams(
  definition: PageDefinition,
  blockSchema: (block: string) => JsonSchema | undefined,
): ReadonlyMap<string, Rule> {
  const text = JSON.stringify([definition.sources, definition.sections, definition.meta, definition.structuredData]);
  const names = new Map<string, Rule>([...text.matchAll(/\bsearch\.([A-Za-z0-9_]+)/g)].map((m) => [m[1], 'value']));
  for (const section of definition.sections) {
    const properties = (blockSchema(String(section.block))?.properties ?? {}) as Record<string, JsonSchema>;
    for (const [prop, schema] of Object.entries(properties)) {
      const rule = schema['x-query-param'];
      if (rule !== 'page-number' && rule !== 'value') continue;
      const name = section[prop] ?? schema.default;
      if (typeof name !== 'string') continue;
      names.set(name, rule === 'page-number' ? rule : (names.get(name) ?? rule));
    }
  }
  return names;
}

const PAGE_NUMBER = new RegExp(`^[1-9][0-9]{0,${String(MAX_PAGE).length - 1}}$`);

function fits(rule: Rule, value: string): boolean {
  if (value === '') return true;
  return rule === 'page-number' ? PAGE_NUMBER.test(value) && Number(value) <= MAX_PAGE : isSafeParam(value);
}

/** Whether every declared query parameter present in `search` is given once, with a value that fits. */
export function queryFits(declared: ReadonlyMap<string, Rule>, search: URLSearchParams): boolean {
  for (const [name, rule] of declared) {
    const values = search.getAll(name);
    if (values.length > 1 || (values.length === 1 && !fits(rule, values[0]))) return false;
  }
  return true;
}

/** Whether every route parameter is a safe value (a splat is a path: any value). */
export function routeParamsFit(params: Record<string, string | undefined>): boolean {
  return Object.entries(params).every(([name, value]) => name === '*' || value === undefined || isSafeParam(value));
}
