/**
 * The page editor's backend (src/editor/api/backend.ts) on a temporary copy of page-definitions/,
 * for the backend's test files: made before a file's tests, removed after them.
 */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { loadDefinitions, type Definitions } from '../../src/engine/definitions.server.ts';
import { formatIssue, formatWarning } from '../../src/engine/validate/types.ts';
import { ContentError } from '../../src/engine/content-client.ts';
import { createEditorBackend, type DevEditorBackend } from '../../src/editor/api/backend.ts';
import { createValidator, loadDefinitionFiles, loadSiteFile, projectRoot } from '../../tools/lib/project.ts';

export type Json = Record<string, unknown>;
export type Definition = Json & { sections: Json[] };

/** Sample content the backend reads (fields, samples, images, the preview). */
const samples: Record<string, unknown> = {
  '/api/page/about-us': { page_data: { name: 'About Veltrix', page_title: 'About', content: `<p>${'long '.repeat(60)}</p>` } },
  '/api/page/privacy-policy': { page_data: { name: 'Privacy Policy', page_title: 'Privacy', content: '<p>Little.</p>' } },
  '/api/blog_list': { list: { data: [{ slug: 'first-post', name: 'First post', image_thumbnail: 'blog/first.svg' }], last_page: 1 } },
  '/api/blog/first-post': { post_data: { name: 'First post', content: '<p>Hello</p>' } },
};

export interface EditorFixture {
  /** The copy of page-definitions/ the backend reads and writes. */
  dir: string;
  /** The site's definitions, from that copy. */
  definitions: Definitions;
  backend: DevEditorBackend;
  /** Off: every content read fails (404). */
  reads: boolean;
  /** Every content read asked for, `path?query`. */
  asked: string[];
  /** A file of the copy as the editor and `npm run validate` name it. */
  fileOf(name: string): string;
  readDefinition(name: string): Promise<Definition>;
  /** What `npm run validate` prints for the definitions with `name` holding `text`: its problems… */
  cliIssues(name: string, text: string): Promise<string[]>;
  /** …and its warnings. */
  cliWarnings(name: string, text: string): Promise<string[]>;
}

export function backendOnCopy(): EditorFixture {
  /** `npm run validate` of the copy with `name` holding `text`: that file's problems and warnings. */
  const cli = async (name: string, text: string) => {
    const validator = await createValidator();
    const files = (await loadDefinitionFiles(fixture.dir)).map((f) => (f.file === fixture.fileOf(name) ? { file: f.file, text } : f));
    const { issues, warnings } = validator.validate(files, await loadSiteFile());
    const mine = <T extends { file: string }>(found: T[]) => found.filter((issue) => issue.file === fixture.fileOf(name));
    return { issues: mine(issues), warnings: mine(warnings) };
  };
  const fixture = {
    reads: true,
    asked: [] as string[],
    fileOf: (name: string) => path.relative(projectRoot, path.join(fixture.dir, name)),
    readDefinition: async (name: string) => JSON.parse(await readFile(path.join(fixture.dir, name), 'utf8')) as Definition,
    cliIssues: async (name: string, text: string) => (await cli(name, text)).issues.map(formatIssue),
    cliWarnings: async (name: string, text: string) => (await cli(name, text)).warnings.map(formatWarning),
  } as EditorFixture;
  beforeAll(async () => {
    fixture.dir = await mkdtemp(path.join(tmpdir(), 'editor-backend-'));
    await cp(path.join(projectRoot, 'page-definitions'), fixture.dir, { recursive: true });
    fixture.definitions = loadDefinitions({
      fromDisk: true,
      definitionsDir: fixture.dir,
      production: false,
      allowInvalid: true,
      log: () => undefined,
    });
    fixture.backend = createEditorBackend({
      siteDir: projectRoot,
      definitionsDir: fixture.dir,
      definitions: fixture.definitions.current,
      reload: fixture.definitions.reload,
      read: async (readPath, query) => {
        fixture.asked.push(`${readPath}?${query.toString()}`);
        const found = samples[readPath];
        if (!fixture.reads || found === undefined) throw new ContentError('status', readPath, 404);
        return structuredClone(found);
      },
      page: { origin: 'https://www.example.com', imageBaseUrl: 'https://images.example.com/' },
      // Publish is tested in publish.test.ts (with a remote of its own).
      git: { remote: 'origin', timeoutMs: 5_000, localTimeoutMs: 10_000 },
      log: { warn: () => undefined, error: () => undefined },
    });
  });
  afterAll(() => rm(fixture.dir, { recursive: true, force: true }));
  return fixture;
}
