/**
 * The page editor's development-server side (issue 12): opens a definition file with everything its
 * forms need, checks drafts exactly as `npm run validate` would check the file a save writes, keeps
 * drafts for the preview (rendered by the same page loader as the site, from definitions where the
 * draft replaces its file), saves into the definitions folder and creates new definitions with the
 * planner of `npm run new-page`. Nothing is written outside the definitions folder, nothing is
 * overwritten that changed on disk since it was opened.
 */
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, open } from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { data } from 'react-router';
import { definitionIndex, type DefinitionIndex } from '../../engine/definitions.server.ts';
import type {
  CreateRequest,
  CreateResponse,
  DefinitionDraft,
  DraftRequest,
  DraftResponse,
  EditorBackend,
  EditorIssue,
  EditorListEntry,
  EditorSession,
  SaveRequest,
  SaveResponse,
  ChangesResponse,
  PublishResponse,
  ImageChoice,
} from '../types.ts';
import { createPageLoader, type PageLoaderOptions } from '../../engine/page-loader.server.ts';
import { formatIssue, type Issue } from '../../engine/validate/types.ts';
import { readDefinitionFiles, readSiteFile } from '../../engine/site-inputs.server.ts';
import { LAYOUTS, planPage, type Layout } from '../../authoring/new-page.ts';
import { pageContext, type Read } from './context.ts';
import { previewTarget, withFile } from './overlay.ts';
import { imageChoices } from './images.ts';
import { pendingChange, publish } from './publish.ts';
import { definitionText } from './rewrite.ts';
import { blockInfos, endpointInfos, pageSchema } from './schemas.ts';
import { isPlainObject } from '../../engine/bindings.ts';
import { brandOf } from '../../engine/brand.ts';

export interface EditorBackendOptions {
  /** Absolute path of the definitions folder (PAGE_DEFINITIONS_DIR or page-definitions/). */
  definitionsDir: string;
  /** The site folder (SITE_DIR's): files are named relative to it, as `npm run validate` names them. */
  siteDir: string;
  /** The site's current definition index (its validator, contract and site config). */
  definitions: () => DefinitionIndex;
  /** The site's content read (samples, preview). */
  read: Read;
  page: { origin: string; imageBaseUrl: string; captchaSiteKey?: string };
  log?: PageLoaderOptions['log'];
  /** Re-reads the site's definitions (after a save or create). */
  reload?: () => void;
}

export interface Result<T> {
  status: number;
  body: T;
}

export interface DevEditorBackend extends EditorBackend {
  draft(req: DraftRequest): Promise<DraftResponse>;
  save(req: SaveRequest): Promise<Result<SaveResponse>>;
  create(req: CreateRequest): Promise<Result<CreateResponse>>;
  /** What Publish would commit: the saved file against git (`git: false` outside a checkout). */
  changes(req: { file: string }): Promise<ChangesResponse>;
  /** Commits the saved file to its page branch (src/editor/api/publish.ts). */
  publish(req: { file: string; message?: string }): Promise<Result<PublishResponse>>;
  /** The images the picker offers (src/editor/api/images.ts). */
  images(): Promise<ImageChoice[]>;
}

/** A request the editor cannot serve: `status` is the HTTP answer (400 malformed, 403 outside the folder). */
export class EditorError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'EditorError';
  }
}

export { previewTarget };

/** The refusal of a symbolic link in the definitions folder (it could lead anywhere on the disk). */
function symbolicLink(abs: string): EditorError {
  return new EditorError(
    403,
    `${path.basename(abs)} is a symbolic link: the editor reads and writes only plain files of the definitions folder`,
  );
}

/** A definition file name the editor reads and writes: lower-case words, directly in the folder. */
const FILE_NAME = /^[a-z0-9][a-z0-9-]*\.json$/;

/** Why a new page's first Save did not create its file. */
const createdMeanwhile = (abs: string) => `${path.basename(abs)} was created on disk meanwhile: choose another file name for this page`;

/** Why a draft of `file` must not be saved over it (the editor offers to reload it from disk). */
const changedOnDisk = (file: string) =>
  `${file} changed on disk since you opened it (another editor, git or a teammate): saving now would overwrite that change.`;

export function editorIssue(issue: Issue): EditorIssue {
  return { pointer: issue.pointer, line: issue.line, column: issue.column, message: issue.message, text: formatIssue(issue) };
}

interface Draft {
  file: string;
  text: string;
  /** The index the preview renders from, for the site index it was built on (rebuilt when that reloads). */
  overlay: { base: DefinitionIndex; index: DefinitionIndex };
}

export function createEditorBackend(options: EditorBackendOptions): DevEditorBackend {
  const dir = path.resolve(options.definitionsDir);
  const siteDir = path.resolve(options.siteDir);
  const drafts = new LRUCache<string, Draft>({ max: 50 });
  // New pages until their first Save (file name → text): nothing is on disk or served before it.
  const unsaved = new Map<string, { file: string; text: string; routes: string[]; layout?: string }>();
  // Pickers ask again on every change: the same sample for a few seconds.
  const samples = new LRUCache<string, Promise<unknown>>({ max: 200, ttl: 5_000 });
  // The picker's images: read once a minute at most (about fifty reads of the content service).
  const imageList = new LRUCache<string, Promise<ImageChoice[]>>({ max: 4, ttl: 60_000 });
  const read: Read = (readPath, query) => {
    const key = `${readPath}?${query.toString()}`;
    let found = samples.get(key);
    if (!found) {
      found = options.read(readPath, query);
      samples.set(key, found);
      found.catch(() => samples.delete(key));
    }
    return found;
  };

  /** The file a request names (a plain name, or as validate names it), refused outside the folder. */
  function target(file: unknown): { abs: string; file: string } {
    if (typeof file !== 'string' || !file) throw new EditorError(400, 'file: name the definition file, e.g. about.json');
    const abs = /[/\\]/.test(file) ? path.resolve(siteDir, file) : path.resolve(dir, file);
    if (!abs.startsWith(dir + path.sep) || path.dirname(abs) !== dir) {
      throw new EditorError(403, `${file} is not a file of the definitions folder ${path.relative(siteDir, dir) || dir}`);
    }
    if (!FILE_NAME.test(path.basename(abs))) {
      throw new EditorError(400, `${path.basename(abs)}: a definition file name is lower-case letters, digits and dashes, ending in .json`);
    }
    return { abs, file: path.relative(siteDir, abs) };
  }

  /**
   * `text` checked as `npm run validate` would with the folder's other files: its problems, and the
   * site's definition index with it in place (what the preview renders from), from one validation.
   */
  async function check(file: string, text: string): Promise<{ issues: EditorIssue[]; overlay: Draft['overlay'] }> {
    const base = options.definitions();
    const [files, site] = [readDefinitionFiles(siteDir, dir), readSiteFile(siteDir)];
    const all = withFile(files, file, text);
    const result = base.validator.validate(all, site);
    // The preview renders the draft being edited, also where it takes another page's route (a
    // problem it is told): of equal routes the first definition wins.
    const definitions = [...result.definitions.filter((d) => d.file === file), ...result.definitions.filter((d) => d.file !== file)];
    const index = definitionIndex(
      base.validator,
      base.contract,
      all.map((f) => f.file),
      { ...result, definitions, site: result.site ?? base.site },
    );
    return { issues: result.issues.filter((issue) => issue.file === file).map(editorIssue), overlay: { base, index } };
  }

  /**
   * The file's text and time, or undefined when there is no plain file of that name. Opened without
   * following a symbolic link (O_NOFOLLOW): a link in the folder could point anywhere.
   */
  async function current(abs: string): Promise<{ text: string; mtimeMs: number } | undefined> {
    let handle;
    try {
      handle = await open(abs, constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw symbolicLink(abs);
      return undefined;
    }
    try {
      const info = await handle.stat();
      return info.isFile() ? { text: await handle.readFile('utf8'), mtimeMs: info.mtimeMs } : undefined;
    } finally {
      await handle.close();
    }
  }

  /** Writes `text` into the file itself (created if new), never through a symbolic link; its new time. */
  /** Writes the file; `create`: only if there is none yet (a new page's first Save). */
  async function write(abs: string, text: string, create = false): Promise<number> {
    let handle;
    try {
      const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW | (create ? constants.O_EXCL : constants.O_TRUNC);
      handle = await open(abs, flags, 0o644);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw symbolicLink(abs);
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new EditorError(409, createdMeanwhile(abs));
      throw error;
    }
    try {
      await handle.writeFile(text);
      return (await handle.stat()).mtimeMs;
    } finally {
      await handle.close();
    }
  }

  /** The file a request names, its definition, and the file's text on disk now. */
  async function prepare(req: { file: unknown; definition: unknown }) {
    const { abs, file } = target(req.file);
    if (!isPlainObject(req.definition)) throw new EditorError(400, 'definition: the page definition, a JSON object');
    return { abs, file, definition: req.definition as unknown as DefinitionDraft, before: await current(abs) };
  }

  /** The text a save writes, and its problems (exactly those `npm run validate` reports for that text). */
  async function render(prepared: Awaited<ReturnType<typeof prepare>>) {
    const { file, before, definition } = prepared;
    const text = await definitionText(before?.text, definition, file, options.definitions().validator.store);
    return { text, ...(await check(file, text)) };
  }

  /** The draft's index; checked again only when the site's definitions were reloaded since. */
  async function overlay(draft: Draft): Promise<DefinitionIndex> {
    if (draft.overlay.base !== options.definitions()) draft.overlay = (await check(draft.file, draft.text)).overlay;
    return draft.overlay.index;
  }

  return {
    list(): EditorListEntry[] {
      const index = options.definitions();
      const fresh = [...unsaved.entries()]
        .filter(([, page]) => !index.files.includes(page.file))
        .map(([name, page]): EditorListEntry => ({
          file: page.file,
          name,
          routes: page.routes,
          layout: page.layout,
          served: false,
          issues: [],
          unsaved: true,
        }));
      return [
        ...fresh,
        ...index.files.map((file) => {
          const definition = index.definitions.find((d) => d.file === file);
          return {
            file,
            name: path.basename(file),
            routes: definition?.routes ?? [],
            layout: definition?.layout,
            served: Boolean(definition),
            issues: index.issues.filter((issue) => issue.file === file).map(editorIssue),
          };
        }),
      ];
    },

    images() {
      const index = options.definitions();
      const brand = brandOf(index.site);
      let found = imageList.get(brand);
      if (!found) {
        found = imageChoices({
          store: index.validator.store,
          contract: index.contract,
          brand,
          read,
          imageBaseUrl: options.page.imageBaseUrl,
          publicDir: path.join(siteDir, 'public'),
        });
        imageList.set(brand, found);
        found.catch(() => imageList.delete(brand));
      }
      return found;
    },

    async catalog() {
      const index = options.definitions();
      const blocks = await blockInfos(index.validator.store);
      return {
        blocks: blocks.map(({ name, description }) => ({ name, description })),
        endpoints: endpointInfos(index.contract),
        layouts: [...LAYOUTS],
      };
    },

    async open(name): Promise<EditorSession | undefined> {
      if (!FILE_NAME.test(name)) return undefined;
      const abs = path.join(dir, name);
      // A symbolic link is not a file of the folder: not found, like in the list.
      const onDisk = await current(abs).catch((error: unknown) => {
        if (error instanceof EditorError) return undefined;
        throw error;
      });
      const fresh = unsaved.get(name);
      const found = onDisk ?? (fresh && { text: fresh.text, mtimeMs: 0 });
      if (!found) return undefined;
      const file = path.relative(siteDir, abs);
      let definition: DefinitionDraft | undefined;
      try {
        const parsed: unknown = JSON.parse(found.text);
        if (isPlainObject(parsed)) definition = parsed as unknown as DefinitionDraft;
      } catch {
        // Not JSON: the session lists the problem (the validator's parse error) and nothing else.
      }
      const index = options.definitions();
      const [issues, blocks, context] = await Promise.all([
        check(file, found.text).then((checked) => checked.issues),
        blockInfos(index.validator.store),
        pageContext(index, read, definition),
      ]);
      return {
        file,
        name,
        text: found.text,
        mtimeMs: found.mtimeMs,
        definition,
        issues,
        blocks,
        pageSchema: pageSchema(index.validator.store),
        endpoints: endpointInfos(index.contract),
        fields: context.fields,
        previewPath: context.previewPath,
      };
    },

    async draft(req): Promise<DraftResponse> {
      const prepared = await prepare(req);
      const { text, issues, overlay: index } = await render(prepared);
      const draftId = randomUUID();
      drafts.set(draftId, { file: prepared.file, text, overlay: index });
      const context = await pageContext(options.definitions(), read, prepared.definition);
      // Said at once, not only when Save is refused.
      const changed = typeof req.mtimeMs === 'number' && prepared.before && prepared.before.mtimeMs !== req.mtimeMs;
      return {
        draftId,
        text,
        issues,
        fields: context.fields,
        previewPath: context.previewPath,
        ...(changed ? { conflict: changedOnDisk(prepared.file), diskMtimeMs: prepared.before?.mtimeMs } : {}),
      };
    },

    async preview(draftId, request) {
      const draft = drafts.get(draftId);
      if (!draft) throw data('Not found', { status: 404 });
      const index = await overlay(draft);
      // The preview is never kept by any cache: whether a read was served stale does not matter to it.
      const read = async (readPath: string, query: URLSearchParams) => ({ data: await options.read(readPath, query), stale: false });
      const pages = createPageLoader({ ...options.page, definitions: () => index, read, log: options.log, explain: true });
      const { path: pagePath } = previewTarget(new URL(request.url));
      // Concatenated, not resolved: a path such as //host stays a path of the site.
      return pages.loadPageResponse(new Request(`${options.page.origin}${pagePath}`, { headers: request.headers }));
    },

    async save(req): Promise<Result<SaveResponse>> {
      try {
        const prepared = await prepare(req);
        const { abs, file, before } = prepared;
        if (before && before.mtimeMs !== req.mtimeMs) {
          // A new page (0) whose file appeared meanwhile, or a file changed since it was opened.
          const error = req.mtimeMs === 0 ? createdMeanwhile(abs) : changedOnDisk(file);
          return { status: 409, body: { saved: false, error } };
        }
        const { text, issues } = await render(prepared);
        if (issues.length && !req.anyway) return { status: 422, body: { saved: false, text, issues } };
        // Saving what is already there leaves the file (and its time) alone.
        let mtimeMs = before?.mtimeMs ?? 0;
        if (text !== before?.text) {
          mtimeMs = await write(abs, text, !before && req.mtimeMs === 0);
          unsaved.delete(path.basename(abs));
          options.reload?.();
        }
        return { status: 200, body: { saved: true, text, mtimeMs, issues } };
      } catch (error) {
        if (error instanceof EditorError) return { status: error.status, body: { saved: false, error: error.message } };
        throw error;
      }
    },

    async changes(req): Promise<ChangesResponse> {
      const { abs } = target(isPlainObject(req) ? req.file : undefined);
      if (!(await current(abs))) throw new EditorError(404, `${path.basename(abs)} is not saved yet: save it, then publish`);
      const change = await pendingChange(abs);
      return change ? { git: true, ...change } : { git: false };
    },

    async publish(req): Promise<Result<PublishResponse>> {
      const body: Record<string, unknown> = isPlainObject(req) ? req : {};
      const { abs, file } = target(body.file);
      const message =
        typeof body.message === 'string' && body.message.trim() ? body.message.trim() : `Page ${file}: edited in the page editor`;
      if (!(await current(abs))) return { status: 409, body: { error: `${file} is not saved yet: save it, then publish` } };
      try {
        return { status: 200, body: await publish(abs, message) };
      } catch (error) {
        return { status: 409, body: { error: `Not published: ${(error as Error).message}` } };
      }
    },

    async create(req): Promise<Result<CreateResponse>> {
      let input: CreateRequest;
      try {
        input = createInput(req);
      } catch (error) {
        if (error instanceof EditorError) return { status: error.status, body: { errors: [error.message] } };
        throw error;
      }
      const index = options.definitions();
      const [files, site] = [readDefinitionFiles(siteDir, dir), readSiteFile(siteDir)];
      const brand = brandOf(index.site);
      const project = { validator: index.validator, contract: index.contract, definitionsDir: dir, files, site, brand, siteDir };
      const plan = await planPage(input, project, { allowNoBlocks: true });
      if (plan.errors.length) return { status: 422, body: { errors: plan.errors } };
      const name = path.basename(plan.file);
      // Anything of that name, a link to nowhere included, is there already.
      if (
        await lstat(path.resolve(siteDir, plan.file)).then(
          () => true,
          () => false,
        )
      )
        return { status: 422, body: { errors: [`${plan.file} already exists: choose another file name`] } };
      if (unsaved.has(name))
        return { status: 422, body: { errors: [`${name} is a new page not saved yet: open it, or choose another name`] } };
      // Nothing is written yet: the page is a draft (not on disk, not served) until its first Save,
      // which creates the file only if none appeared meanwhile.
      const planned = plan.definition as { route?: string | string[]; layout?: string };
      unsaved.set(name, { file: plan.file, text: plan.text, routes: ([] as string[]).concat(planned.route ?? []), layout: planned.layout });
      return { status: 201, body: { name, file: plan.file } };
    },
  };
}

/** The planner's input from a request body, refused (400) when it is not shaped like a CreateRequest. */
function createInput(req: unknown): CreateRequest {
  if (!isPlainObject(req) || typeof req.route !== 'string') throw new EditorError(400, 'route: the new page’s route, e.g. /guides');
  const blocks = req.blocks ?? [];
  if (!Array.isArray(blocks) || !blocks.every((b) => typeof b === 'string')) throw new EditorError(400, 'blocks: a list of block names');
  const sources = req.sources ?? {};
  if (!isPlainObject(sources) || !Object.values(sources).every((s) => typeof s === 'string')) {
    throw new EditorError(400, 'sources: source name → content-service path');
  }
  if (req.layout !== undefined && !LAYOUTS.includes(req.layout as Layout))
    throw new EditorError(400, `layout: one of ${LAYOUTS.join(', ')}`);
  if (req.name !== undefined && typeof req.name !== 'string') throw new EditorError(400, 'name: the file name without .json');
  for (const key of ['title', 'description'] as const) {
    if (req[key] !== undefined && typeof req[key] !== 'string') throw new EditorError(400, `${key}: the page's ${key}, text`);
  }
  return {
    route: req.route,
    layout: req.layout as Layout | undefined,
    sources: sources as Record<string, string>,
    blocks: blocks as string[],
    name: req.name as string | undefined,
    title: req.title as string | undefined,
    description: req.description as string | undefined,
  };
}
