/**
 * npm run audit:content -- --base <content service URL> [--json] [--max-per-route N]
 *
 * Reads every source that the page definitions use from a real content service (Basic
 * credential from CONTENT_API_USER / CONTENT_API_PASSWORD) and reports, per page:
 *   - fields a binding expects that are missing or of the wrong type (error when the content
 *     contract requires the field, when the value's type is wrong, or when a prop the block needs
 *     gets no value; warning when an optional field is absent and the block renders without it),
 *   - lists ($each) that are empty (warning),
 *   - in HTML (props the block schema marks "contentMediaType": "text/html"): <img> without alt
 *     and links without text (errors), the same link text for different targets and headings that
 *     skip a level (warnings),
 *   - links (in HTML and bound or literal hrefs) to site paths no definition answers (errors).
 * Routes with parameters (/blog/:slug) are audited for values found in links of the content
 * (up to --max-per-route, default 3); without any, the page is skipped with a notice.
 * Exit status 1 when there is an error; warnings do not fail. --json prints the report as JSON.
 */
import { runMain } from './lib/cli.ts';
import { JSDOM } from 'jsdom';
import { parseArgs } from 'node:util';
import { matchRoutes } from 'react-router';
import { isBlockName } from '../src/blocks/registry.ts';
import { getPath, hasValue, isBinding, isPlainObject, resolve, type BindingNode, type Scope } from '../src/renderer/bindings.ts';
import { blockSchemaId, escapePointer, jsonType, SITE_SCHEMA_ID, type Located } from '../src/renderer/schema-store.ts';
import { DEFAULT_CONTENT_PASSWORD, DEFAULT_CONTENT_USER } from '../src/server/config.ts';
import type { ContentContract as Contract } from '../src/generated/content-contract.ts';
import type { SourceSpec } from '../src/generated/page-definition.ts';
import { routeParams } from '../src/renderer/validate/routes.ts';
import type { PageDefinition } from '../src/renderer/validate/types.ts';
import { createValidator, loadContract, loadDefinitionFiles, loadSiteFile } from './lib/project.ts';
import { matchEndpoint, requiredFields, responseSchema, schemaAt } from './lib/workbench.ts';

export type Severity = 'error' | 'warning';

export interface Finding {
  severity: Severity;
  /** JSON pointer inside the definition file (e.g. /sections/0/heading/$bind/0). */
  pointer: string;
  /** Path of the content value (e.g. page.page_data.name), when the finding is about content. */
  path?: string;
  /** The content-service read the value comes from (e.g. GET /api/page/blog). */
  source?: string;
  message: string;
}

export interface PageReport {
  file: string;
  /** The URL audited (route with discovered parameters); null for the not-found page. */
  url: string | null;
  findings: Finding[];
  /** Why the page was not audited. */
  skipped?: string;
}

export interface AuditReport {
  base: string;
  pages: PageReport[];
  notices: string[];
  requests: number;
  errors: number;
  warnings: number;
  ok: boolean;
}

export interface AuditOptions {
  /** Content service base URL. */
  base: string;
  user?: string;
  password?: string;
  /** Definitions folder (default page-definitions/). */
  definitionsDir?: string;
  /** Parameter values audited per route with parameters (default 3). */
  maxPerRoute?: number;
  timeoutMs?: number;
}

interface Root {
  value: unknown;
  /** Absolute content path of the value, e.g. list.list.data.3 */
  abs: string;
  loc?: Located;
  /** e.g. GET /api/page/blog */
  label: string;
}

interface Lookup {
  status: 'ok' | 'absent' | 'unavailable';
  value?: unknown;
  abs: string;
  loc?: Located;
  label?: string;
  requiredByContract?: boolean;
  reason?: string;
}

interface HtmlLink {
  text: string;
  href: string;
  pointer: string;
  path?: string;
}

interface Fetched {
  ok: boolean;
  status?: number;
  body?: unknown;
  error?: string;
}

const TEXT: Located = { schema: { type: 'string' }, base: 'https://schemas.local/synthetic/audit-text', pointer: '' };

/** Site paths that are files or APIs, not pages. */
const NOT_A_PAGE = /^\/(?:api|uploads|assets|brand)\/|\.[A-Za-z0-9]{2,5}$/;

export async function auditContent(options: AuditOptions): Promise<AuditReport> {
  const base = options.base.replace(/\/+$/, '');
  const credential = `${options.user ?? DEFAULT_CONTENT_USER}:${options.password ?? DEFAULT_CONTENT_PASSWORD}`;
  const maxPerRoute = options.maxPerRoute ?? 3;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const [validator, contract, files, siteFile] = await Promise.all([
    createValidator(),
    loadContract(),
    options.definitionsDir ? loadDefinitionFiles(options.definitionsDir) : loadDefinitionFiles(),
    loadSiteFile(),
  ]);
  const store = validator.store;
  const { definitions, site, issues } = validator.validate(files, siteFile);
  const notices: string[] = [];
  if (issues.length)
    notices.push(`${issues.length} definition problem(s): run npm run validate (sections that fail validation are not audited)`);
  const siteValue = (site ?? {}) as Record<string, unknown>;
  const brand = String(siteValue.brand ?? 'brand');

  const routeObjects = definitions.flatMap((definition, d) => definition.routes.map((path, r) => ({ path, id: `${d}:${r}` })));
  const answers = (pathname: string) => {
    const matches = matchRoutes(routeObjects, pathname);
    const found = matches?.[matches.length - 1];
    if (!found) return undefined;
    const [d, r] = found.route.id!.split(':').map(Number);
    return { definition: definitions[d], route: definitions[d].routes[r], params: found.params as Record<string, string> };
  };

  // Every read once, however many pages use it.
  const cache = new Map<string, Promise<Fetched>>();
  const get = (path: string, query: URLSearchParams): Promise<Fetched> => {
    const url = `${base}${path}${query.size ? `?${query}` : ''}`;
    let pending = cache.get(url);
    if (!pending) {
      pending = (async () => {
        try {
          const response = await fetch(url, {
            headers: { Authorization: `Basic ${Buffer.from(credential).toString('base64')}`, Accept: 'application/json' },
            signal: AbortSignal.timeout(timeoutMs),
          });
          if (!response.ok) {
            await response.body?.cancel();
            return { ok: false, status: response.status, error: `answered ${response.status}` };
          }
          try {
            return { ok: true, status: response.status, body: (await response.json()) as unknown };
          } catch {
            return { ok: false, status: response.status, error: 'sent invalid JSON' };
          }
        } catch (error) {
          return {
            ok: false,
            error:
              (error as Error).name === 'TimeoutError'
                ? `did not answer within ${timeoutMs} ms`
                : `unreachable (${(error as Error).message})`,
          };
        }
      })();
      cache.set(url, pending);
    }
    return pending;
  };

  const linked = new Map<string, string>(); // site path → first page linking to it
  const pages: PageReport[] = [];

  async function auditPage(
    definition: PageDefinition,
    url: string | null,
    params: Record<string, string>,
    search: Record<string, string> = {},
  ): Promise<PageReport> {
    const findings: Finding[] = [];
    const htmlLinks: HtmlLink[] = [];
    const report = (finding: Finding) => findings.push(finding);
    const baseScope: Scope = { params, search, site: siteValue };
    const roots = new Map<string, Root>([
      ['params', { value: params, abs: 'params', label: 'the route parameters' }],
      [
        'search',
        { value: search, abs: 'search', label: Object.keys(search).length ? 'the query string' : 'the query string (audited without one)' },
      ],
      ['site', { value: siteValue, abs: 'site', loc: store.root(SITE_SCHEMA_ID), label: 'site.config.json' }],
    ]);

    const load = async (name: string, source: SourceSpec, pointer: string, optional: boolean) => {
      const path = source.path
        .replaceAll('{brand}', brand)
        .replace(/\{(params|search)\.([^{}]+)\}/g, (_m, root: string, key: string) =>
          encodeURIComponent(String((baseScope[root] as Record<string, string>)[key] ?? '')),
        );
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(source.query ?? {})) {
        const resolved = isBinding(value) ? resolve(value, baseScope) : value;
        if (hasValue(resolved)) query.set(key, String(resolved));
      }
      const label = `GET ${path}${query.size ? `?${query}` : ''}`;
      const endpoint = matchEndpoint(contract as Contract, path);
      const result = await get(path, query);
      if (!result.ok) {
        const notFound = result.status === 404 && url && path !== source.path;
        report({
          severity: optional ? 'warning' : 'error',
          pointer,
          source: label,
          message: notFound
            ? `${label} answered 404, so ${url} shows the not-found page${linked.get(url) ? ` (linked from ${linked.get(url)})` : ''}`
            : `${label} ${result.error}${optional ? ' (optional: the page renders without it)' : ''}`,
        });
        return;
      }
      roots.set(name, { value: result.body, abs: name, loc: endpoint ? responseSchema(store, endpoint) : undefined, label });
    };

    const layoutSources = definition.layout === 'standalone' ? {} : ((siteValue.layoutSources ?? {}) as Record<string, SourceSpec>);
    await Promise.all([
      ...Object.entries(layoutSources).map(([name, source]) =>
        load(name, source, `(site.config.json /layoutSources/${escapePointer(name)})`, true),
      ),
      ...Object.entries(definition.sources).map(([name, source]) =>
        load(name, source, `/sources/${escapePointer(name)}`, source.required !== true),
      ),
    ]);

    // ---- walking the definition against the content --------------------------------------
    const lookup = (path: string, scope: Map<string, Root>): Lookup => {
      const [rootName, ...rest] = path.split('.');
      const root = scope.get(rootName);
      if (!root) return { status: 'unavailable', abs: path };
      let value = root.value;
      let loc = root.loc;
      let abs = root.abs;
      for (const segment of rest) {
        const step = loc ? schemaAt(store, loc, [segment]) : undefined;
        let next: unknown;
        let present = false;
        if (Array.isArray(value) && /^\d+$/.test(segment)) {
          present = Number(segment) < value.length;
          next = value[Number(segment)];
        } else if (isPlainObject(value) && Object.hasOwn(value, segment)) {
          present = true;
          next = value[segment];
        }
        if (!present) {
          const reason =
            value === null || value === undefined
              ? `${abs} is ${value === null ? 'null' : 'missing'}`
              : Array.isArray(value) && /^\d+$/.test(segment)
                ? `${abs} has ${value.length} entr${value.length === 1 ? 'y' : 'ies'}, no entry ${segment}`
                : `${root.label} has no "${segment}"${abs === root.abs ? '' : ` in ${abs}`}`;
          return {
            status: 'absent',
            abs: `${abs}.${segment}`,
            label: root.label,
            requiredByContract: Boolean(step?.required) && isPlainObject(value),
            reason,
          };
        }
        value = next;
        loc = step?.loc;
        abs = `${abs}.${segment}`;
      }
      return { status: 'ok', value, abs, loc, label: root.label };
    };

    const plainScope = (scope: Map<string, Root>): Scope => Object.fromEntries([...scope].map(([k, r]) => [k, r.value]));

    const fits = (value: unknown, types: Set<string>, textual: boolean) => {
      if (!types.size || value === null) return true;
      const actual = jsonType(value);
      if (types.has(actual) || (actual === 'integer' && types.has('number'))) return true;
      return textual && types.has('string') && (actual === 'number' || actual === 'integer' || actual === 'boolean');
    };

    /** Reports absent / wrong-typed content of one looked-up path; returns whether it has a value. */
    const checkLookup = (found: Lookup, pointer: string, expected: Located | undefined): boolean => {
      if (found.status === 'unavailable') return false;
      if (found.status === 'absent') {
        if (found.requiredByContract) {
          report({
            severity: 'error',
            pointer,
            path: found.abs,
            source: found.label,
            message: `missing: ${found.reason}, though the content contract requires it`,
          });
        }
        return false;
      }
      if (found.loc && found.value !== null && !fits(found.value, store.types(found.loc), false)) {
        report({
          severity: 'error',
          pointer,
          path: found.abs,
          source: found.label,
          message: `wrong type: the content contract says ${[...store.types(found.loc)].join(' or ')}, the content has ${jsonType(found.value)}`,
        });
        return false;
      }
      if (expected && found.value !== null && !fits(found.value, store.types(expected), true)) {
        report({
          severity: 'error',
          pointer,
          path: found.abs,
          source: found.label,
          message: `wrong type: this prop must be ${[...store.types(expected)].join(' or ')}, the content has ${jsonType(found.value)}`,
        });
        return false;
      }
      return hasValue(found.value);
    };

    const noValue = (pointer: string, required: boolean, absent: Lookup[], what: string) => {
      const first = absent.find((a) => !a.requiredByContract);
      if (required) {
        report({
          severity: 'error',
          pointer,
          path: first?.abs,
          source: first?.label,
          message: `no value for ${what}, which the block needs${first ? ` (${first.reason})` : ''}`,
        });
      } else if (first) {
        report({
          severity: 'warning',
          pointer,
          path: first.abs,
          source: first.label,
          message: `missing: ${first.reason}; the block renders without ${what}`,
        });
      }
    };

    const propName = (pointer: string) =>
      pointer
        .split('/')
        .filter((s) => !s.startsWith('$') && s !== 'map' && !/^\d+$/.test(s))
        .pop() ?? 'this prop';

    /** Checks a value that reaches the block: HTML, links, nested objects and lists. */
    const inspect = (
      value: unknown,
      expected: Located | undefined,
      pointer: string,
      path: string | undefined,
      source: string | undefined,
    ) => {
      if (!expected || value === undefined || value === null) return;
      const s = store.deref(expected);
      if (typeof value === 'string') {
        if (s.schema.contentMediaType === 'text/html') auditHtml(value, pointer, path, source);
        else if (s.pointer.endsWith('/$defs/href') || /\/href$/.test(pointer.replace(/\/\$[a-z]+(?:\/\d+)?$/, '')))
          checkLink(value, pointer, path, source);
        return;
      }
      if (Array.isArray(value)) {
        const items = store.items(s);
        value.forEach((entry, i) => inspect(entry, items, `${pointer}/${i}`, path ? `${path}.${i}` : undefined, source));
        return;
      }
      if (isPlainObject(value)) {
        const fields = store.fields(s);
        const additional = store.additional(s);
        for (const [key, entry] of Object.entries(value)) {
          inspect(entry, fields.get(key) ?? additional, `${pointer}/${escapePointer(key)}`, path ? `${path}.${key}` : undefined, source);
        }
      }
    };

    const checkLink = (href: string, pointer: string, path: string | undefined, source: string | undefined) => {
      if (!href.startsWith('/') || href.startsWith('//')) return;
      const pathname = href.split(/[?#]/)[0] || '/';
      if (NOT_A_PAGE.test(pathname)) return;
      const from = `${definition.file}${url ? ` (${url})` : ''}`;
      if (!linked.has(pathname)) linked.set(pathname, from);
      const withQuery = href.split('#')[0];
      if (withQuery.includes('?') && !linked.has(withQuery)) linked.set(withQuery, from);
      if (!answers(pathname)) {
        report({
          severity: 'error',
          pointer,
          path,
          source,
          message: `links to ${pathname}, which no page definition answers (visitors get the not-found page)`,
        });
      }
    };

    const auditHtml = (html: string, pointer: string, path: string | undefined, source: string | undefined) => {
      const fragment = JSDOM.fragment(html);
      for (const img of fragment.querySelectorAll('img')) {
        if (!img.hasAttribute('alt')) {
          report({
            severity: 'error',
            pointer,
            path,
            source,
            message: `<img src="${img.getAttribute('src') ?? ''}"> has no alt text (use alt="" only for decoration)`,
          });
        }
      }
      for (const a of fragment.querySelectorAll('a[href]')) {
        const href = a.getAttribute('href') ?? '';
        const text = (
          a.textContent?.trim() ||
          a.getAttribute('aria-label')?.trim() ||
          [...a.querySelectorAll('img[alt]')]
            .map((i) => i.getAttribute('alt')?.trim())
            .join(' ')
            .trim() ||
          a.getAttribute('title')?.trim() ||
          ''
        ).replace(/\s+/g, ' ');
        if (!text) report({ severity: 'error', pointer, path, source, message: `the link to ${href} has no text` });
        else htmlLinks.push({ text, href, pointer, path });
        checkLink(href, pointer, path, source);
      }
      let previous: number | undefined;
      for (const heading of fragment.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
        const level = Number(heading.tagName[1]);
        if (previous !== undefined && level > previous + 1) {
          const text = heading.textContent?.trim().replace(/\s+/g, ' ').slice(0, 60) ?? '';
          report({
            severity: 'warning',
            pointer,
            path,
            source,
            message: `heading <h${level}> "${text}" follows an <h${previous}>: it skips a level`,
          });
        }
        previous = level;
      }
    };

    /** Walks definition values against the block schema; returns the resolved value. */
    const walk = (node: unknown, expected: Located | undefined, pointer: string, scope: Map<string, Root>, required: boolean): unknown => {
      const exp = expected ? store.deref(expected) : undefined;
      if (isBinding(node)) return binding(node, exp, pointer, scope, required);
      if (Array.isArray(node)) {
        const items = exp ? store.items(exp) : undefined;
        return node.map((entry, i) => walk(entry, items, `${pointer}/${i}`, scope, false));
      }
      if (isPlainObject(node)) {
        const fields = exp ? store.fields(exp) : new Map<string, Located>();
        const additional = exp ? store.additional(exp) : undefined;
        const needed = exp ? requiredFields(store, exp) : new Set<string>();
        const out: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(node))
          out[key] = walk(value, fields.get(key) ?? additional, `${pointer}/${escapePointer(key)}`, scope, needed.has(key));
        return out;
      }
      inspect(node, exp, pointer, undefined, undefined);
      return node;
    };

    const binding = (
      node: BindingNode,
      exp: Located | undefined,
      pointer: string,
      scope: Map<string, Root>,
      required: boolean,
    ): unknown => {
      if ('$each' in node) {
        const found = lookup(node.$each, scope);
        if (found.status !== 'ok') {
          if (found.status === 'absent') {
            if (found.requiredByContract) checkLookup(found, `${pointer}/$each`, undefined);
            else noValue(`${pointer}/$each`, required, [found], `the list ${propName(pointer)}`);
          }
          return [];
        }
        if (found.value === null || found.value === undefined) return [];
        if (!Array.isArray(found.value)) {
          report({
            severity: 'error',
            pointer: `${pointer}/$each`,
            path: found.abs,
            source: found.label,
            message: `wrong type: $each needs a list, the content has ${jsonType(found.value)}`,
          });
          return [];
        }
        if (found.value.length === 0) {
          report({
            severity: 'warning',
            pointer: `${pointer}/$each`,
            path: found.abs,
            source: found.label,
            message: 'the list is empty: the block shows no entries',
          });
          return [];
        }
        const items = exp ? store.items(exp) : undefined;
        const itemLoc = found.loc ? store.items(found.loc) : undefined;
        const plain = plainScope(scope);
        let entries = found.value.map((item, index) => ({ item, index }));
        if (node.where)
          entries = entries.filter(({ item }) => Object.entries(node.where!).every(([p, v]) => getPath({ ...plain, item }, p) === v));
        const start = node.offset ?? 0;
        entries = entries.slice(start, node.limit === undefined ? undefined : start + node.limit);
        if (entries.length === 0) {
          report({
            severity: 'warning',
            pointer: `${pointer}/$each`,
            path: found.abs,
            source: found.label,
            message: `no entry of the list (${found.value.length}) is left after where/offset/limit: the block shows none`,
          });
        }
        return entries.map(({ item, index }) => {
          const inner = new Map(scope);
          inner.set('item', { value: item, abs: `${found.abs}.${index}`, loc: itemLoc, label: found.label ?? '' });
          return walk(node.map, items, `${pointer}/map`, inner, false);
        });
      }
      if ('$switch' in node) {
        const found = lookup(node.$switch, scope);
        checkLookup(found, `${pointer}/$switch`, undefined);
        const key = found.status === 'ok' && hasValue(found.value) ? String(found.value) : undefined;
        if (key !== undefined && Object.hasOwn(node.cases, key))
          return walk(node.cases[key], exp, `${pointer}/cases/${escapePointer(key)}`, scope, required);
        if (node.default !== undefined) return walk(node.default, exp, `${pointer}/default`, scope, required);
        if (required)
          report({
            severity: 'error',
            pointer: `${pointer}/$switch`,
            path: found.abs,
            source: found.label,
            message: `no case for ${JSON.stringify(found.value ?? null)} and no default: no value for ${propName(pointer)}, which the block needs`,
          });
        return undefined;
      }
      if ('$template' in node) {
        const absent: Lookup[] = [];
        for (const match of node.$template.matchAll(/\{([^{}]+)\}/g)) {
          const found = lookup(match[1].trim(), scope);
          if (found.status === 'absent') absent.push(found);
          checkLookup(found, `${pointer}/$template`, TEXT);
        }
        const value = resolve(node, plainScope(scope));
        if (value === undefined) noValue(`${pointer}/$template`, required, absent, propName(pointer));
        else inspect(value, exp, pointer, undefined, undefined);
        return value;
      }
      if ('$count' in node) {
        const found = lookup(node.$count, scope);
        checkLookup(found, `${pointer}/$count`, undefined);
        return resolve(node, plainScope(scope));
      }
      // $bind
      const paths = Array.isArray(node.$bind) ? node.$bind : [node.$bind];
      const absent: Lookup[] = [];
      let winner: Lookup | undefined;
      paths.forEach((path, i) => {
        const found = lookup(path, scope);
        const where = `${pointer}/$bind${Array.isArray(node.$bind) ? `/${i}` : ''}`;
        if (found.status === 'absent') absent.push({ ...found, reason: found.reason });
        if (checkLookup(found, where, exp) && !winner) winner = { ...found, abs: found.abs, label: found.label };
        if (found.status === 'unavailable' && !winner) winner = { status: 'unavailable', abs: path };
      });
      if (winner?.status === 'unavailable') return undefined;
      if (winner) {
        inspect(winner.value, exp, pointer, winner.abs, winner.label);
        return winner.value;
      }
      if (node.default !== undefined) {
        inspect(node.default, exp, `${pointer}/default`, undefined, undefined);
        return node.default;
      }
      noValue(`${pointer}/$bind`, required, absent, propName(pointer));
      return undefined;
    };

    // Meta: as written, or the implied page.page_data.* bindings.
    const meta =
      definition.meta ??
      (definition.notFound || !definition.sources.page
        ? {}
        : {
            title: { $bind: 'page.page_data.page_title' },
            keywords: { $bind: 'page.page_data.meta_keywords' },
            description: { $bind: 'page.page_data.meta_description' },
          });
    for (const [key, value] of Object.entries(meta)) walk(value, TEXT, `/meta/${key}`, roots, key === 'title');

    definition.sections.forEach((section, index) => {
      if (definition.invalidSections.has(index) || !isBlockName(section.block)) return;
      const { block, id: _id, ...props } = section;
      const schema = store.root(blockSchemaId(block));
      const needed = requiredFields(store, schema);
      const fields = store.fields(schema);
      for (const [key, value] of Object.entries(props))
        walk(value, fields.get(key), `/sections/${index}/${escapePointer(key)}`, roots, needed.has(key));
    });

    // The same link text for different targets (in HTML) confuses screen-reader users.
    const byText = new Map<string, HtmlLink[]>();
    for (const l of htmlLinks) byText.set(l.text.toLowerCase(), [...(byText.get(l.text.toLowerCase()) ?? []), l]);
    for (const [, group] of byText) {
      const targets = [...new Set(group.map((l) => l.href))];
      if (targets.length > 1) {
        report({
          severity: 'warning',
          pointer: group[0].pointer,
          path: group[0].path,
          message: `link text "${group[0].text}" is used for ${targets.length} different targets (${targets.slice(0, 4).join(', ')}): say where each link goes`,
        });
      }
    }
    return { file: definition.file, url, findings: collapse(findings) };
  }

  // Pages without route parameters (and the not-found page) first; their links tell which
  // values the parameterised routes take.
  // Pages whose sources need query-string values ({search.id}) wait for links that carry them.
  const searchNeeds = (definition: PageDefinition) =>
    Object.values(definition.sources).flatMap((source) => [...source.path.matchAll(/\{search\.([^{}]+)\}/g)].map((m) => m[1]));
  const done = new Set<string>();
  const deferred: { definition: PageDefinition; route: string; needs: string[] }[] = [];
  for (const definition of definitions) {
    if (definition.notFound) {
      pages.push(await auditPage(definition, null, {}));
      continue;
    }
    const plain = definition.routes.find((r) => routeParams([r]).size === 0);
    if (!plain) continue;
    done.add(plain.toLowerCase());
    const needs = searchNeeds(definition);
    if (needs.length) deferred.push({ definition, route: plain, needs });
    else pages.push(await auditPage(definition, plain, {}));
  }
  for (const { definition, route, needs } of deferred) {
    const href = [...linked.keys()].find((h) => {
      const [pathname, query = ''] = h.split('?');
      const search = new URLSearchParams(query);
      return answers(pathname)?.definition === definition && needs.every((n) => search.get(n));
    });
    if (href) pages.push(await auditPage(definition, href, {}, Object.fromEntries(new URLSearchParams(href.split('?')[1]))));
    else {
      notices.push(
        `${definition.file}: no link in the content gives ${needs.map((n) => `?${n}=`).join(', ')}; audited without a query string`,
      );
      pages.push(await auditPage(definition, route, {}));
    }
  }
  const parameterised = definitions.filter((d) => !d.notFound && d.routes.length && d.routes.every((r) => routeParams([r]).size > 0));
  const audited = new Map<PageDefinition, number>();
  for (let wave = 0; wave < 3; wave++) {
    let added = 0;
    for (const definition of parameterised) {
      for (const pathname of [...linked.keys()].filter((h) => !h.includes('?'))) {
        if ((audited.get(definition) ?? 0) >= maxPerRoute) break;
        if (done.has(pathname.toLowerCase())) continue;
        const found = answers(pathname);
        if (found?.definition !== definition) continue;
        done.add(pathname.toLowerCase());
        audited.set(definition, (audited.get(definition) ?? 0) + 1);
        pages.push(await auditPage(definition, pathname, found.params));
        added++;
      }
    }
    if (!added) break;
  }
  for (const definition of parameterised) {
    if (!audited.has(definition)) {
      const reason = `no link in the content leads to ${definition.routes.join(', ')}, so there is no value for its parameters to audit with`;
      pages.push({ file: definition.file, url: null, findings: [], skipped: reason });
      notices.push(`skipped ${definition.file}: ${reason}`);
    }
  }

  const all = pages.flatMap((p) => p.findings);
  const errors = all.filter((f) => f.severity === 'error').length;
  const warnings = all.length - errors;
  return { base, pages, notices, requests: cache.size, errors, warnings, ok: errors === 0 };
}

/** Findings repeated for every entry of a list become one, naming how many entries have it. */
function collapse(findings: Finding[]): Finding[] {
  const groups = new Map<string, { finding: Finding; entries: string[] }>();
  for (const finding of findings) {
    const norm = (s?: string) => (s ?? '').replace(/\.\d+(?=\.|$|")/g, '.#');
    const key = `${finding.severity}|${finding.pointer}|${norm(finding.path)}|${norm(finding.message)}`;
    const index = /\.(\d+)(?:\.|$)/.exec(finding.path ?? '')?.[1];
    const group = groups.get(key);
    if (group) {
      if (index !== undefined) group.entries.push(index);
    } else groups.set(key, { finding: { ...finding }, entries: index !== undefined ? [index] : [] });
  }
  return [...groups.values()].map(({ finding, entries }) =>
    entries.length > 1
      ? {
          ...finding,
          message: `${finding.message} (in ${entries.length} entries: ${entries.slice(0, 8).join(', ')}${entries.length > 8 ? ', …' : ''})`,
        }
      : finding,
  );
}

export function formatReport(report: AuditReport): string {
  const lines: string[] = [`Content audit of ${report.base}: ${report.pages.length} page(s), ${report.requests} content read(s)`];
  let clean = 0;
  for (const page of report.pages) {
    if (page.skipped) continue;
    if (!page.findings.length) {
      clean++;
      continue;
    }
    lines.push('', `${page.file}  ${page.url ?? '(not-found page)'}`);
    for (const f of page.findings) {
      lines.push(
        `  ${f.severity.padEnd(7)} ${f.pointer}${f.path ? `  ${f.path}` : ''}${f.source && !f.message.includes(f.source) ? `  [${f.source}]` : ''}`,
      );
      lines.push(`          ${f.message}`);
    }
  }
  if (report.notices.length) lines.push('', ...report.notices.map((n) => `note: ${n}`));
  lines.push('', `${clean} page(s) without findings. ${report.errors} error(s), ${report.warnings} warning(s).`);
  return lines.join('\n');
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      base: { type: 'string' },
      json: { type: 'boolean' },
      'max-per-route': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(
      'Usage: npm run audit:content -- --base <content service URL> [--json] [--max-per-route 3]\nCredential: CONTENT_API_USER, CONTENT_API_PASSWORD.',
    );
    return 0;
  }
  const base = values.base ?? process.env.CONTENT_API_BASE;
  if (!base) {
    console.error('audit:content: give the content service with --base <URL> (or CONTENT_API_BASE)');
    return 2;
  }
  if (!process.env.CONTENT_API_USER || !process.env.CONTENT_API_PASSWORD) {
    console.error('note: CONTENT_API_USER / CONTENT_API_PASSWORD not set: using the reference service’s development credential');
  }
  const report = await auditContent({
    base,
    user: process.env.CONTENT_API_USER || undefined,
    password: process.env.CONTENT_API_PASSWORD || undefined,
    maxPerRoute: values['max-per-route'] ? Number(values['max-per-route']) : undefined,
  });
  console.log(values.json ? JSON.stringify(report, null, 2) : formatReport(report));
  return report.ok ? 0 : 1;
}

runMain(import.meta.url, main);
