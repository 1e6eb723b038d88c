/**
 * npm run migrate-definitions [-- --check] [--dry-run] [--dir <folder>] [files…]
 *
 * Brings page definitions up to the current definition-language version ("version" in each
 * file; a file without it is version 0). Each change of the language (e.g. a block prop renamed)
 * adds one entry to MIGRATIONS below: a pure function from the parsed JSON of version N to the
 * JSON of version N+1. The command runs every step a file needs, in order, and rewrites the file
 * with minimal text edits, so the rest keeps its formatting (2-space indentation, one-line
 * objects stay on one line). docs/definitions.md, "Versions and migrations", says how to add one.
 *   --check    change nothing; exit 1 if any file needs migrating (CI)
 *   --dry-run  print what would change
 *   --dir      the definitions folder (default page-definitions/)
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { applyEdits, modify, parse, type JSONPath, type ParseError } from 'jsonc-parser';
import { isPlainObject } from '../src/renderer/bindings.ts';
import { projectRoot } from './lib/project.ts';
import { formatJsonValue } from './lib/workbench.ts';

export type JsonObject = Record<string, unknown>;

export interface Migration {
  /** Version this step reads. */
  from: number;
  /** Version it writes (from + 1). */
  to: number;
  /** What changed in the language, for the log and the docs. */
  description: string;
  /** Pure: returns the definition at version `to`. It gets a copy and may change it. Setting "version" is done for it. */
  migrate(definition: JsonObject): JsonObject;
}

/** The version schemas/page-definition.schema.json accepts ("version": { "const": N }). */
export const CURRENT_VERSION = 1;

/**
 * Every step, oldest first. To change the language: bump CURRENT_VERSION and the schema's
 * "version" const, and append { from: N, to: N + 1, description, migrate }.
 */
export const MIGRATIONS: Migration[] = [
  {
    from: 0,
    to: 1,
    description: 'Files written before the "version" field existed. Version 1 changed nothing else: this step only adds "version": 1.',
    migrate: (definition) => definition,
  },
];

export function versionOf(definition: JsonObject): number {
  const version = definition.version ?? 0;
  if (!Number.isInteger(version) || (version as number) < 0)
    throw new Error(`"version" must be a whole number, not ${JSON.stringify(version)}`);
  return version as number;
}

/** Places key right after `after` (or first), keeping the order of the other keys. */
function withKey(object: JsonObject, key: string, value: unknown, after: string): JsonObject {
  if (key in object) return { ...object, [key]: value };
  const out: JsonObject = {};
  if (!(after in object)) out[key] = value;
  for (const [k, v] of Object.entries(object)) {
    out[k] = v;
    if (k === after) out[key] = value;
  }
  return out;
}

export interface MigrationResult {
  definition: JsonObject;
  from: number;
  to: number;
  applied: Migration[];
}

/** Runs every step from the definition's version up to `target`. Pure: the input is not changed. */
export function migrateDefinition(definition: JsonObject, migrations: Migration[] = MIGRATIONS, target = CURRENT_VERSION): MigrationResult {
  const from = versionOf(definition);
  if (from > target) throw new Error(`version ${from} is newer than this tool knows (${target}): update the project`);
  let current = structuredClone(definition);
  const applied: Migration[] = [];
  for (let version = from; version < target; version++) {
    const step = migrations.find((m) => m.from === version);
    if (!step) throw new Error(`no migration from version ${version} to ${version + 1}`);
    if (step.to !== version + 1) throw new Error(`the migration from version ${version} must lead to ${version + 1}, not ${step.to}`);
    const next = step.migrate(structuredClone(current));
    if (!isPlainObject(next)) throw new Error(`the migration from version ${version} did not return an object`);
    current = withKey(next, 'version', step.to, '$schema');
    applied.push(step);
  }
  return { definition: current, from, to: Math.max(from, target), applied };
}

function equal(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

/**
 * Rewrites `text` (whose parsed value is `before`) so that it parses to `after`, editing only the
 * values that differ: everything else keeps its formatting.
 */
export function rewriteText(text: string, before: unknown, after: unknown): string {
  let out = text;
  let placeholders = 0;
  const edit = (path: JSONPath, value: unknown, order?: string[]) => {
    // Objects and lists go in through a placeholder, then take the files' style (one line when it fits).
    const structured = value !== null && typeof value === 'object';
    const placeholder = `\u0000migrate-${placeholders++}`;
    out = applyEdits(
      out,
      modify(out, path, structured ? placeholder : value, {
        ...FORMAT,
        getInsertionIndex: order
          ? (existing) => {
              // After the nearest key that comes before it in the new order.
              const index = order.indexOf(String(path[path.length - 1]));
              for (let i = index - 1; i >= 0; i--) {
                const at = existing.indexOf(order[i]);
                if (at >= 0) return at + 1;
              }
              return 0;
            }
          : undefined,
      }),
    );
    if (structured) {
      const quoted = JSON.stringify(placeholder);
      const at = out.indexOf(quoted);
      const lineStart = out.lastIndexOf('\n', at) + 1;
      const indent = /^\s*/.exec(out.slice(lineStart))![0];
      out = out.slice(0, at) + formatJsonValue(value, indent, at - lineStart) + out.slice(at + quoted.length);
    }
  };
  const walk = (a: unknown, b: unknown, path: JSONPath) => {
    if (equal(a, b)) return;
    if (isPlainObject(a) && isPlainObject(b)) {
      for (const key of Object.keys(a)) if (!(key in b)) edit([...path, key], undefined);
      const order = Object.keys(b);
      for (const key of order) {
        if (key in a) walk(a[key], b[key], [...path, key]);
        else edit([...path, key], b[key], order);
      }
      return;
    }
    if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
      a.forEach((entry, i) => walk(entry, b[i], [...path, i]));
      return;
    }
    if (path.length === 0) {
      out = `${JSON.stringify(b, null, 2)}\n`;
      return;
    }
    edit(path, b);
  };
  walk(before, after, []);
  return out;
}

export interface FileResult {
  file: string;
  from: number;
  to: number;
  changed: boolean;
  text: string;
  error?: string;
}

export function migrateText(file: string, text: string, migrations: Migration[] = MIGRATIONS, target = CURRENT_VERSION): FileResult {
  const errors: ParseError[] = [];
  const parsed = parse(text, errors, { disallowComments: true, allowTrailingComma: false }) as unknown;
  if (errors.length || !isPlainObject(parsed))
    return { file, from: -1, to: -1, changed: false, text, error: 'is not a JSON object (run npm run validate)' };
  try {
    const result = migrateDefinition(parsed, migrations, target);
    if (!result.applied.length) return { file, from: result.from, to: result.to, changed: false, text };
    const rewritten = rewriteText(text, parsed, result.definition);
    return { file, from: result.from, to: result.to, changed: rewritten !== text, text: rewritten };
  } catch (error) {
    return { file, from: -1, to: -1, changed: false, text, error: (error as Error).message };
  }
}

export interface RunOptions {
  dir?: string;
  files?: string[];
  check?: boolean;
  dryRun?: boolean;
  migrations?: Migration[];
  target?: number;
  log?: (line: string) => void;
}

/** Migrates the files; returns the exit status (1: errors, or with check: something to migrate). */
export async function runMigrations(options: RunOptions = {}): Promise<number> {
  const log = options.log ?? console.log;
  const dir = options.dir ?? path.join(projectRoot, 'page-definitions');
  const files = options.files?.length
    ? options.files.map((f) => path.resolve(f))
    : (await readdir(dir))
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => path.join(dir, f));
  let pending = 0;
  let failed = 0;
  for (const file of files) {
    const shown = path.relative(projectRoot, file);
    const result = migrateText(shown, await readFile(file, 'utf8'), options.migrations, options.target);
    if (result.error) {
      failed++;
      log(`${shown}: ${result.error}`);
      continue;
    }
    if (!result.changed) continue;
    pending++;
    if (options.check) log(`${shown}: version ${result.from}, needs migrating to ${result.to}`);
    else if (options.dryRun) log(`${shown}: would migrate ${result.from} → ${result.to}\n${result.text}`);
    else {
      await writeFile(file, result.text);
      log(`${shown}: migrated ${result.from} → ${result.to}`);
    }
  }
  const target = options.target ?? CURRENT_VERSION;
  if (!pending && !failed) log(`${files.length} definition(s) at version ${target}; nothing to migrate.`);
  else if (options.check && pending) log(`${pending} definition(s) need \`npm run migrate-definitions\`.`);
  return failed || (options.check && pending) ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    options: { check: { type: 'boolean' }, 'dry-run': { type: 'boolean' }, dir: { type: 'string' } },
    allowPositionals: true,
  });
  runMigrations({
    dir: values.dir ? path.resolve(values.dir) : undefined,
    files: positionals,
    check: values.check,
    dryRun: values['dry-run'],
  }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
