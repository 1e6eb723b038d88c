/**
 * Checks props against their schema the way a definition writes them: literals are validated
 * with ajv, bindings are followed through the schemas of what they read (content responses,
 * route parameters, the query string, site.config.json) and must give what the prop expects.
 */
import type { Ajv, ValidateFunction } from 'ajv';
import type { BindingNode } from '../../generated/page-definition.ts';
import { bindingPaths, containsBinding, isBinding, isPlainObject, RESERVED_ROOTS, visitBinding } from '../bindings.ts';
import { assumptionOf, didYouMean, escapePointer, SCHEMA_BASE, type JsonSchema, type Located, type SchemaStore } from '../schema-store.ts';
import { reportAjvErrors } from './ajv-messages.ts';
import { NO_FIELD, NOT_A_SOURCE, type FileChecks, type Report, type ScopeMap } from './types.ts';

const SYNTHETIC_BASE = `${SCHEMA_BASE}synthetic/`;

/** What following a path found: its schema (undefined = free-form), or why it cannot be read. */
export interface PathCheck {
  loc?: Located;
  error?: string;
  /** Assumptions (`x-assumed`) on the way. */
  assumed?: string[];
}

export class BindingChecker {
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly compiledSynthetic = new WeakMap<JsonSchema, ValidateFunction>();
  private syntheticCount = 0;
  /** Any text (meta values). */
  readonly textSchema: Located = { schema: { type: 'string' }, base: `${SYNTHETIC_BASE}text`, pointer: '' };
  /** A part of a $join: text, or a list of texts whose entries are parts. */
  private readonly joinPart: Located = {
    schema: { type: ['string', 'number', 'array'], items: { type: ['string', 'number'] } },
    base: `${SYNTHETIC_BASE}join-part`,
    pointer: '',
  };

  constructor(
    readonly store: SchemaStore,
    private readonly ajv: Ajv,
  ) {}

  /** The validator of a schema (or a part of one) by $id and pointer, compiled once. */
  compile(ref: string): ValidateFunction {
    let fn = this.compiled.get(ref);
    if (!fn) {
      fn = this.ajv.compile({ $ref: ref });
      this.compiled.set(ref, fn);
    }
    return fn;
  }

  /** A schema made up for one check (e.g. the route parameters of a page). */
  synthetic(schema: JsonSchema): Located {
    return { schema, base: `${SYNTHETIC_BASE}${this.syntheticCount++}`, pointer: '' };
  }

  /** Validates a literal value against a located schema; reports each problem at its pointer. */
  literal(value: unknown, loc: Located, pointer: string, report: Report): void {
    let fn: ValidateFunction;
    if (loc.base.startsWith(SYNTHETIC_BASE)) {
      fn = this.compiledSynthetic.get(loc.schema) ?? this.ajv.compile(loc.schema);
      this.compiledSynthetic.set(loc.schema, fn);
    } else fn = this.compile(`${loc.base}#${loc.pointer}`);
    if (!fn(value)) reportAjvErrors(fn.errors ?? [], pointer, report);
  }

  /** Walks props against their schema: literals are validated, bindings are checked against what they read. */
  walk(node: unknown, expected: Located, pointer: string, scope: ScopeMap, checks: FileChecks): void {
    expected = this.store.deref(expected);
    if (isBinding(node)) return this.checkBinding(node, expected, pointer, scope, checks);
    if (!containsBinding(node)) return this.literal(node, expected, pointer, checks.report);
    if (Array.isArray(node)) {
      const items = this.store.items(expected);
      if (!items) return checks.report(pointer, `must not be a list${describeExpected(this.store, expected)}`);
      node.forEach((entry, i) => this.walk(entry, items, `${pointer}/${i}`, scope, checks));
      return;
    }
    if (!isPlainObject(node)) return;
    const fields = this.store.fields(expected);
    const additional = this.store.additional(expected);
    if (fields.size === 0 && additional) {
      for (const [key, value] of Object.entries(node)) this.walk(value, additional, `${pointer}/${escapePointer(key)}`, scope, checks);
      return;
    }
    if (fields.size === 0) return this.literal(node, expected, pointer, checks.report);
    for (const required of expected.schema.required ?? []) {
      if (!(required in node)) checks.report(pointer, `must have "${required}"`);
    }
    for (const [key, value] of Object.entries(node)) {
      const field = fields.get(key);
      if (field) this.walk(value, field, `${pointer}/${escapePointer(key)}`, scope, checks);
      else if (expected.schema.additionalProperties === false)
        checks.report(
          `${pointer}/${escapePointer(key)}`,
          `unknown property "${key}"${didYouMean(key, fields.keys()) || ` (allowed: ${[...fields.keys()].join(', ')})`}`,
        );
    }
  }

  /** The validator's interpreter of the language: what each kind of binding reads and makes, against the prop's schema. */
  private checkBinding(node: BindingNode, expected: Located, pointer: string, scope: ScopeMap, checks: FileChecks): void {
    const expectedTypes = this.store.types(expected);
    const mustBe = (made: string) => `${made}, but this property must be ${[...expectedTypes].join(' or ')}`;
    const fallback = (value: unknown) => {
      if (value !== undefined) this.literal(value, expected, `${pointer}/default`, checks.report);
    };
    visitBinding<void>(node, {
      $each: (each) => {
        if (expectedTypes.size && !expectedTypes.has('array')) return checks.report(pointer, mustBe('$each makes a list'));
        const where = `${pointer}/$each`;
        const read = this.read(each.$each, scope, where, checks);
        if (!read.ok) return;
        const list = this.listItems(read.loc, each.$each);
        if (list.error) return checks.report(where, list.error);
        const inner: ScopeMap = new Map(scope);
        // Paths through item depend on what the list itself depends on; noted once, at the list.
        inner.set('item', { loc: list.items, label: `an entry of ${each.$each}` });
        for (const [path, value] of Object.entries(each.where ?? {})) {
          const at = `${pointer}/where/${escapePointer(path)}`;
          const found = this.checkPath(path, inner);
          if (found.error) checks.report(at, found.error);
          // A bound value is read outside the list (item is the entry being tested, not a source).
          if (isBinding(value)) this.checkBinding(value, this.textSchema, at, scope, checks);
        }
        const items = this.store.items(expected);
        if (items) this.walk(each.map, items, `${pointer}/map`, inner, checks);
      },
      $count: (count) => {
        if (expectedTypes.size && !expectedTypes.has('integer') && !expectedTypes.has('number'))
          checks.report(pointer, mustBe('$count makes a number'));
        const where = `${pointer}/$count`;
        const read = this.read(count.$count, scope, where, checks);
        const list = read.ok ? this.listItems(read.loc, count.$count) : {};
        if (list.error) checks.report(where, list.error);
      },
      $join: (join) => {
        if (expectedTypes.size && !expectedTypes.has('string')) return checks.report(pointer, mustBe('$join makes text'));
        join.$join.forEach((value, i) => {
          const at = `${pointer}/$join/${i}`;
          if (isBinding(value)) this.checkBinding(value, this.joinPart, at, scope, checks);
          else this.literal(value, this.joinPart, at, checks.report);
        });
        fallback(join.default);
      },
      $switch: (choice) => {
        this.read(choice.$switch, scope, `${pointer}/$switch`, checks);
        for (const [key, value] of Object.entries(choice.cases))
          this.walk(value, expected, `${pointer}/cases/${escapePointer(key)}`, scope, checks);
        if (choice.default !== undefined) this.walk(choice.default, expected, `${pointer}/default`, scope, checks);
      },
      $template: (template) => {
        if (expectedTypes.size && !expectedTypes.has('string')) checks.report(pointer, mustBe('$template makes text'));
        const soft = template.default !== undefined;
        for (const path of bindingPaths(template)) this.read(path, scope, `${pointer}/$template`, checks, soft);
        fallback(template.default);
      },
      $bind: (bind) => {
        const many = Array.isArray(bind.$bind);
        const soft = bind.default !== undefined;
        bindingPaths(bind).forEach((path, i) => {
          const where = `${pointer}/$bind${many ? `/${i}` : ''}`;
          const read = this.read(path, scope, where, checks, soft);
          if (read.loc && expectedTypes.size) this.checkBoundType(path, read.loc, expected, where, checks.report);
        });
        fallback(bind.default);
      },
    });
  }

  /** Whether a value read at `found` fits the prop `expected` (numbers and booleans may stand for text). */
  private checkBoundType(path: string, found: Located, expected: Located, where: string, report: Report): void {
    const expectedTypes = this.store.types(expected);
    const actual = this.store.types(found);
    actual.delete('null');
    const textual = expectedTypes.has('string') && (actual.has('number') || actual.has('boolean'));
    if (actual.size && !textual && ![...actual].some((t) => expectedTypes.has(t))) {
      report(where, `"${path}" is ${[...actual].join(' or ')}, but this property must be ${[...expectedTypes].join(' or ')}`);
    } else if (isHtml(found) && expectedTypes.has('string') && !isHtml(expected)) {
      // Shown as text, its markup would appear as literal tags on the page.
      report(where, `"${path}" may carry HTML, but this property is plain text: bind it to an HTML property of the block`);
    }
  }

  /**
   * Checks one path read at `where`: reports why it cannot be read, or notes what it assumes.
   * `fallback`: the binding has a default, which the page shows instead (its section stays).
   */
  private read(path: string, scope: ScopeMap, where: string, checks: FileChecks, fallback = false): { ok: boolean; loc?: Located } {
    const found = this.checkPath(path, scope);
    if (found.error) {
      checks.report(where, found.error, { keepsSection: fallback });
      return { ok: false };
    }
    if (found.assumed) checks.noteAssumed(where, path, found.assumed);
    return { ok: true, loc: found.loc };
  }

  /** The schema of the entries of the list read by `path` (found at `loc`), or why it is not a list. */
  listItems(loc: Located | undefined, path: string): { items?: Located; error?: string } {
    if (!loc) return {};
    const types = this.store.types(loc);
    if (types.size && !types.has('array')) return { error: `"${path}" is not a list (it is ${[...types].join(' or ')})` };
    return { items: this.store.items(loc) };
  }

  /** Follows a binding path through the schemas in scope. `loc` undefined = free-form (unchecked). */
  checkPath(path: string, scope: ScopeMap): PathCheck {
    const [root, ...rest] = path.split('.');
    const entry = scope.get(root);
    if (!entry) {
      const names = [...scope.keys()];
      const sources = names.filter((n) => !(RESERVED_ROOTS as readonly string[]).includes(n)).join(', ') || 'none';
      return {
        error: `"${root}"${NOT_A_SOURCE}${didYouMean(root, names) || ` (sources: ${sources}; also params, search, site)`}`,
      };
    }
    let loc = entry.loc;
    const walked: string[] = [];
    const assumed = [...(entry.assumed ?? [])];
    const done = (found: Located | undefined) => ({ loc: found, assumed: assumed.length ? assumed : undefined });
    for (const segment of rest) {
      if (!loc) return done(undefined);
      const types = this.store.types(loc);
      if (/^\d+$/.test(segment) && types.has('array')) {
        loc = this.store.items(loc);
      } else {
        const fields = this.store.fields(loc);
        const field = fields.get(segment);
        if (field) loc = field;
        else if (this.store.additional(loc)) loc = this.store.additional(loc);
        else if (fields.size === 0 && !types.has('array') && !this.store.isClosed(loc)) loc = undefined;
        else {
          const where = walked.length ? ` in ${walked.join('.')}` : '';
          const hint = types.has('array') ? ' (it is a list: use $each, or an index such as .0)' : didYouMean(segment, fields.keys());
          return { error: `${entry.label}${NO_FIELD}${segment}"${where}${hint}` };
        }
      }
      walked.push(segment);
      const mark = loc ? assumptionOf(loc.schema) : undefined;
      if (mark) assumed.push(`${root}.${walked.join('.')}: ${mark}`);
    }
    return done(loc);
  }
}

function isHtml(loc: Located): boolean {
  return loc.schema.contentMediaType === 'text/html';
}

function describeExpected(store: SchemaStore, loc: Located): string {
  const types = store.types(loc);
  return types.size ? ` (expected ${[...types].join(' or ')})` : '';
}
