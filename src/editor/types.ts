/**
 * The page editor's contract (issue 12), shared by its browser side (src/editor/, the
 * /__editor and /__preview routes) and its development-server side (src/editor/api/: the JSON API
 * and the backend behind the routes' loaders). Development only: nothing here reaches a
 * production build (src/routes.ts leaves the routes out).
 */
import type { DefinitionFile, SectionSpec } from '../generated/page-definition.ts';
import type { PageLoader } from '../engine/page-loader.server.ts';
import type { LeftOutSection } from '../engine/page-data.ts';
import type { JsonSchema } from '../engine/schema-store.ts';
import type { Issue } from '../engine/validate/types.ts';

/** A definition as the editor holds it: the parsed file, keys in file order. */
export type DefinitionDraft = DefinitionFile;
export type SectionDraft = SectionSpec;

/**
 * One problem of the draft, exactly as `npm run validate` reports it (the validator's Issue; the file
 * is the session's): pointer, line, column, message, and `text`, the CLI's line (formatIssue), e.g.
 * `page-definitions/x.json:12:7 /sections/2/heading/$bind: message`.
 */
export type EditorIssue = Omit<Issue, 'file'> & {
  text: string;
  /** The same problem in a marketer's words, shown beside its field (./advice.ts); the editor adds it. */
  advice?: string;
};

/** A block the outline can add: from the registry, its schema and its fixture. */
export interface BlockInfo {
  name: string;
  title?: string;
  /** The schema's description (help text). */
  description: string;
  /** The block's props schema with every $ref inlined (rjsf needs no resolver). */
  schema: JsonSchema;
  /** What a new section starts with: the example props (src/blocks/<name>/fixture.ts) without their optional links (src/authoring/starter.ts). */
  fixture: Record<string, unknown>;
}

/** A GET endpoint of the content contract (schemas/content/contract.json) a source can read. */
export interface EndpointInfo {
  /** Contract path, e.g. /api/blog/{slug} */
  path: string;
  description?: string;
  /** Path parameters ({slug}); a source fills them with {params.x} / {search.x} or a literal. */
  params: string[];
  query: { name: string; required: boolean; description?: string }[];
  /** SPEC does not name it (x-assumed): a page may bind it only as an extra. */
  assumed?: string;
}

/** A value a prop can be bound to: one field of a source's response (or params / search / site). */
export interface FieldInfo {
  /** The whole binding path, e.g. page.page_data.name; inside an $each map, item.name. */
  path: string;
  type: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null' | 'unknown';
  /** contentMediaType text/html: bind it to an HTML prop. */
  html?: boolean;
  /** An image path (format image / image-path). */
  image?: boolean;
  description?: string;
  /** x-assumed: SPEC does not name the field. */
  assumed?: string;
  /** What the content service returned there just now (strings cut to 120 characters). */
  sample?: unknown;
  /** For a list of objects: the fields of one entry, as item.<field> paths (for $each maps). */
  items?: FieldInfo[];
  /**
   * For a list whose entries have pages of their own (a route's sitemap reads the same list): the
   * link to an entry's page as a template, e.g. /blog/{item.slug}, and that route (/blog/:slug).
   */
  entryPage?: { href: string; route: string };
}

/**
 * A list of another content source the page does not read yet (a contract endpoint without path
 * parameters): offered where a list is chosen; choosing it adds the source too.
 */
export interface OfferedList {
  /** The source it adds: a name no source of the page has, and the endpoint's path. */
  source: { name: string; path: string };
  /** What the endpoint is, from the contract. */
  description?: string;
  /** The list as the source will offer it (path `<name>.…`, entry fields, entry page). */
  field: FieldInfo;
}

/** What the editor page of one definition file starts from (the /__editor/<name> loader). */
export interface EditorSession {
  /** As `npm run validate` names it: page-definitions/about.json */
  file: string;
  /** The file name: about.json (the URL /__editor/about.json) */
  name: string;
  /** The text on disk when opened, and its modification time (the save refuses if it changed). */
  text: string;
  /** 0 for a new page not saved yet (its first Save creates the file, never over another). */
  mtimeMs: number;
  /** JSON.parse(text), or undefined when the file is not JSON (the editor then only lists the problem). */
  definition?: DefinitionDraft;
  issues: EditorIssue[];
  /** What `npm run validate` warns about (an empty navigation, a link without text): Save is not refused. */
  warnings: EditorIssue[];
  blocks: BlockInfo[];
  /** page-definition.schema.json with $refs inlined (page settings: layout, meta, route …). */
  pageSchema: JsonSchema;
  endpoints: EndpointInfo[];
  /** Bindable fields of the definition's sources (and params, search, site). */
  fields: FieldInfo[];
  /** Lists of endpoints the page does not read yet. */
  offeredLists: OfferedList[];
  /** A URL of the page to preview, route parameters filled in where a sample is known. */
  previewPath: string;
}

/** POST /__editor/api/draft: check a draft (on every change) and keep it for the preview. */
export interface DraftRequest {
  file: string;
  definition: DefinitionDraft;
  /** mtimeMs of the file as the editor has it: another one on disk → `conflict`. */
  mtimeMs?: number;
}
export interface DraftResponse {
  /** Preview it at /__preview/<draftId><previewPath>. */
  draftId: string;
  /** The file as a save would write it. */
  text: string;
  issues: EditorIssue[];
  warnings: EditorIssue[];
  fields: FieldInfo[];
  offeredLists: OfferedList[];
  previewPath: string;
  /** The file changed on disk since the editor had it (what a save would answer with 409)… */
  conflict?: string;
  /** …as the file's mtimeMs on disk when checked: stale once a save of the editor's own wrote that time. */
  diskMtimeMs?: number;
}

/** POST /__editor/api/save. */
export interface SaveRequest {
  file: string;
  definition: DefinitionDraft;
  /** mtimeMs of the file when it was opened (or last saved): a different one on disk → 409. */
  mtimeMs: number;
  /** Write even with validation problems (the file then fails `npm run validate`, as by hand). */
  anyway?: boolean;
}
/** 200: written. 409 (changed on disk), 422 (problems, not written without `anyway`), 400/403: `error` says why. */
export interface SaveResponse {
  saved: boolean;
  text?: string;
  mtimeMs?: number;
  issues?: EditorIssue[];
  warnings?: EditorIssue[];
  error?: string;
}

/** POST /__editor/api/create: a new definition from the same planner as `npm run new-page`. */
export interface CreateRequest {
  route: string;
  layout?: DefinitionDraft['layout'];
  /** name → content-service path, e.g. { page: "/api/page/guides" } */
  sources?: Record<string, string>;
  /** Starting blocks (may be empty: the page is built in the editor). */
  blocks: string[];
  /** File name without .json (default: from the route). */
  name?: string;
  /** The page's own title and meta description. */
  title?: string;
  description?: string;
}
/** POST /__editor/api/changes { file }: what Publish would commit (the saved file against git). */
export type ChangesResponse =
  | { git: false }
  | {
      git: true;
      /** The file as git names it. */
      path: string;
      /** Unified diff of the saved file against `base`; empty: nothing to publish. */
      diff: string;
      /** The page's branch, page/<name>: the commit goes there, never on the branch checked out. */
      branch: string;
      /** What the commit goes on top of: the page's branch when it exists, else the branch checked out. */
      base: string;
      /** The remote the branch is pushed to after the commit; absent when the checkout has no such remote. */
      remote?: string;
      /** The file on `base` (absent: a new file) and as it would be committed: what the change summary compares. */
      before?: string;
      after: string;
    };
/** POST /__editor/api/publish { file, message }: 200 with the commit, or 409 with `error`. */
/** The push of a published page's branch to the configured remote (src/editor/api/push.ts). */
export interface PushResult {
  /** `no-remote`: the checkout has no remote of that name; `failed`: refused, unreachable or past its deadline. */
  outcome: 'pushed' | 'no-remote' | 'failed';
  remote: string;
  /** git's own words (`failed`: why). */
  message?: string;
  /** The command that pushes the branch by hand. */
  command: string;
  /** The review link (EDITOR_REVIEW_URL with the branch), once pushed. */
  review?: string;
}

export interface PublishResponse {
  branch?: string;
  commit?: string;
  files?: string[];
  /**
   * The page's file in the working copy after the commit: `removed` (a new page: it lives on its
   * branch only), `restored` (back to what the branch checked out has), `kept` (it changed while
   * being published: left as it is).
   */
  workingCopy?: 'removed' | 'restored' | 'kept';
  /** The branch checked out (whose content the working copy keeps). */
  checkedOut?: string;
  push?: PushResult;
  /** The page as published, in the editor's preview (/__preview/<id><path>): a new page is no longer in the working copy. */
  preview?: string;
  error?: string;
}

/** 201 with `name` (open /__editor/<name>), or 422 with the planner's `errors` (nothing written). */
export interface CreateResponse {
  name?: string;
  file?: string;
  errors?: string[];
}

/** A row of the /__editor list. */
export interface EditorListEntry {
  file: string;
  name: string;
  routes: string[];
  layout?: string;
  served: boolean;
  issues: EditorIssue[];
  /** A new page made by "New page" and not saved yet: nothing on disk, not served. */
  unsaved?: boolean;
  /** Published from this editor to its branch and gone from the working copy: where it is, and its preview. */
  published?: { branch: string; preview?: string };
}

/** Messages between the editor and its preview frame (window.postMessage, same origin). */
export type PreviewMessage =
  | { type: 'editor:select'; position: number }
  | { type: 'editor:highlight'; position: number | undefined }
  /** The sections the previewed page leaves out, and why (sent on each load of the preview). */
  | { type: 'editor:left-out'; sections: LeftOutSection[] }
  /** A double-click on a text of a section: the text, and where the rendered props have it. */
  | { type: 'editor:inline'; position: number; text: string; shownAt: (string | number)[][] }
  /** Editor → preview: edit that text in place; it is the fixed prop at `pointer`. */
  | { type: 'editor:inline-open'; position: number; pointer: string }
  /** Preview → editor: the text edited in place. */
  | { type: 'editor:inline-commit'; position: number; pointer: string; value: string }
  /** Preview → editor: the edit in place is over (kept, or left as it was). */
  | { type: 'editor:inline-end' };
/**
 * The development server's editor (src/editor/api/backend.ts), handed to the routes through the load
 * context (`context.site.editor`; undefined in production).
 */
/** An image the picker offers for an image prop (GET /__editor/api/images). */
export interface ImageChoice {
  /** What the definition holds: a content image's path as the service gives it, or a site file's path from the root. */
  value: string;
  /** Where the editor loads it from to show it. */
  preview: string;
  /** Where it was found: "content: GET /api/page/about-us" or "site: public/brand/logo.svg". */
  from: string;
}

export interface EditorBackend {
  list(): EditorListEntry[];
  /** For "New page": every block (name, description) and every readable endpoint. */
  catalog(): Promise<{ blocks: { name: string; description: string }[]; endpoints: EndpointInfo[]; layouts: string[] }>;
  /** undefined: no such file in the definitions folder. */
  open(name: string): Promise<EditorSession | undefined>;
  /** The page a kept draft makes for this request's path (after /__preview/<draftId>); 404 for an unknown draft. */
  preview(draftId: string, request: Request): ReturnType<PageLoader['loadPageResponse']>;
}
