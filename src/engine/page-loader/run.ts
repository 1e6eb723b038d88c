/**
 * What every step of the page loader works with: the loader's options with their defaults, and the
 * run of one request (its definition index, the sections it left out, whether its content was stale).
 */
import type { CacheRead } from '../content-cache.ts';
import type { DefinitionIndex } from '../definitions.server.ts';
import type { LeftOutSection } from '../page-data.ts';

export interface PageLoaderOptions {
  /** The current definition index (development swaps it when a file changes). */
  definitions: () => DefinitionIndex;
  /**
   * A content read (cached, contract-checked): its data, and `stale` when the service failed and
   * this is the last good value. Throws ContentError when it cannot be had.
   */
  read: (path: string, query: URLSearchParams) => Promise<CacheRead>;
  /** Public origin for canonical URLs and JSON-LD. */
  origin: string;
  /** Public prefix of relative content image paths, ending in "/". */
  imageBaseUrl: string;
  captchaSiteKey?: string;
  sanitize?: { html: (html: string) => string; embed: (html: string, allowedSrc: string) => string };
  log?: { warn: (line: string) => void; error: (...args: unknown[]) => void };
  /** The editor's preview: the page says which sections it left out, and why (PageData.leftOut). */
  explain?: boolean;
  /** Told the route template a request was matched to (`not-found` when none): the server's logs and metrics. */
  onRoute?: (route: string) => void;
}

/** What the pipeline needs at each step: the options with their defaults, and the index of this request. */
export interface Run extends Required<Omit<PageLoaderOptions, 'captchaSiteKey' | 'definitions' | 'explain' | 'onRoute'>> {
  onRoute?: (route: string) => void;
  index: DefinitionIndex;
  captchaSiteKey?: string;
  logOnce: (message: string) => void;
  /** With `explain`: the sections of the page left out so far. */
  leftOut?: LeftOutSection[];
  /** A read of this request was served stale, or an optional one failed and was left out: the page is shown but not kept. */
  stale: boolean;
}

/**
 * What the page loader tells whoever finishes the response of one request (src/entry.server.tsx):
 * `stale` when the page was made with content served stale or left out after a failed read.
 */
export interface PageReport {
  stale: boolean;
}
