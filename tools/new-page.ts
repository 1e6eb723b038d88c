/**
 * npm run new-page: scaffolds a page definition that passes `npm run validate` as written.
 *
 *   npm run new-page                      asks for everything (route, layout, sources, blocks, file name)
 *   npm run new-page -- --route /guides --layout main --source page=/api/page/company \
 *       --blocks banner,rich-text --name guides --yes
 *
 * Flags: --route PATH, --layout main|form|campaign|standalone (default main), --source [NAME=]PATH
 * (repeat; the first source is named "page" unless named), --blocks a,b,c, --name FILE (default
 * from the route), --title TEXT and --description TEXT (the page's own meta; without them the
 * page source's, else a title from the file name), --yes (no confirmation), --help.
 *
 * The route must be free, every source path an endpoint of schemas/content/contract.json and
 * every block registered. Sections are bound to the source where the binding is obvious (a
 * banner to page_data.name, image, …; a rich-text to page_data.content) and otherwise filled
 * from the block's fixture (example content to replace). The definition is validated before it
 * is written (never over an existing file) and again on disk. It goes into page-definitions/, or
 * PAGE_DEFINITIONS_DIR when set (tests use a temporary copy), formatted as `npm run format` would.
 *
 * The planning is src/authoring/new-page.ts, the questions tools/new-page/prompts.ts.
 */
import { link, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatIssue } from '../src/engine/validate/types.ts';
import { withBrand } from '../src/engine/brand.ts';
import { runMain } from './lib/cli.ts';
import { definitionsDirectory, loadDefinitionFiles, loadSiteFile, siteDirectory } from './lib/project.ts';
import { LAYOUTS, loadProject, planPage, type Layout, type NewPageInput, type Project } from '../src/authoring/new-page.ts';
import { ask, Prompter } from './new-page/prompts.ts';

/** `blocks`: the site's (the engine's and its own). */
const usage = (
  blocks: readonly string[],
) => `Usage: npm run new-page [-- --route /path --layout ${LAYOUTS.join('|')} --source [name=]/api/… --blocks a,b --name file --title "Title" --description "Text" --yes]
Without flags it asks. Known blocks: ${blocks.join(', ')}.`;

/** Writes the file only if it does not exist yet (atomically: readers never see half a file). */
async function writeNew(file: string, text: string): Promise<void> {
  const target = path.resolve(siteDirectory(), file);
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

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      route: { type: 'string' },
      layout: { type: 'string' },
      source: { type: 'string', multiple: true },
      blocks: { type: 'string' },
      name: { type: 'string' },
      title: { type: 'string' },
      description: { type: 'string' },
      yes: { type: 'boolean', short: 'y' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: false,
  });
  const project = loadProject(definitionsDirectory(), siteDirectory());
  if (values.help) {
    console.log(usage(project.validator.blocks));
    return 0;
  }
  const given: Partial<NewPageInput> = {
    route: values.route,
    layout: values.layout as Layout | undefined,
    sources: values.source ? parseSourceFlag(values.source) : undefined,
    blocks: values.blocks?.split(','),
    name: values.name,
    title: values.title,
    description: values.description,
  };
  const interactive = process.stdin.isTTY && !values.yes;
  let input: NewPageInput;
  const prompter = interactive ? new Prompter() : undefined;
  try {
    if (given.route && given.blocks) input = { ...given, sources: given.sources ?? {} } as NewPageInput;
    else if (prompter) input = await ask(prompter, project, given);
    else {
      console.error(`new-page: --route and --blocks are required when not asking interactively.\n${usage(project.validator.blocks)}`);
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
  const files = await loadDefinitionFiles(project.definitionsDir);
  const { issues } = project.validator.validate(files, await loadSiteFile());
  const own = issues.filter((i) => i.file === plan.file);
  const route = withBrand(input.route, project.brand);
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
