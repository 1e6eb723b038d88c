/**
 * Routes of definitions: the parameters a page's bindings may use, and the checks across files
 * (one definition per route, exactly one not-found page).
 */
import { parseTree } from 'jsonc-parser';
import { issueAt, Positions } from './positions.ts';
import type { Issue, PageDefinition } from './types.ts';

/** Parameters every route of the page has (`*` for a splat): only those may be bound. */
export function routeParams(routes: string[]): Set<string> {
  const out = new Set<string>();
  routes.forEach((route, i) => {
    const names = new Set<string>();
    for (const m of route.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)) names.add(m[1]);
    if (route.includes('*')) names.add('*');
    // A binding may use a parameter only if every route of the page has it.
    if (i === 0) names.forEach((n) => out.add(n));
    else [...out].forEach((n) => !names.has(n) && out.delete(n));
  });
  return out;
}

/** A route with parameter names and trailing slashes erased: two routes that match the same URLs compare equal. */
export function normalizeRoute(route: string): string {
  return (
    route
      .replace(/\/+$/, '')
      .replace(/:[A-Za-z_][A-Za-z0-9_]*/g, ':')
      .toLowerCase() || '/'
  );
}

/** The checks across files: each route belongs to one definition, exactly one is the not-found page. */
export function crossFileIssues(definitions: PageDefinition[], files: { file: string; text: string }[]): Issue[] {
  const issues: Issue[] = [];
  // Every file that declares a route another file declares too is told, naming the others: the
  // file just edited (in the page editor, say) sees the clash whatever the files' order.
  const declared = new Map<string, { def: PageDefinition; route: string; index: number }[]>();
  for (const def of definitions) {
    def.routes.forEach((route, index) => {
      const key = normalizeRoute(route);
      declared.set(key, [...(declared.get(key) ?? []), { def, route, index }]);
    });
  }
  for (const owners of declared.values()) {
    if (owners.length < 2) continue;
    for (const { def, route, index } of owners) {
      const others = owners.filter((o) => o.def !== def).map((o) => o.def.file);
      const text = files.find((f) => f.file === def.file)?.text ?? '';
      const pointer = `/route${def.routes.length > 1 ? `/${index}` : ''}`;
      issues.push(
        issueAt(
          def.file,
          new Positions(text, parseTree(text)),
          pointer,
          `route "${route}" is also defined in ${others.join(', ')}: two pages cannot share a route`,
        ),
      );
    }
  }
  const notFound = definitions.filter((d) => d.notFound);
  if (files.length > 0 && notFound.length !== 1) {
    issues.push({
      file: notFound[1]?.file ?? files[0].file,
      line: 1,
      column: 1,
      pointer: '',
      message: `exactly one definition must set "notFound": true (found ${notFound.length})`,
    });
  }
  return issues;
}
