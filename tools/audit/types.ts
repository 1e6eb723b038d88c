/** The content audit's report (public) and what its checks pass around (one page's context, scope roots, look-ups). */
import type { DefinitionIndex } from '../../src/engine/definitions.server.ts';
import type { Located, SchemaStore } from '../../src/engine/schema-store.ts';

export type Severity = 'error' | 'warning';

export interface Finding {
  severity: Severity;
  /** JSON pointer inside the definition file (e.g. /sections/0/heading/$bind/0). */
  pointer: string;
  /** Path of the content value (e.g. page.page_data.name), when the finding is about content. */
  path?: string;
  /** The content-service read the value comes from (e.g. GET /api/page/blog). */
  source?: string;
  message: string;
}

export interface PageReport {
  file: string;
  /** The URL audited (route with discovered parameters); null for the not-found page. */
  url: string | null;
  findings: Finding[];
  /** Why the page was not audited. */
  skipped?: string;
}

export interface AuditReport {
  base: string;
  pages: PageReport[];
  notices: string[];
  requests: number;
  errors: number;
  warnings: number;
  ok: boolean;
}

export interface AuditOptions {
  /** Content service base URL. */
  base: string;
  user?: string;
  password?: string;
  /** Definitions folder (default page-definitions/). */
  definitionsDir?: string;
  /** Parameter values audited per route with parameters (default 3). */
  maxPerRoute?: number;
  timeoutMs?: number;
}

/** A name a binding path may start with (a source, params, search, site, item) and its value. */
export interface Root {
  value: unknown;
  /** Absolute content path of the value, e.g. list.list.data.3 */
  abs: string;
  /** Its schema (a content contract response, site.config.json's schema), when known. */
  loc?: Located;
  /** e.g. GET /api/page/blog */
  label: string;
}

/** The roots a page's bindings read, by name. */
export type Roots = Map<string, Root>;

/** What a binding path finds in the content. */
export interface Lookup {
  /** 'unavailable': its root is missing (a failed read, reported where the read failed). */
  status: 'ok' | 'absent' | 'unavailable';
  value?: unknown;
  abs: string;
  loc?: Located;
  label?: string;
  requiredByContract?: boolean;
  reason?: string;
}

/** A link found in HTML content, for the "same text, different targets" check. */
export interface HtmlLink {
  text: string;
  href: string;
  pointer: string;
  path?: string;
}

/** Where a checked value sits: its pointer in the definition, and the content it came from. */
export interface At {
  pointer: string;
  path?: string;
  source?: string;
}

/** What the checks of one page need, passed explicitly to each of them. */
export interface PageContext {
  store: SchemaStore;
  /** The site's route matching. */
  match: DefinitionIndex['match'];
  /** Site paths linked from the content so far (all pages) → the first page linking to each. */
  linked: Map<string, string>;
  /** This page as `linked` names it: file (URL). */
  from: string;
  /** Where this page's findings go. */
  findings: Finding[];
  /** Links of this page's HTML content that have text. */
  htmlLinks: HtmlLink[];
}
