/**
 * Placeholders, read and written in one place. The definition language puts a value into text as
 * `{path}`:
 *   - in a `$template` (/blog/{item.slug}): any path of the page's scope, spaces around it ignored;
 *   - in a source path (/api/blog/{params.slug}, /api/job/{search.id}): a route parameter
 *     (`{params.<name>}`) or a query parameter (`{search.<name>}`), written exactly so;
 *   - `{brand}` (brand.ts): the brand of site.config.json, in routes, source paths and links.
 * The page loader and `resolve` (bindings.ts), the validator, the editor, the new-page planner,
 * the content audit and the fault tests all read and write them here: tests/architecture.test.ts
 * fails on a regular expression for `{…}` anywhere else in src/ or tools/. (The content contract's
 * path templates, /api/blog/{slug}, are its own language: contract-paths.ts matches them.)
 */

/** A placeholder: `{`, anything but braces, `}`. The one regular expression for them. */
const PLACEHOLDER = /\{([^{}]+)\}/g;

/** A piece of a text: literal text, or a placeholder as `written`, its `inner` text and its `path` (trimmed). */
export type Token = { text: string } | { written: string; inner: string; path: string };

/** `text` cut into literal pieces and placeholders, in order (an unpaired brace is literal text). */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (match.index > at) tokens.push({ text: text.slice(at, match.index) });
    tokens.push({ written: match[0], inner: match[1], path: match[1].trim() });
    at = match.index + match[0].length;
  }
  if (at < text.length) tokens.push({ text: text.slice(at) });
  return tokens;
}

/** The paths of the placeholders of `text`, in order (trimmed: `{ item.name }` reads item.name). */
export function placeholderPaths(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1].trim());
}

/** Whether `text` has a placeholder. */
export function hasPlaceholder(text: string): boolean {
  return text.search(PLACEHOLDER) !== -1;
}

/**
 * `text` with each placeholder replaced by what `fill` gives for its path (trimmed; `inner` as
 * written between the braces); a placeholder `fill` gives undefined for stays as written.
 */
export function substitute(text: string, fill: (path: string, inner: string) => string | undefined): string {
  return text.replace(PLACEHOLDER, (written, inner: string) => fill(inner.trim(), inner) ?? written);
}

/** The placeholder of `path`: `{path}`. */
export function placeholder(path: string): string {
  return `{${path}}`;
}

// Source paths: {params.<name>} and {search.<name>}.

/** The roots a source path's placeholder may read: the route's parameters and the query string's. */
export const SOURCE_ROOTS = ['params', 'search'] as const;
export type SourceRoot = (typeof SOURCE_ROOTS)[number];

/**
 * A placeholder of a source path (`{brand}` filled in before, as `withBrand` does): `ref` between
 * the braces as written (params.slug); `root` params or search and `name` all after `root.`
 * (undefined for any other placeholder). `wellFormed`: exactly {params.<name>} or {search.<name>},
 * the name without a dot, the only placeholders a source path may have.
 */
export type SourceParam =
  { ref: string; wellFormed: true; root: SourceRoot; name: string } | { ref: string; wellFormed: false; root?: SourceRoot; name?: string };

const isSourceRoot = (root: string): root is SourceRoot => (SOURCE_ROOTS as readonly string[]).includes(root);

/** What a placeholder's inside reads in a source path (no trimming: a source path has no spaces). */
function sourceParamOf(ref: string): SourceParam {
  const dot = ref.indexOf('.');
  const root = dot === -1 ? ref : ref.slice(0, dot);
  if (!isSourceRoot(root) || dot === -1) return { ref, wellFormed: false };
  const name = ref.slice(dot + 1);
  return name !== '' && !name.includes('.') ? { ref, root, name, wellFormed: true } : { ref, root, name, wellFormed: false };
}

/** The placeholders of a source path, in order. */
export function sourceParams(path: string): SourceParam[] {
  return [...path.matchAll(PLACEHOLDER)].map((match) => sourceParamOf(match[1]));
}

/**
 * A source path with its {params.<name>} and {search.<name>} filled in, each value URL-encoded
 * (a missing one is empty); any other placeholder (and `{params.}`) stays as written.
 */
export function fillSourcePath(path: string, value: (root: SourceRoot, name: string) => string | undefined): string {
  return substitute(path, (_path, inner) => {
    const { root, name } = sourceParamOf(inner);
    return root && name ? encodeURIComponent(value(root, name) ?? '') : undefined;
  });
}

/** The placeholder of a route or query parameter in a source path: {params.slug}, {search.id}. */
export function sourceParam(root: SourceRoot, name: string): string {
  return placeholder(`${root}.${name}`);
}
