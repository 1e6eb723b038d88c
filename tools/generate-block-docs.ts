/**
 * npm run docs: writes docs/blocks.md, the block reference, from schemas/blocks/*.schema.json
 * (and the shared types of schemas/common.schema.json), for every block of src/blocks/registry.ts,
 * the assumption table of docs/content-api.md from the "x-assumed" marks of schemas/content/, the
 * settings table of docs/configuration.md and the metrics table of docs/operations.md (from METRICS,
 * src/server/observe/metrics.ts: the one declaration of every metric).
 *   --check   writes nothing; exits 1 when either differs from what the schemas give
 * The output is formatted with Prettier, so `npm run format` leaves it as it is.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runMain } from './lib/cli.ts';
import prettier from 'prettier';
import { blockNames } from '../src/blocks/registry.ts';
import { assumptionOf, blockSchemaId, SCHEMA_BASE, SchemaStore, type JsonSchema, type Located } from '../src/engine/schema-store.ts';
import { endpointAssumption, responseSchemaId } from '../src/engine/contract-paths.ts';
import { environmentVariables } from '../src/server/environment.ts';
import { METRICS } from '../src/server/observe/metrics.ts';
import { loadContract, loadSchemas, projectRoot } from './lib/project.ts';
import { readableEndpoints } from '../src/authoring/workbench.ts';

export const DOCS_FILE = 'docs/blocks.md';
const COMMON_ID = `${SCHEMA_BASE}common.schema.json`;

/** Names for the shared types, shown instead of expanding them. */
const SHARED: Record<string, string> = {
  text: 'text',
  html: 'HTML',
  image: 'image',
  href: 'link target',
  link: 'link',
  heading: 'section heading',
};

interface Row {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

function cell(text: string): string {
  return text
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

function code(value: unknown): string {
  return `\`${JSON.stringify(value)}\``;
}

class Describer {
  constructor(private readonly store: SchemaStore) {}

  /** The shared type a schema refers to (common.schema.json#/$defs/<name>), if any. */
  private shared(loc: Located): string | undefined {
    let current = loc;
    for (let hops = 0; hops < 10; hops++) {
      const at = current.base === COMMON_ID ? /^\/\$defs\/([^/]+)$/.exec(current.pointer)?.[1] : undefined;
      if (at && SHARED[at]) return at;
      if (!current.schema.$ref) return undefined;
      const target = new URL(current.schema.$ref, current.base);
      current = {
        schema: this.store.deref({ schema: { $ref: current.schema.$ref }, base: current.base, pointer: current.pointer }).schema,
        base: target.href.replace(/#.*$/, ''),
        pointer: decodeURIComponent(target.hash.replace(/^#/, '')),
      };
    }
    return undefined;
  }

  /** Fields as written (a property's own description and default, not only its $ref target's). */
  private fields(loc: Located): Map<string, Located> {
    const out = new Map<string, Located>();
    const visit = (l: Located) => {
      const s = this.store.deref(l);
      for (const [name, schema] of Object.entries(s.schema.properties ?? {})) {
        if (!out.has(name))
          out.set(name, { schema, base: s.base, pointer: `${s.pointer}/properties/${name.replace(/~/g, '~0').replace(/\//g, '~1')}` });
      }
      (s.schema.allOf ?? []).forEach((_b, i) => visit(this.store.child(s, 'allOf', i)));
    };
    visit(loc);
    return out;
  }

  type(loc: Located): string {
    const shared = this.shared(loc);
    if (shared) return SHARED[shared];
    const s = this.store.deref(loc).schema;
    if (Array.isArray(s.enum)) return s.enum.map(code).join(' | '); // escaped once, by cell()
    if ('const' in s) return code(s.const);
    if (s.contentMediaType === 'text/html') return 'HTML';
    if (s.format === 'image' || s.format === 'image-path') return 'image';
    const deref = this.store.deref(loc);
    for (const key of ['anyOf', 'oneOf'] as const) {
      if (s[key]?.length) return s[key].map((_b, i) => this.type(this.store.child(deref, key, i))).join(' or ');
    }
    const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : s.properties ? ['object'] : s.items ? ['array'] : [];
    return (
      types
        .map((t) => {
          if (t === 'array') {
            const items = this.rawItems(deref);
            return items ? `list of ${this.type(items)}` : 'list';
          }
          if (t === 'object') {
            if (s.title && s.properties) return `object (${s.title})`;
            const additional = this.store.additional(deref);
            return additional && !s.properties ? `map of ${this.type(additional)}` : 'object';
          }
          return t === 'string' ? 'text' : t;
        })
        .join(' or ') || 'any'
    );
  }

  description(loc: Located): string {
    const own = loc.schema;
    const target = this.store.deref(loc).schema;
    const parts: string[] = [];
    const text = own.description ?? (this.shared(loc) ? undefined : target.description);
    if (text) parts.push(text.trim());
    const s = { ...target, ...own };
    const facts: string[] = [];
    if (s.default !== undefined) facts.push(`default ${code(s.default)}`);
    if (typeof s.minimum === 'number') facts.push(`at least ${s.minimum}`);
    if (typeof s.maximum === 'number') facts.push(`at most ${s.maximum}`);
    if (typeof s.minItems === 'number') facts.push(`at least ${s.minItems} entr${s.minItems === 1 ? 'y' : 'ies'}`);
    if (typeof s.maxItems === 'number') facts.push(`at most ${s.maxItems} entries`);
    if (typeof s.minLength === 'number') facts.push(`at least ${s.minLength} characters`);
    if (typeof s.maxLength === 'number') facts.push(`at most ${s.maxLength} characters`);
    if (typeof s.pattern === 'string') facts.push(`matches \`${s.pattern}\``);
    if (typeof s['x-iframe-src'] === 'string') facts.push(`iframes only from \`${s['x-iframe-src']}\``);
    if (facts.length) parts.push(`(${facts.join('; ')})`);
    return parts.join(' ');
  }

  private rawItems(loc: Located): Located | undefined {
    const s = this.store.deref(loc);
    const items = s.schema.items;
    return items && !Array.isArray(items) ? { schema: items, base: s.base, pointer: `${s.pointer}/items` } : this.store.items(s);
  }

  /** Rows for the fields of an object schema; nested objects and lists of objects are flattened. */
  rows(loc: Located, prefix: string, depth = 0): Row[] {
    const deref = this.store.deref(loc);
    const required = new Set(deref.schema.required ?? []);
    const out: Row[] = [];
    for (const [name, field] of this.fields(deref)) {
      const full = `${prefix}${name}`;
      out.push({ name: full, type: this.type(field), required: required.has(name), description: this.description(field) });
      if (this.shared(field) || depth > 4) continue;
      const f = this.store.deref(field);
      if (this.fields(f).size) out.push(...this.rows(f, `${full}.`, depth + 1));
      const items = this.store.types(f).has('array') ? this.rawItems(f) : undefined;
      if (items && !this.shared(items) && this.fields(items).size) out.push(...this.rows(items, `${full}[].`, depth + 1));
    }
    return out;
  }
}

function table(rows: Row[]): string {
  if (!rows.length) return '_No props._\n';
  return [
    '| prop | type | required | description |',
    '| --- | --- | --- | --- |',
    ...rows.map((r) => `| \`${r.name}\` | ${cell(r.type)} | ${r.required ? 'yes' : ''} | ${cell(r.description)} |`),
  ].join('\n');
}

export async function generateBlockDocs(schemas?: JsonSchema[]): Promise<string> {
  const store = new SchemaStore(schemas ?? (await loadSchemas()));
  const describe = new Describer(store);
  const common = store.root(COMMON_ID);
  const lines: string[] = [
    '<!-- Generated by tools/generate-block-docs.ts from schemas/blocks/*.schema.json. Do not edit: run `npm run docs`. -->',
    '',
    '# Block reference',
    '',
    'Every block a page definition can use (`"block": "<name>"` in `sections`, see [definitions.md](definitions.md)), with its props as',
    '`schemas/blocks/<name>.schema.json` defines them. Any prop may be a literal or a binding (`$bind`, `$template`, `$each`,',
    '`$switch`). HTML props are always sanitized; relative image paths get the image base prefix. To see every block rendered from',
    'its fixture, with a definition snippet to copy, run `npm run dev` and open `/__catalog`.',
    '',
    ...blockNames.map(
      (name) => `- [\`${name}\`](#${name}): ${(store.get(blockSchemaId(name))?.description ?? '').split(/(?<=\.)\s(?=[A-Z])/)[0]}`,
    ),
    '',
  ];
  for (const name of blockNames) {
    const loc = store.root(blockSchemaId(name));
    lines.push(
      `## ${name}`,
      '',
      loc.schema.description?.trim() ?? '',
      '',
      `Schema: [\`schemas/blocks/${name}.schema.json\`](../schemas/blocks/${name}.schema.json)`,
      '',
    );
    lines.push(table(describe.rows(loc, '')), '');
  }
  lines.push('## Shared types', '', 'From [`schemas/common.schema.json`](../schemas/common.schema.json), used by many blocks.', '');
  lines.push('| type | is | description |', '| --- | --- | --- |');
  for (const [key, label] of Object.entries(SHARED)) {
    const def = common.schema.$defs as Record<string, JsonSchema> | undefined;
    if (!def?.[key]) continue;
    const loc = store.child(common, '$defs', key);
    const fields = [...store.fields(loc).keys()];
    const raw = loc.schema;
    const extra = raw.contentMediaType ?? (raw.format ? `format ${raw.format}` : undefined);
    const is = fields.length ? `object \`{ ${fields.join(', ')} }\`` : `${String(raw.type ?? 'any')}${extra ? ` (${extra})` : ''}`;
    lines.push(`| ${label} | ${is} | ${cell(loc.schema.description ?? '')} |`);
  }
  lines.push('');
  const config = (await prettier.resolveConfig(path.join(projectRoot, DOCS_FILE))) ?? {};
  return prettier.format(lines.join('\n'), { ...config, parser: 'markdown' });
}

const CONTENT_API_FILE = 'docs/content-api.md';
const START = '<!-- assumptions:start (generated by npm run docs from the x-assumed marks; do not edit) -->';
const END = '<!-- assumptions:end -->';

/** Every endpoint and field the contract marks "x-assumed" (fields inside an assumed one are implied). */
async function assumptionRows(schemas?: JsonSchema[]): Promise<{ read: string; field: string; reason: string }[]> {
  const store = new SchemaStore(schemas ?? (await loadSchemas()));
  const rows: { read: string; field: string; reason: string }[] = [];
  for (const endpoint of readableEndpoints(await loadContract())) {
    const read = `GET ${endpoint.path}`;
    // "GET <path>: <why>"
    const assumed = endpointAssumption(endpoint);
    if (assumed) {
      rows.push({ read, field: '(the whole endpoint)', reason: assumed.slice(`${read}: `.length) });
      continue;
    }
    const seen = new Set<string>();
    const walk = (loc: Located, field: string) => {
      const key = `${loc.base}#${loc.pointer}`;
      if (seen.has(key)) return;
      seen.add(key);
      const items = store.items(loc);
      if (items) walk(items, `${field}[]`);
      for (const [name, child] of store.fields(loc)) {
        const path = field ? `${field}.${name}` : name;
        const mark = assumptionOf(child.schema);
        if (mark) rows.push({ read, field: path, reason: mark });
        if (typeof child.schema['x-assumed'] !== 'string') walk(child, path);
      }
    };
    walk(store.root(responseSchemaId(endpoint)), '');
  }
  return rows;
}

/** `markdown` with the part between `start` and `end` replaced by `body` (appended when missing), formatted. */
async function withGeneratedPart(file: string, markdown: string, start: string, end: string, body: string[]): Promise<string> {
  const part = [start, '', ...body, '', end].join('\n');
  const from = markdown.indexOf(start);
  const to = markdown.indexOf(end);
  const next = from >= 0 && to > from ? `${markdown.slice(0, from)}${part}${markdown.slice(to + end.length)}` : `${markdown}\n${part}\n`;
  const config = (await prettier.resolveConfig(path.join(projectRoot, file))) ?? {};
  return prettier.format(next, { ...config, parser: 'markdown' });
}

async function assumptionTable(schemas?: JsonSchema[]): Promise<string[]> {
  const rows = await assumptionRows(schemas);
  return [
    '| Read | Field | Why the site reads it, and what it does without it |',
    '| --- | --- | --- |',
    ...rows.map((r) => `| \`${r.read}\` | \`${r.field}\` | ${cell(r.reason)} |`),
  ];
}

/** docs/configuration.md's table of settings, from schemas/environment.schema.json (the server validates against it at start). */
function environmentTable(): string[] {
  const shown = (value: unknown) => (value === undefined ? 'unset' : `\`${String(value)}\``);
  return [
    '| variable | default | read by | meaning |',
    '| --- | --- | --- | --- |',
    ...environmentVariables().map(
      ({ name, schema }) =>
        `| \`${name}\` | ${shown(schema.default)} | ${schema['x-scope'] === 'site' ? 'site' : 'tools, tests'} | ${cell(schema.description ?? '')} |`,
    ),
  ];
}

/** docs/operations.md's table of metrics, from METRICS (the registry is made from the same table). */
export function metricsTable(): string[] {
  const seconds = (name: string) => name.endsWith('_seconds');
  return [
    '| metric | type | labels | meaning |',
    '| --- | --- | --- | --- |',
    ...Object.entries(METRICS).map(([name, spec]) => {
      const labels = spec.labels.map((label) => `\`${label}\``).join(', ') || '–';
      const buckets =
        'buckets' in spec
          ? ` Series \`${name}_bucket\` (bounds ${spec.buckets.join(', ')}${seconds(name) ? ' s' : ''}), \`_sum\`, \`_count\`.`
          : '';
      return `| \`${name}\` | ${spec.kind} | ${labels} | ${cell(spec.help)}${buckets} |`;
    }),
  ];
}

const GENERATED_PARTS = [
  {
    file: CONTENT_API_FILE,
    start: START,
    end: END,
    body: assumptionTable,
    stale: 'an x-assumed mark changed',
  },
  {
    file: 'docs/configuration.md',
    start: '<!-- environment:start (generated by npm run docs from schemas/environment.schema.json; do not edit) -->',
    end: '<!-- environment:end -->',
    body: async () => environmentTable(),
    stale: 'schemas/environment.schema.json changed',
  },
  {
    file: 'docs/operations.md',
    start: '<!-- metrics:start (generated by npm run docs from METRICS in src/server/observe/metrics.ts; do not edit) -->',
    end: '<!-- metrics:end -->',
    body: async () => metricsTable(),
    stale: 'the METRICS table of src/server/observe/metrics.ts changed',
  },
];

/**
 * `.env.example`: every setting the server reads, with its default commented out, for a process
 * manager or `docker run --env-file` (nothing in the project loads .env files by itself).
 */
export function envExample(): string {
  const lines = [
    '# Every setting the site server reads (generated by npm run docs from schemas/environment.schema.json; do not edit).',
    '# Nothing here loads this file: copy what you need into your environment (process manager, --env-file).',
    '# Settings only tools and tests read are in docs/configuration.md.',
  ];
  for (const { name, schema } of environmentVariables()) {
    if (schema['x-scope'] !== 'site') continue;
    const description = (schema.description ?? '').replace(/\s+/g, ' ').trim();
    lines.push('', ...wrap(description, 98).map((line) => `# ${line}`));
    const value = schema['x-secret'] ? '' : schema.default === undefined ? '' : String(schema.default);
    lines.push(`# ${name}=${value}`);
  }
  return `${lines.join('\n')}\n`;
}

function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}

async function envExampleMain(check: boolean): Promise<number> {
  const file = path.join(projectRoot, '.env.example');
  const current = await readFile(file, 'utf8').catch(() => '');
  const generated = envExample();
  if (current === generated) console.log('.env.example is up to date.');
  else if (check) {
    console.error('.env.example is stale: schemas/environment.schema.json changed. Run `npm run docs` and commit the result.');
    return 1;
  } else {
    await writeFile(file, generated);
    console.log('Wrote .env.example.');
  }
  return 0;
}

async function generatedPartsMain(check: boolean): Promise<number> {
  let status = await envExampleMain(check);
  for (const part of GENERATED_PARTS) {
    const file = path.join(projectRoot, part.file);
    const current = await readFile(file, 'utf8');
    const generated = await withGeneratedPart(part.file, current, part.start, part.end, await part.body());
    if (current === generated) console.log(`${part.file}: generated table is up to date.`);
    else if (check) {
      console.error(`${part.file} is stale: ${part.stale}. Run \`npm run docs\` and commit the result.`);
      status = 1;
    } else {
      await writeFile(file, generated);
      console.log(`Wrote the generated table of ${part.file}.`);
    }
  }
  return status;
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { check: { type: 'boolean', default: false } }, allowPositionals: false });
  const parts = await generatedPartsMain(values.check);
  const blocks = await blockDocsMain(values.check);
  return Math.max(parts, blocks);
}

async function blockDocsMain(check: boolean): Promise<number> {
  const generated = await generateBlockDocs();
  const file = path.join(projectRoot, DOCS_FILE);
  const current = await readFile(file, 'utf8').catch(() => '');
  if (check) {
    if (current !== generated) {
      console.error(`${DOCS_FILE} is stale: the block schemas changed. Run \`npm run docs\` and commit the result.`);
      return 1;
    }
    console.log(`${DOCS_FILE} is up to date (${blockNames.length} blocks).`);
    return 0;
  }
  if (current === generated) console.log(`${DOCS_FILE} is up to date (${blockNames.length} blocks).`);
  else {
    await writeFile(file, generated);
    console.log(`Wrote ${DOCS_FILE} (${blockNames.length} blocks).`);
  }
  return 0;
}

runMain(import.meta.url, main);
