/**
 * The page editor's development-server side (issue 12), its operations as the JSON API (./api.ts)
 * and the preview route call them: opens a definition file with everything its forms need, checks
 * drafts exactly as `npm run validate` would check the file a save writes (./drafts.ts), keeps
 * drafts for the preview (rendered by the same page loader as the site, from definitions where the
 * draft replaces its file), saves into the definitions folder and creates new definitions with the
 * planner of `npm run new-page`. Nothing is written outside the definitions folder, nothing is
 * overwritten that changed on disk since it was opened (./files.ts).
 */
import { randomUUID } from 'node:crypto';
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { data } from 'react-router';
import type { DefinitionIndex } from '../../engine/definitions.server.ts';
import type {
  CreateRequest,
  CreateResponse,
  DefinitionDraft,
  DraftRequest,
  DraftResponse,
  EditorBackend,
  EditorListEntry,
  EditorSession,
  SaveRequest,
  SaveResponse,
  ChangesResponse,
  PublishResponse,
  ImageChoice,
} from '../types.ts';
import { createPageLoader, type PageLoaderOptions } from '../../engine/page-loader.server.ts';
import { LAYOUTS, planPage, type Layout } from '../../authoring/new-page.ts';
import { pageContext, previewPlace, routesOf, type Read } from './context.ts';
import { draftChecks, editorIssue, type Draft } from './drafts.ts';
import { createdMeanwhile, current, EditorError, FILE_NAME, siteFiles, target, write } from './files.ts';
import { previewTarget } from './overlay.ts';
import { imageChoices } from './images.ts';
import { pendingChange, publish, type GitSettings } from './publish.ts';
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
  /** Where Publish pushes and how long it waits (EDITOR_PUSH_REMOTE, EDITOR_REVIEW_URL, EDITOR_PUSH_TIMEOUT_MS, EDITOR_GIT_TIMEOUT_MS). */
  git: GitSettings;
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
  /** Commits the saved file to its page branch, puts the working copy back and pushes (src/editor/api/publish.ts). */
  publish(req: { file: string; message?: string }): Promise<Result<PublishResponse>>;
  /** The images the picker offers (src/editor/api/images.ts). */
  images(): Promise<ImageChoice[]>;
}

export { EditorError, previewTarget };

/** Why a draft of `file` must not be saved over it (the editor offers to reload it from disk). */
const changedOnDisk = (file: string) =>
  `${file} changed on disk since you opened it (another editor, git or a teammate): saving now would overwrite that change.`;

export function createEditorBackend(options: EditorBackendOptions): DevEditorBackend {
  const dir = path.resolve(options.definitionsDir);
  const siteDir = path.resolve(options.siteDir);
  const folders = { dir, siteDir };
  // The site's definitions and site.config.json, read once, a file again when it changed on disk.
  const files = siteFiles(folders);
  const checks = draftChecks(options.definitions, files);
  const drafts = new LRUCache<string, Draft>({ max: 50 });
  // New pages until their first Save (file name → text): nothing is on disk or served before it.
  const unsaved = new Map<string, { file: string; text: string; routes: string[]; layout?: string }>();
  // New pages published from here (on their branches, no longer in the working copy), by file name.
  const publishedPages = new Map<string, Pick<EditorListEntry, 'file' | 'routes' | 'layout' | 'published'>>();
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

  /** The file a request names, its definition, and the file's text on disk now. */
  async function prepare(req: { file: unknown; definition: unknown }) {
    const { abs, file } = target(folders, req.file);
    if (!isPlainObject(req.definition)) throw new EditorError(400, 'definition: the page definition, a JSON object');
    return { abs, file, definition: req.definition as unknown as DefinitionDraft, before: await current(abs) };
  }

  /** A saved definition's object (a saved file may still not be JSON: then an empty one). */
  function parsed(text: string): Record<string, unknown> {
    try {
      const value: unknown = JSON.parse(text);
      return isPlainObject(value) ? value : {};
    } catch {
      return {};
    }
  }

  /**
   * A preview of the page as published (the saved text, now on its branch): a new page leaves the
   * working copy with Publish, and this is where the marketer still sees it. Kept like a draft's.
   */
  async function publishedPreview(file: string, text: string): Promise<string> {
    const { overlay } = await checks.check(file, text);
    const draftId = randomUUID();
    drafts.set(draftId, { file, text, overlay });
    const place = await previewPlace(parsed(text), brandOf(options.definitions().site), read);
    return `/__preview/${draftId}${place.path}`;
  }

  /** The text a save writes, and its problems (exactly those `npm run validate` reports for that text). */
  const render = ({ file, before, definition }: Awaited<ReturnType<typeof prepare>>) => checks.render(file, before?.text, definition);

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
      const underReview = [...publishedPages.entries()]
        .filter(([name, page]) => !index.files.includes(page.file) && !unsaved.has(name))
        .map(([name, page]): EditorListEntry => ({ ...page, name, served: false, issues: [] }));
      return [
        ...fresh,
        ...underReview,
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
      const [{ issues, warnings }, blocks, context] = await Promise.all([
        checks.check(file, found.text),
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
        warnings,
        blocks,
        pageSchema: pageSchema(index.validator.store),
        endpoints: endpointInfos(index.contract),
        fields: context.fields,
        offeredLists: context.offeredLists,
        previewPath: context.previewPath,
      };
    },

    async draft(req): Promise<DraftResponse> {
      const prepared = await prepare(req);
      const { text, issues, warnings, overlay: index } = await render(prepared);
      const draftId = randomUUID();
      drafts.set(draftId, { file: prepared.file, text, overlay: index });
      const context = await pageContext(options.definitions(), read, prepared.definition);
      // Said at once, not only when Save is refused.
      const changed = typeof req.mtimeMs === 'number' && prepared.before && prepared.before.mtimeMs !== req.mtimeMs;
      return {
        draftId,
        text,
        issues,
        warnings,
        fields: context.fields,
        offeredLists: context.offeredLists,
        previewPath: context.previewPath,
        ...(changed ? { conflict: changedOnDisk(prepared.file), diskMtimeMs: prepared.before?.mtimeMs } : {}),
      };
    },

    async preview(draftId, request) {
      const draft = drafts.get(draftId);
      if (!draft) throw data('Not found', { status: 404 });
      const index = await checks.overlay(draft);
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
        const { text, issues, warnings } = await render(prepared);
        if (issues.length && !req.anyway) return { status: 422, body: { saved: false, text, issues } };
        // Saving what is already there leaves the file (and its time) alone.
        let mtimeMs = before?.mtimeMs ?? 0;
        if (text !== before?.text) {
          mtimeMs = await write(abs, text, !before && req.mtimeMs === 0);
          unsaved.delete(path.basename(abs));
          options.reload?.();
        }
        return { status: 200, body: { saved: true, text, mtimeMs, issues, warnings } };
      } catch (error) {
        if (error instanceof EditorError) return { status: error.status, body: { saved: false, error: error.message } };
        throw error;
      }
    },

    async changes(req): Promise<ChangesResponse> {
      const { abs } = target(folders, isPlainObject(req) ? req.file : undefined);
      if (!(await current(abs))) throw new EditorError(404, `${path.basename(abs)} is not saved yet: save it, then publish`);
      const change = await pendingChange(abs, options.git);
      return change ? { git: true, ...change } : { git: false };
    },

    async publish(req): Promise<Result<PublishResponse>> {
      const body: Record<string, unknown> = isPlainObject(req) ? req : {};
      const { abs, file } = target(folders, body.file);
      const message =
        typeof body.message === 'string' && body.message.trim() ? body.message.trim() : `Page ${file}: edited in the page editor`;
      const saved = await current(abs);
      if (!saved) return { status: 409, body: { error: `${file} is not saved yet: save it, then publish` } };
      try {
        const published = await publish(abs, message, options.git);
        const preview = await publishedPreview(file, saved.text);
        // A new page left the working copy: the list still shows where it went.
        if (published.workingCopy === 'removed') {
          const definition = parsed(saved.text);
          publishedPages.set(path.basename(abs), {
            file,
            routes: routesOf(definition, brandOf(options.definitions().site)),
            layout: typeof definition.layout === 'string' ? definition.layout : undefined,
            published: { branch: published.branch, preview },
          });
        }
        return { status: 200, body: { ...published, preview } };
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
      const [onDisk, site] = await Promise.all([files.definitions(), files.site()]);
      const brand = brandOf(index.site);
      const project = { validator: index.validator, contract: index.contract, definitionsDir: dir, files: onDisk, site, brand, siteDir };
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
