/**
 * The page editor's preview: the draft a preview URL names, and a definition index like the site's
 * (src/renderer/definitions.server.ts) in which the draft replaces its file.
 */
import { matchRoutes } from 'react-router';
import type { DefinitionIndex } from '../../src/renderer/definitions.server.ts';
import type { SourceFile } from '../lib/project.ts';

const PREVIEW = /^\/__preview\/([^/]+)(\/.*)?$/;

/** The draft and the page path of a preview URL: /__preview/<draftId>/<path…>?<query>. */
export function previewTarget(url: URL): { draftId: string; path: string } {
  const found = PREVIEW.exec(url.pathname);
  let draftId = '';
  try {
    draftId = found ? decodeURIComponent(found[1]) : '';
  } catch {
    // Not a draft id of ours (those are UUIDs): an unknown draft.
  }
  return { draftId, path: `${found?.[2] ?? '/'}${url.search}` };
}

/** The definitions as `npm run validate` reads them, `file` replaced by (or added as) `text`, in its order. */
export function withFile(files: SourceFile[], file: string, text: string): SourceFile[] {
  return [...files.filter((f) => f.file !== file), { file, text }].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** A definition index like the site's (src/renderer/definitions.server.ts), from the given files. */
export function indexOf(base: DefinitionIndex, files: SourceFile[], site: SourceFile): DefinitionIndex {
  const result = base.validator.validate(files, site);
  const routes = result.definitions.flatMap((definition) => definition.routes.map((route) => ({ route, definition })));
  const routeObjects = routes.map((r, i) => ({ path: r.route, id: String(i) }));
  return {
    validator: base.validator,
    definitions: result.definitions,
    notFound: result.definitions.find((d) => d.notFound),
    site: result.site ?? base.site,
    contract: base.contract,
    issues: result.issues,
    files: files.map((f) => f.file),
    match(pathname) {
      const matches = matchRoutes(routeObjects, pathname);
      const found = matches?.[matches.length - 1];
      return found ? { definition: routes[Number(found.route.id)].definition, params: found.params } : undefined;
    },
  };
}
