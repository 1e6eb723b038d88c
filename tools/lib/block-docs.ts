/**
 * The props tables of the block docs (tools/generate-block-docs.ts: the engine's docs/blocks.md and
 * a site's own docs/blocks.md): a block schema's fields, flattened, with their type in words, the
 * shared types of schemas/common.schema.json named instead of expanded.
 */
import { SCHEMA_BASE, type Located, type SchemaStore } from '../../src/engine/schema-store.ts';

export const COMMON_ID = `${SCHEMA_BASE}common.schema.json`;

/** Names for the shared types, shown instead of expanding them. */
export const SHARED: Record<string, string> = {
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

export function cell(text: string): string {
  return text
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

function code(value: unknown): string {
  return `\`${JSON.stringify(value)}\``;
}

export class Describer {
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

export function table(rows: Row[]): string {
  if (!rows.length) return '_No props._\n';
  return [
    '| prop | type | required | description |',
    '| --- | --- | --- | --- |',
    ...rows.map((r) => `| \`${r.name}\` | ${cell(r.type)} | ${r.required ? 'yes' : ''} | ${cell(r.description)} |`),
  ].join('\n');
}
