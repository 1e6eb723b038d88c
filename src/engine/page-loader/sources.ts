/**
 * A definition's content sources: the path and query each reads (route parameters and query values
 * filled in), and their loading, in parallel, with what failed left out.
 */
import { ContentError } from '../content-client.ts';
import { isBinding, resolve, type Scope } from '../bindings.ts';
import { withBrand } from '../brand.ts';
import { fillSourcePath } from '../placeholders.ts';
import type { SourceSpec } from '../../generated/page-definition.ts';
import type { Run } from './run.ts';

export function sourcePath(source: SourceSpec, brand: string, scope: Scope): string {
  return fillSourcePath(withBrand(source.path, brand), (root, name) => String((scope[root] as Record<string, unknown>)[name] ?? ''));
}

export function sourceQuery(source: SourceSpec, scope: Scope): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(source.query ?? {})) {
    const resolved = isBinding(value) ? resolve(value, scope) : value;
    if (resolved !== undefined && resolved !== null && resolved !== '') query.set(key, String(resolved));
  }
  return query;
}

export interface LoadedSources {
  values: Record<string, unknown>;
  /** Sources that failed and were left out. */
  failed: { name: string; error: ContentError }[];
}

/**
 * Loads sources in parallel. A required source's failure is thrown (its 404 makes the page a 404);
 * any other failure is logged once and the source left out, so the page renders without it.
 */
export async function loadSources(
  run: Run,
  sources: Record<string, SourceSpec>,
  scope: Scope,
  brand: string,
  where: string,
): Promise<LoadedSources> {
  const failed: LoadedSources['failed'] = [];
  const entries = await Promise.all(
    Object.entries(sources).map(async ([name, source]) => {
      try {
        const { data, stale } = await run.read(sourcePath(source, brand, scope), sourceQuery(source, scope));
        if (stale) run.stale = true;
        return [name, data] as const;
      } catch (error) {
        if (!(error instanceof ContentError) || source.required) throw error;
        failed.push({ name, error });
        // A 404 means the service does not offer it (cached briefly, not an outage); anything else
        // is an outage, and a page rendered without it must not be kept as if it were whole.
        if (!error.notFound) run.stale = true;
        run.logOnce(`[content] ${where}: source "${name}" left out: ${error.message}`);
        return [name, undefined] as const;
      }
    }),
  );
  return { values: Object.fromEntries(entries), failed };
}
