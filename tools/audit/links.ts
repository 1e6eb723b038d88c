/**
 * Links in the content: each site path must be answered by a definition (the site's route
 * matching), and the paths linked tell which values routes with parameters and query strings take.
 */
import type { PageDefinition } from '../../src/engine/validate/types.ts';
import type { DefinitionIndex } from '../../src/engine/definitions.server.ts';
import { sourceParams } from '../../src/engine/placeholders.ts';
import type { At, PageContext } from './types.ts';

/** Site paths that are files or APIs, not pages. */
const NOT_A_PAGE = /^\/(?:api|uploads|assets|brand)\/|\.[A-Za-z0-9]{2,5}$/;

/** Records a site link of the content and reports it when no definition answers its path. */
export function checkLink(page: PageContext, href: string, at: At): void {
  if (!href.startsWith('/') || href.startsWith('//')) return;
  const pathname = href.split(/[?#]/)[0] || '/';
  if (NOT_A_PAGE.test(pathname)) return;
  if (!page.linked.has(pathname)) page.linked.set(pathname, page.from);
  const withQuery = href.split('#')[0];
  if (withQuery.includes('?') && !page.linked.has(withQuery)) page.linked.set(withQuery, page.from);
  if (!page.match(pathname)) {
    page.findings.push({
      severity: 'error',
      ...at,
      message: `links to ${pathname}, which no page definition answers (visitors get the not-found page)`,
    });
  }
}

/** Query parameters a definition's sources need ({search.id}). */
export function searchNeeds(definition: PageDefinition): string[] {
  return Object.values(definition.sources).flatMap((source) =>
    sourceParams(source.path).flatMap((param) => (param.root === 'search' && param.name ? [param.name] : [])),
  );
}

/** The first linked URL of `definition` whose query string gives every parameter of `needs`. */
export function linkWithQuery(
  linked: Map<string, string>,
  match: DefinitionIndex['match'],
  definition: PageDefinition,
  needs: string[],
): { href: string; search: Record<string, string> } | undefined {
  for (const href of linked.keys()) {
    const [pathname, query = ''] = href.split('?');
    const search = new URLSearchParams(query);
    if (match(pathname)?.definition === definition && needs.every((n) => search.get(n)))
      return { href, search: Object.fromEntries(search) };
  }
  return undefined;
}

/** Linked paths (without a query string) that `definition` answers, with their parameters. */
export function linkedPathsOf(
  linked: Map<string, string>,
  match: DefinitionIndex['match'],
  definition: PageDefinition,
): { pathname: string; params: Record<string, string> }[] {
  return [...linked.keys()].flatMap((pathname) => {
    const found = pathname.includes('?') ? undefined : match(pathname);
    return found?.definition === definition ? [{ pathname, params: found.params as Record<string, string> }] : [];
  });
}
