/**
 * A fault-injecting content service for tests: a proxy in front of the reference service
 * (tools/content-service/server.ts) that answers each content read as the reference does, or with
 * the fault set at the time — headers then silence, a dripped body, a reset connection, a redirect,
 * HTML, 8 MB, 100,000-deep JSON, `null` — or with one field of the reference answer replaced by a
 * value of the wrong type (`mutate`). `bindingTargets` lists every content field a definition (or
 * site.config.json's footer) binds, to generate those mutations from.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { bindingPaths, isBinding, isPlainObject, visitBinding, type BindingNode } from '../../src/engine/bindings.ts';
import { withBrand } from '../../src/engine/brand.ts';
import { tokenize } from '../../src/engine/placeholders.ts';
import type { PageDefinition } from '../../src/engine/validate/types.ts';
import type { SourceSpec } from '../../src/generated/page-definition.ts';

/** Faults of the transport or of the whole answer. */
export const FAULT_KINDS = ['stall', 'drip', 'reset', 'redirect', 'html', 'huge', 'deep', 'null'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/**
 * The reference answer with `field` (keys; numbers index lists) set to `value`, for reads whose
 * path matches `only`; `applied` counts the answers that had the field.
 */
export interface Mutation {
  kind: 'mutate';
  only: RegExp;
  field: string[];
  value: unknown;
  applied?: number;
}

export type Fault = { kind: FaultKind; only?: RegExp } | Mutation;

export interface FaultService {
  url: string;
  /**
   * The faults for the reads from now on (none: the reference's answers). A read gets the first
   * that matches it, or when that is a mutation, every mutation that matches it.
   */
  set(...faults: Fault[]): void;
  /** Paths (with query) read since the start, in order. */
  reads: string[];
  close(): Promise<void>;
}

/** A JSON answer 8 MB long, announced as such (the client refuses it before reading it). */
const HUGE = Buffer.from(JSON.stringify({ page_data: { name: 'x'.repeat(8 * 1024 * 1024) } }));
const DEEP = Buffer.from(`{"page_data":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);

function setField(answer: unknown, field: string[], value: unknown): boolean {
  let at = answer;
  for (const key of field.slice(0, -1)) {
    if (!isPlainObject(at) && !Array.isArray(at)) return false;
    at = (at as Record<string, unknown>)[key];
  }
  const last = field.at(-1)!;
  if ((!isPlainObject(at) && !Array.isArray(at)) || !Object.hasOwn(at, last)) return false;
  (at as Record<string, unknown>)[last] = value;
  return true;
}

export async function startFaultService(referenceUrl: string): Promise<FaultService> {
  let faults: Fault[] = [];
  const open = new Set<http.ServerResponse>();
  const service: FaultService = {
    url: '',
    set: (...next) => {
      faults = next;
    },
    reads: [],
    close: async () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };

  async function reference(req: http.IncomingMessage): Promise<{ status: number; type: string; body: Buffer }> {
    const response = await fetch(`${referenceUrl}${req.url}`, { headers: { Authorization: req.headers.authorization ?? '' } });
    return { status: response.status, type: response.headers.get('content-type') ?? '', body: Buffer.from(await response.arrayBuffer()) };
  }

  async function answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    service.reads.push(req.url ?? '/');
    const current = faults.find((fault) => !fault.only || fault.only.test(path));
    const json = (body: Buffer | string): void => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }).end(body);
    };
    switch (current?.kind) {
      case undefined:
      case 'mutate': {
        const { status, type, body } = await reference(req);
        // Every mutation for this read applies (several fields of one answer at once).
        const mutations = faults.filter((fault) => fault.kind === 'mutate' && fault.only.test(path)) as Mutation[];
        if (mutations.length && status === 200) {
          const parsed: unknown = JSON.parse(body.toString('utf8'));
          for (const mutation of mutations) {
            if (setField(parsed, mutation.field, mutation.value)) mutation.applied = (mutation.applied ?? 0) + 1;
          }
          return json(JSON.stringify(parsed));
        }
        res.writeHead(status, { 'Content-Type': type, 'Content-Length': body.length }).end(body);
        return;
      }
      case 'stall':
        res.writeHead(200, { 'Content-Type': 'application/json' }).write('{"page_data":');
        return;
      case 'drip': {
        const { body } = await reference(req);
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length });
        let at = 0;
        const timer = setInterval(() => {
          if (at >= body.length) clearInterval(timer);
          else res.write(body.subarray(at, ++at));
        }, 50);
        res.on('close', () => clearInterval(timer));
        return;
      }
      case 'reset': {
        const { body } = await reference(req);
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length }).write(body.subarray(0, body.length >> 1));
        setTimeout(() => res.socket?.resetAndDestroy(), 10);
        return;
      }
      case 'redirect':
        res.writeHead(302, { Location: `${referenceUrl}${req.url}` }).end();
        return;
      case 'html':
        res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!DOCTYPE html><title>Maintenance</title><p>Back soon.</p>');
        return;
      case 'huge':
        return json(HUGE);
      case 'deep':
        return json(DEEP);
      case 'null':
        return json('null');
    }
  }

  const server = http.createServer((req, res) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    answer(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  service.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return service;
}

/** Where a bound content value is used: a section (its position), the meta, structured data or the footer. */
export type Owner = { section: number } | 'meta' | 'structuredData' | 'footer';

/** A content field some binding reads: in the answer of the reads matching `only`, at `field`. */
export interface BindingTarget {
  /** The definition file ("site.config.json" for the footer). */
  file: string;
  source: string;
  only: RegExp;
  field: string[];
  owners: Owner[];
}

/** The reads of a source path (its {brand} filled in, any value for parameters). */
function readsOf(source: SourceSpec, brand: string): RegExp {
  const pattern = tokenize(withBrand(source.path, brand))
    .map((token) => ('text' in token ? token.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : '[^/]+'))
    .join('');
  return new RegExp(`^${pattern}$`);
}

/**
 * Every content field bound by `definition` (or by site.config.json's footer when `definition` is
 * undefined), with what uses it. A field inside a list ($each) is taken in its first entry.
 */
export function bindingTargets(
  site: { brand: string; footer: unknown; layoutSources: Record<string, SourceSpec>; defaultMeta?: unknown },
  definition?: PageDefinition,
): BindingTarget[] {
  const sources = definition ? definition.sources : site.layoutSources;
  const file = definition ? definition.file : 'site.config.json';
  const found = new Map<string, BindingTarget>();

  type Where = { source: string; field: string[] } | undefined;
  const locate = (path: string, item: Where): Where => {
    const [root, ...rest] = path.split('.');
    if (root === 'item') return item && { source: item.source, field: [...item.field, ...rest] };
    return Object.hasOwn(sources, root) ? { source: root, field: rest } : undefined;
  };
  const add = (where: Where, owner: Owner) => {
    if (!where || where.field.length === 0) return;
    const key = `${where.source}:${where.field.join('.')}`;
    const target = found.get(key) ?? {
      file,
      source: where.source,
      only: readsOf(sources[where.source], site.brand),
      field: where.field,
      owners: [],
    };
    if (!target.owners.some((o) => JSON.stringify(o) === JSON.stringify(owner))) target.owners.push(owner);
    found.set(key, target);
  };
  const walk = (node: unknown, owner: Owner, item: Where): void => {
    if (Array.isArray(node)) return node.forEach((entry) => walk(entry, owner, item));
    if (!isPlainObject(node)) return;
    if (!isBinding(node)) return Object.values(node).forEach((entry) => walk(entry, owner, item));
    const reads = (binding: BindingNode) => bindingPaths(binding).forEach((path) => add(locate(path, item), owner));
    visitBinding<void>(node, {
      $each: (each) => {
        const list = locate(each.$each, item);
        const entry = list && { source: list.source, field: [...list.field, '0'] };
        add(list, owner);
        for (const [path, value] of Object.entries(each.where ?? {})) {
          add(locate(path, entry), owner);
          // A bound where value reads outside the list.
          if (isBinding(value)) walk(value, owner, item);
        }
        walk(each.map, owner, entry);
      },
      $join: (join) => join.$join.forEach((part) => walk(part, owner, item)),
      $switch: (choice) => {
        reads(choice);
        Object.values(choice.cases).forEach((entry) => walk(entry, owner, item));
        walk(choice.default, owner, item);
      },
      $bind: reads,
      $template: reads,
      $count: reads,
    });
  };
  if (!definition) walk(site.footer, 'footer', undefined);
  else {
    definition.sections.forEach((section, position) => walk(section, { section: position }, undefined));
    walk(definition.meta ?? site.defaultMeta, 'meta', undefined);
    walk(definition.structuredData, 'structuredData', undefined);
  }
  return [...found.values()];
}
