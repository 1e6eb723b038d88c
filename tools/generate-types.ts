/**
 * Generates TypeScript types from the JSON Schemas into src/generated/, one module per schema:
 *   blocks.ts            every block's props (schemas/blocks/, with the shared common.schema.json)
 *   page-definition.ts   the definition language (page-definition.schema.json): DefinitionFile,
 *                        SourceSpec, SectionSpec, SitemapSpec, StructuredDataSpec, the binding nodes
 *   content-contract.ts  contract.json's format (content/contract.schema.json): ContentContract, ContractEndpoint
 *   form-meta.ts         the x-form of a form schema (form-meta.schema.json): FormMeta, FormSuccess
 *   site-config.ts       site.config.json (site-config.schema.json)
 *   environment.ts       the environment variables (environment.schema.json)
 *   vitals.ts            a browser's Web Vitals report to POST /__vitals (vitals.schema.json)
 * and src/blocks/components.generated.ts: each block's component loader by name (a block is its schema
 * and its folder; src/blocks/registry.ts checks the components' props against the schemas). For another
 * site (SITE_DIR) also the same two of its own blocks, in its folder (./lib/site-block-modules.ts).
 * A `$ref` to a titled definition that another module declares names that module's type (imported
 * and re-exported) instead of declaring it again, so each type is declared once.
 *   npm run generate                write the files
 *   npm run generate -- --check     exit 1 if the committed files differ (CI)
 */
import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import prettier from 'prettier';
import { parseArgs } from 'node:util';
import { runMain } from './lib/cli.ts';
import {
  BANNER,
  defaultsOf,
  importOwnedTypes,
  mapSchema,
  pascal,
  TARGETS,
  typeShape,
  withoutDefinitionNotes,
  type Node,
  type Target,
} from './lib/schema-types.ts';
import { siteBlockModules } from './lib/site-block-modules.ts';
import { siteDirectory } from './lib/site-dir.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const schemasDir = path.join(root, 'schemas');

async function blockNames(): Promise<string[]> {
  const files = await readdir(path.join(schemasDir, 'blocks'));
  return files
    .filter((f) => f.endsWith('.schema.json'))
    .map((f) => f.replace('.schema.json', ''))
    .sort();
}

async function readSchema(file: string): Promise<Node> {
  return JSON.parse(await readFile(path.join(schemasDir, file), 'utf8')) as Node;
}

async function combinedBlocks(): Promise<{ schema: Node; aliases: string }> {
  const names = await blockNames();
  // One combined schema, so shared definitions (Link, SectionHeading) are declared once.
  const schema: Node = {
    title: 'BlockPropsByName',
    description: 'Props of every block, keyed by block name.',
    type: 'object',
    additionalProperties: false,
    required: names,
    properties: Object.fromEntries(names.map((n) => [n, { $ref: `blocks/${n}.schema.json` }])),
  };
  const aliases = names.map((n) => `export type ${pascal(n)}BlockProps = BlockPropsByName['${n}'];`).join('\n');
  const defaults = Object.fromEntries(
    await Promise.all(names.map(async (n) => [n, defaultsOf(await readSchema(`blocks/${n}.schema.json`))])),
  );
  const table = [
    '/**',
    " * Each block's schema defaults, by prop (a nested object's apply when the object is there). A",
    ' * prop left out takes its default before the component renders (src/blocks/defaults.ts), so',
    ' * components read every defaulted prop as given and state no default of their own.',
    ' */',
    `export const blockDefaults = ${JSON.stringify(defaults)} as const;`,
  ].join('\n');
  return { schema, aliases: `${aliases}\n\n${table}` };
}

async function generateOne(target: Target, byId: Map<string, Node>): Promise<string> {
  const { schema: raw, aliases } =
    target.schema === 'blocks' ? await combinedBlocks() : { schema: await readSchema(target.schema), aliases: '' };
  const { schema, imports } = importOwnedTypes({ ...raw, title: target.root }, target, byId);
  const code = await compile(mapSchema(schema, typeShape) as JSONSchema, target.root, {
    cwd: schemasDir,
    bannerComment: BANNER,
    ...(target.schema === 'blocks' ? { additionalProperties: false } : {}),
    unreachableDefinitions: Boolean(target.allDefs),
    style: { singleQuote: true, printWidth: 120 },
  });
  const modules = [...imports].sort(([a], [b]) => a.localeCompare(b));
  const list = (names: string[]) => names.sort().join(', ');
  const header = [
    ...modules.map(([module, names]) => `import type { ${list([...names.keys()])} } from './${module}';`),
    ...modules
      .map(([, names]) => [...names].filter(([, named]) => named).map(([name]) => name))
      .filter((names) => names.length)
      .map((names) => `export type { ${list(names)} };`),
  ].join('\n');
  const [banner, body] = [code.slice(0, BANNER.length), code.slice(BANNER.length)];
  const text = `${banner}${header ? `\n${header}\n` : ''}${withoutDefinitionNotes(body)}${aliases ? `\n${aliases}\n` : ''}`;
  return prettier.format(text, { parser: 'typescript', singleQuote: true, printWidth: 120 });
}

async function allSchemas(): Promise<Map<string, Node>> {
  const entries = await readdir(schemasDir, { recursive: true, withFileTypes: true });
  const schemas = await Promise.all(
    entries
      .filter((e) => e.isFile() && e.name.endsWith('.schema.json'))
      .map(async (e) => JSON.parse(await readFile(path.join(e.parentPath, e.name), 'utf8')) as Node),
  );
  return new Map(schemas.filter((s) => typeof s.$id === 'string').map((s) => [s.$id as string, s]));
}

/** Generated files by path from the project root. */
async function generate(): Promise<Map<string, string>> {
  const byId = await allSchemas();
  const types = await Promise.all(TARGETS.map(async (t) => [`src/generated/${t.module}`, await generateOne(t, byId)] as const));
  return new Map([...types, ['src/blocks/components.generated.ts', await blockComponents()]]);
}

/** The component of each block: src/blocks/<name>/component.tsx exports it under its name in PascalCase. */
async function blockComponents(): Promise<string> {
  const names = await blockNames();
  const held = [];
  for (const name of names) {
    const schema = JSON.parse(await readFile(path.join(schemasDir, 'blocks', `${name}.schema.json`), 'utf8')) as { 'x-hydrate'?: boolean };
    if (schema['x-hydrate'] === false) held.push(name);
  }
  const text = [
    // Linted like the code beside it: no eslint-disable line.
    BANNER.replace('/* eslint-disable */\n', '').replace('from schemas/.', 'from schemas/blocks/ (a block is its schema and its folder).'),
    '',
    '/**',
    " * Each block's component by block name, loaded when a page needs it: each block is a chunk of its",
    ' * own, and a page downloads the code of the blocks it shows (./registry.ts checks their props against the schemas).',
    ' */',
    `export const blockLoaders = { ${names.map((n) => `${JSON.stringify(n)}: () => import('./${n}/component.tsx').then((module) => module.${pascal(n)})`).join(', ')} } as const;`,
    '',
    '/** Blocks whose schema says `"x-hydrate": false`: their server HTML is kept as it is when the page hydrates (../engine/held.tsx). */',
    `export const heldBlocks: ReadonlySet<string> = new Set(${JSON.stringify(held)});`,
    '',
    "/** Each block's schema defaults (a site's list of its own blocks has the same three exports: ./registry.ts). */",
    "export { blockDefaults } from '../generated/blocks.ts';",
  ].join('\n');
  return prettier.format(text, { parser: 'typescript', singleQuote: true, printWidth: 120 });
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { check: { type: 'boolean', default: false } }, allowPositionals: false });
  let stale = false;
  // Another site's own blocks (SITE_DIR): its src/generated/blocks.ts and src/blocks/components.generated.ts.
  const files = new Map([...(await generate()), ...(await siteBlockModules(siteDirectory()))]);
  for (const [name, code] of files) {
    const target = path.join(root, name);
    const current = await readFile(target, 'utf8').catch(() => '');
    if (current === code) continue;
    if (values.check) {
      console.error(
        `${name} is stale: run \`${process.env.SITE_DIR ? `SITE_DIR=${process.env.SITE_DIR} ` : ''}npm run generate\` and commit the result.`,
      );
      stale = true;
    } else {
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, code);
      console.log(`wrote ${name}`);
    }
  }
  if (stale) return 1;
  if (values.check) console.log('generated types are up to date');
  return 0;
}

runMain(import.meta.url, main);
