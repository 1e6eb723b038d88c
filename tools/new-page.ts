/**
 * npm run new-page: scaffolds a page definition that passes `npm run validate` as written.
 *
 *   npm run new-page                      asks for everything (route, layout, sources, blocks, file name)
 *   npm run new-page -- --route /guides --layout main --source page=/api/page/company \
 *       --blocks banner,rich-text --name guides --yes
 *
 * Flags: --route PATH, --layout main|form|standalone (default main), --source [NAME=]PATH (repeat;
 * the first source is named "page" unless named), --blocks a,b,c, --name FILE (default from the
 * route), --title TEXT (page title when no source gives one), --yes (no confirmation), --help.
 *
 * The route must be free, every source path an endpoint of schemas/content/contract.json and
 * every block registered. Sections are bound to the source where the binding is obvious (a
 * banner to page_data.name, image, …; a rich-text to page_data.content) and otherwise filled
 * from the block's fixture (example content to replace). The definition is validated before it
 * is written (never over an existing file) and again on disk.
 */
import { link, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runMain } from './lib/cli.ts';
import { createInterface, type Interface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { matchPath } from 'react-router';
import { blockNames, isBlockName } from '../src/blocks/registry.ts';
import { didYouMean, type Located, type SchemaStore } from '../src/renderer/schema-store.ts';
import {
  blockSchemaId,
  formatIssue,
  normalizeRoute,
  routeParams,
  type Contract,
  type DefinitionValidator,
} from '../src/renderer/validate-definitions.ts';
import { createValidator, loadContract, loadDefinitionFiles, loadSiteFile, projectRoot, type SourceFile } from './lib/project.ts';
import { endpointHint, formatJson, matchEndpoint, readableEndpoints, responseSchema, schemaAt } from './lib/workbench.ts';

export const LAYOUTS = ['main', 'form', 'campaign', 'standalone'] as const;
type Layout = (typeof LAYOUTS)[number];

export interface NewPageInput {
  route: string;
  layout?: Layout;
  /** name → content-service path */
  sources?: Record<string, string>;
  blocks: string[];
  name?: string;
  title?: string;
}

export interface Project {
  validator: DefinitionValidator;
  contract: Contract;
  files: SourceFile[];
  site: SourceFile;
  brand: string;
}

export interface PagePlan {
  /** Relative to the project root, e.g. page-definitions/guides.json */
  file: string;
  definition: Record<string, unknown>;
  text: string;
  /** One line per section: how it was filled. */
  notes: string[];
  /** Problems that stop the page from being written. */
  errors: string[];
  /** Worth knowing, not blocking. */
  warnings: string[];
}

export async function loadProject(): Promise<Project> {
  const [validator, contract, files, site] = await Promise.all([createValidator(), loadContract(), loadDefinitionFiles(), loadSiteFile()]);
  const brand = String((JSON.parse(site.text) as { brand?: string }).brand ?? 'brand');
  return { validator, contract, files, site, brand };
}

const NAME = /^[a-z0-9][a-z0-9-]*$/;
const SOURCE_NAME = /^[a-z][A-Za-z0-9_]*$/;
const ROUTE = /^\/[A-Za-z0-9_\-./:{}*?]*$/;
const RESERVED_ROUTES = [/^\/__catalog(?:\/|$)/, /^\/api(?:\/|$)/, /^\/assets(?:\/|$)/];

export function nameFromRoute(route: string): string {
  const name = route
    .replace(/\{brand\}/g, 'brand')
    .replace(/[:*?{}]/g, '')
    .split('/')
    .filter(Boolean)
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return name || 'home';
}

export function titleFromName(name: string): string {
  return name
    .split('-')
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}

/**
 * Obvious bindings: block prop → candidate paths inside a source's response. A candidate is used
 * only when the source's response schema has that field.
 */
const OBVIOUS: Record<string, Record<string, string[]>> = {
  banner: {
    heading: ['page_data.name', 'post_data.name', 'job_data.name'],
    text: ['page_data.sub_text2'],
    image: ['page_data.image', 'post_data.image'],
    imageMobile: ['page_data.image_mobile'],
  },
  'rich-text': { html: ['page_data.content', 'post_data.content', 'job_data.content'] },
  article: {
    title: ['post_data.name'],
    category: ['post_data.cat_name'],
    date: ['post_data.posted_date'],
    image: ['post_data.image'],
    html: ['post_data.content'],
  },
};

async function loadFixture(block: string): Promise<Record<string, unknown>> {
  const mod = (await import(pathToFileURL(path.join(projectRoot, 'src/blocks', block, 'fixture.ts')).href)) as {
    fixture?: Record<string, unknown>;
  };
  return structuredClone(mod.fixture ?? {});
}

/** Works out the definition; writes nothing. */
export async function planPage(input: NewPageInput, project: Project): Promise<PagePlan> {
  const { validator, contract, files, brand } = project;
  const store = validator.store;
  const errors: string[] = [];
  const warnings: string[] = [];
  const notes: string[] = [];
  const layout = input.layout ?? 'main';
  const route = input.route.trim();
  const name = input.name ?? nameFromRoute(route);
  const file = `page-definitions/${name}.json`;

  // Route: well-formed, not reserved, not taken.
  const concrete = route.replaceAll('{brand}', brand);
  if (!ROUTE.test(route)) errors.push(`route "${route}" must start with / and use only letters, digits, - _ . / and :params`);
  else if (RESERVED_ROUTES.some((re) => re.test(concrete)))
    errors.push(`route "${route}" is reserved by the site (/api, /assets, /__catalog)`);
  else {
    const { definitions } = validator.validate(files, project.site);
    for (const def of definitions) {
      for (const existing of def.routes) {
        if (normalizeRoute(existing) === normalizeRoute(concrete)) errors.push(`route "${route}" is already defined in ${def.file}`);
        else if (!concrete.includes(':') && matchPath({ path: existing, end: true }, concrete)) {
          warnings.push(`${def.file} (route ${existing}) also matches ${concrete}; the new, more specific route takes precedence`);
        }
      }
    }
  }
  if (!LAYOUTS.includes(layout)) errors.push(`layout "${String(layout)}" must be one of ${LAYOUTS.join(', ')}`);
  if (!NAME.test(name)) errors.push(`file name "${name}" must be lower-case letters, digits and dashes (it becomes ${file})`);
  else if (files.some((f) => f.file === file)) errors.push(`${file} already exists: choose another --name (new-page never overwrites)`);

  // Sources: every path must be a GET endpoint of the content contract.
  const params = routeParams([concrete]);
  const sources: Record<string, { path: string }> = {};
  const sourceSchemas = new Map<string, Located>();
  for (const [sourceName, sourcePath] of Object.entries(input.sources ?? {})) {
    if (!SOURCE_NAME.test(sourceName) || ['params', 'search', 'site', 'item'].includes(sourceName)) {
      errors.push(`source name "${sourceName}" must start with a lower-case letter and not be params, search, site or item`);
      continue;
    }
    const endpoint = matchEndpoint(contract, sourcePath.replaceAll('{brand}', brand));
    if (!endpoint) {
      errors.push(
        `source ${sourceName}: ${sourcePath} is not an endpoint of schemas/content/contract.json${endpointHint(contract, sourcePath)}`,
      );
      continue;
    }
    for (const m of sourcePath.matchAll(/\{([^{}]+)\}/g)) {
      const [root, param] = m[1].split('.');
      if (root !== 'params' && root !== 'search')
        errors.push(`source ${sourceName}: write {params.<name>} for a route parameter, not {${m[1]}} (the contract's ${endpoint.path})`);
      else if (root === 'params' && !params.has(param))
        errors.push(`source ${sourceName}: route parameter "${param}" is not in ${route}${didYouMean(param, params)}`);
    }
    sources[sourceName] = { path: sourcePath };
    const schema = responseSchema(store, endpoint);
    if (schema) sourceSchemas.set(sourceName, schema);
  }

  // Blocks: registered names.
  const blocks = input.blocks.map((b) => b.trim()).filter(Boolean);
  if (!blocks.length) errors.push(`name at least one block (--blocks), e.g. banner,rich-text; known blocks: ${blockNames.join(', ')}`);
  for (const block of blocks) {
    if (!isBlockName(block))
      errors.push(`unknown block "${block}"${didYouMean(block, blockNames)}; known blocks: ${blockNames.join(', ')}`);
  }

  const title = input.title ?? titleFromName(name.replace(/^zz-/, ''));
  const bindable = (relative: string): string | undefined => {
    for (const [sourceName, schema] of sourceSchemas) {
      const step = schemaAt(store, schema, relative.split('.'));
      if (step.known && step.loc) return `${sourceName}.${relative}`;
    }
    return undefined;
  };

  const sections: Record<string, unknown>[] = [];
  if (!errors.length) {
    for (const block of blocks) {
      const fixture = await loadFixture(block);
      const blockSchema = store.root(blockSchemaId(block));
      const section: Record<string, unknown> = { block };
      const bound: string[] = [];
      for (const [prop, candidates] of Object.entries(OBVIOUS[block] ?? {})) {
        const found = candidates.map(bindable).find(Boolean);
        if (!found) continue;
        section[prop] = prop === 'heading' && block === 'banner' ? { $bind: found, default: title } : { $bind: found };
        bound.push(`${prop} ← ${found}`);
      }
      if (bound.length) {
        // Keep the fixture's settings (enums such as size or width); its example texts would
        // only compete with the bound content.
        const fields = store.fields(blockSchema);
        for (const [prop, value] of Object.entries(fixture)) {
          const field = fields.get(prop);
          if (!(prop in section) && field && isSetting(store, field)) section[prop] = value;
        }
        notes.push(`${block}: bound to the content (${bound.join(', ')})`);
      } else {
        Object.assign(section, fixture);
        notes.push(`${block}: example content from src/blocks/${block}/fixture.ts; replace it with literals or bindings`);
      }
      sections.push(section);
    }
  }

  const definition: Record<string, unknown> = {
    $schema: '../schemas/page-definition.schema.json',
    version: 1,
    route,
    layout,
  };
  if (Object.keys(sources).length) definition.sources = sources;
  // Without "meta" the title comes from page.page_data.page_title; otherwise say where it comes from.
  const pageTitle = sourceSchemas.has('page') && schemaAt(store, sourceSchemas.get('page'), ['page_data', 'page_title']).loc;
  if (!pageTitle) {
    const boundTitle = bindable('page_data.page_title') ?? bindable('post_data.page_title');
    const boundDescription = bindable('page_data.meta_description') ?? bindable('post_data.meta_description');
    definition.meta = {
      title: boundTitle ? { $bind: boundTitle, default: title } : title,
      ...(boundDescription ? { description: { $bind: boundDescription } } : {}),
    };
  }
  definition.sections = sections;
  const text = formatJson(definition);

  if (!errors.length) {
    // The same checks as npm run validate, with every other definition (duplicate routes too).
    const { issues } = validator.validate([...files, { file, text }], project.site);
    for (const issue of issues.filter((i) => i.file === file)) errors.push(formatIssue(issue));
  }
  return { file, definition, text, notes, errors, warnings };
}

function isSetting(store: SchemaStore, loc: Located): boolean {
  const s = store.deref(loc).schema;
  return Array.isArray(s.enum) || s.type === 'boolean';
}

/** Writes the file only if it does not exist yet (atomically: readers never see half a file). */
export async function writeNew(file: string, text: string): Promise<void> {
  const target = path.join(projectRoot, file);
  const temp = `${target}.${process.pid}.tmp`;
  await writeFile(temp, text, { flag: 'wx' });
  try {
    await link(temp, target);
  } finally {
    await rm(temp, { force: true });
  }
}

function parseSourceFlag(values: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  values.forEach((value, i) => {
    const eq = value.indexOf('=');
    const [name, sourcePath] = eq > 0 ? [value.slice(0, eq), value.slice(eq + 1)] : [i === 0 ? 'page' : `source${i + 1}`, value];
    out[name.trim()] = sourcePath.trim();
  });
  return out;
}

const USAGE = `Usage: npm run new-page [-- --route /path --layout main|form|standalone --source [name=]/api/… --blocks a,b --name file --title "Title" --yes]
Without flags it asks. Known blocks: ${blockNames.join(', ')}.`;

/**
 * Questions on the terminal. Lines are queued, so answers typed (or pasted) ahead of a question
 * are not lost; end of input answers every further question with its default.
 */
class Prompter {
  private readonly rl: Interface;
  private readonly lines: string[] = [];
  private waiting?: (line: string | undefined) => void;
  private ended = false;

  constructor() {
    this.rl = createInterface({ input: process.stdin, output: process.stdout });
    this.rl.on('line', (line) => {
      if (this.waiting) {
        const resolve = this.waiting;
        this.waiting = undefined;
        resolve(line);
      } else this.lines.push(line);
    });
    this.rl.on('close', () => {
      this.ended = true;
      this.waiting?.(undefined);
      this.waiting = undefined;
    });
  }

  async question(prompt: string): Promise<string> {
    this.rl.setPrompt(prompt);
    this.rl.prompt();
    if (this.lines.length) {
      const line = this.lines.shift()!;
      if (!process.stdin.isTTY) process.stdout.write(`${line}\n`);
      return line.trim();
    }
    if (this.ended) {
      process.stdout.write('\n');
      return '';
    }
    return ((await new Promise<string | undefined>((resolve) => (this.waiting = resolve))) ?? '').trim();
  }

  close() {
    this.rl.close();
  }
}

async function ask(prompter: Prompter, project: Project, given: Partial<NewPageInput>): Promise<NewPageInput> {
  const route = given.route ?? (await prompter.question('Route (e.g. /resources/guide or /guides/:slug): '));
  const layout = (given.layout ?? ((await prompter.question(`Layout (${LAYOUTS.join(', ')}) [main]: `)) || 'main')) as Layout;
  let sources = given.sources;
  if (!sources) {
    sources = {};
    console.log(
      `Content endpoints (schemas/content/contract.json):\n  ${readableEndpoints(project.contract)
        .map((e) => e.path)
        .join('\n  ')}`,
    );
    for (;;) {
      const first = Object.keys(sources).length === 0;
      const answer = await prompter.question(
        first ? 'Content source path (empty for none; {params.slug} for a route parameter): ' : 'Another source path (empty when done): ',
      );
      if (!answer) break;
      const defaultName = first ? 'page' : `source${Object.keys(sources).length + 1}`;
      const sourceName = (await prompter.question(`Name for it in bindings [${defaultName}]: `)) || defaultName;
      sources[sourceName] = answer;
    }
  }
  const blocks =
    given.blocks ?? (await prompter.question(`Blocks, top to bottom, comma-separated (${blockNames.join(', ')}): `)).split(',');
  const suggested = nameFromRoute(route);
  const name = given.name ?? ((await prompter.question(`File name (page-definitions/<name>.json) [${suggested}]: `)) || suggested);
  return { route, layout, sources, blocks, name, title: given.title };
}

export async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      route: { type: 'string' },
      layout: { type: 'string' },
      source: { type: 'string', multiple: true },
      blocks: { type: 'string' },
      name: { type: 'string' },
      title: { type: 'string' },
      yes: { type: 'boolean', short: 'y' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: false,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const project = await loadProject();
  const given: Partial<NewPageInput> = {
    route: values.route,
    layout: values.layout as Layout | undefined,
    sources: values.source ? parseSourceFlag(values.source) : undefined,
    blocks: values.blocks?.split(','),
    name: values.name,
    title: values.title,
  };
  const interactive = process.stdin.isTTY && !values.yes;
  let input: NewPageInput;
  const prompter = interactive ? new Prompter() : undefined;
  try {
    if (given.route && given.blocks) input = { ...given, sources: given.sources ?? {} } as NewPageInput;
    else if (prompter) input = await ask(prompter, project, given);
    else {
      console.error(`new-page: --route and --blocks are required when not asking interactively.\n${USAGE}`);
      return 2;
    }
    return await create(input, project, prompter);
  } finally {
    prompter?.close();
  }
}

async function create(input: NewPageInput, project: Project, prompter: Prompter | undefined): Promise<number> {
  const plan = await planPage(input, project);
  for (const warning of plan.warnings) console.warn(`note: ${warning}`);
  if (plan.errors.length) {
    console.error(`Not written: ${plan.file}\n  ${plan.errors.join('\n  ')}`);
    return 1;
  }
  if (prompter) {
    console.log(`\n${plan.text}`);
    if (/^n/i.test(await prompter.question(`Write ${plan.file}? [Y/n] `))) {
      console.log('Nothing written.');
      return 1;
    }
  }
  try {
    await writeNew(plan.file, plan.text);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      console.error(`Not written: ${plan.file} already exists (new-page never overwrites)`);
      return 1;
    }
    throw error;
  }

  // Validate what is on disk now, exactly as npm run validate does.
  const files = await loadDefinitionFiles();
  const { issues } = project.validator.validate(files, await loadSiteFile());
  const own = issues.filter((i) => i.file === plan.file);
  const route = input.route.replaceAll('{brand}', project.brand);
  const example = route.replace(/:([A-Za-z_][A-Za-z0-9_]*)\??/g, '<$1>').replace(/\*$/, '<path>');
  console.log(`Created ${plan.file} (route ${input.route}, layout ${input.layout ?? 'main'}, ${plan.notes.length} section(s)):`);
  for (const note of plan.notes) console.log(`  - ${note}`);
  if (own.length) {
    console.error(`…but the validator reports:\n  ${own.map(formatIssue).join('\n  ')}`);
    return 1;
  }
  console.log(`Valid: ${files.length} definitions checked${issues.length ? ` (${issues.length} problem(s) in other files)` : ''}.

Next:
  1. See it: with \`npm run dev\` running, open http://127.0.0.1:3000${example}; it appears at once and the
     browser reloads whenever you save the file. (\`npm start\` rebuilds first.)
  2. Edit ${plan.file}: replace example content, add sections. Props of every block: docs/blocks.md;
     every block rendered: http://127.0.0.1:3000/__catalog (npm run dev); the language: docs/definitions.md.
  3. Run \`npm run validate\` after each change (CI runs it with annotations), and check the live content
     with \`npm run audit:content -- --base <content service URL>\`.`);
  return 0;
}

runMain(import.meta.url, main);
