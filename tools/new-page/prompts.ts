/** npm run new-page, the questions: what it asks on a terminal for whatever the flags left out. */
import path from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { didYouMean } from '../../src/engine/schema-store.ts';
import { siteDirectory } from '../lib/project.ts';
import { readableEndpoints } from '../../src/authoring/workbench.ts';
import { LAYOUTS, nameFromRoute, type Layout, type NewPageInput, type Project } from '../../src/authoring/new-page.ts';

/**
 * Questions on the terminal. Lines are queued, so answers typed (or pasted) ahead of a question
 * are not lost; end of input answers every further question with its default.
 */
export class Prompter {
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

  /** Input ended: every further question gets its default (asking again would never end). */
  get done(): boolean {
    return this.ended && this.lines.length === 0;
  }

  close() {
    this.rl.close();
  }
}

/** Asks for every part of the page the flags did not give. */
export async function ask(prompter: Prompter, project: Project, given: Partial<NewPageInput>): Promise<NewPageInput> {
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
  // A misspelt block is said at once and asked again (not after every other question).
  let blocks = given.blocks;
  const blockNames = project.validator.blocks;
  while (!blocks) {
    const answer = (await prompter.question(`Blocks, top to bottom, comma-separated (${blockNames.join(', ')}): `)).split(',');
    const unknown = answer.map((b) => b.trim()).filter((b) => b && !blockNames.includes(b));
    if (!unknown.length || prompter.done) blocks = answer;
    else for (const block of unknown) console.log(`  unknown block "${block}"${didYouMean(block, blockNames)}: try again`);
  }
  const suggested = nameFromRoute(route);
  const folder = path.relative(siteDirectory(), project.definitionsDir).split(path.sep).join('/');
  const name = given.name ?? ((await prompter.question(`File name (${folder}/<name>.json) [${suggested}]: `)) || suggested);
  // The page's own title and description: a page reading another page's content would take its meta.
  const title =
    given.title ?? ((await prompter.question('Page title (browser tab, search results) [from the content source]: ')) || undefined);
  const description =
    given.description ?? ((await prompter.question('Description (search results, shared links) [from the content source]: ')) || undefined);
  return { route, layout, sources, blocks, name, title, description };
}
