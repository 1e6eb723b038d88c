/** What the page loader sends to the browser: resolved, sanitized props only (no raw content). */
import type { BlockName } from '../blocks/registry.ts';
import type { Link, SiteConfig } from '../generated/site-config.ts';

export interface ResolvedSection {
  block: BlockName;
  id?: string;
  /** sectionKey(): stable React key; its position lets the editor's preview map a section back to the definition. */
  key: string;
  props: Record<string, unknown>;
}

/** A section's key: its position in the definition and its block (sections left out leave gaps). */
export const sectionKey = (position: number, block: string) => `${position}-${block}`;

/** The definition position a section key names. */
export const positionOfKey = (key: string): number => Number.parseInt(key, 10);

export interface PageMeta {
  title?: string;
  description?: string;
  keywords?: string;
}

/** Canonical URL, Open Graph / Twitter card inputs and indexing, for `meta` (src/engine/page-route.tsx). */
export interface PageSeo {
  /** Absolute canonical URL (origin + path, plus ?page=N when N > 1); absent on the 404 page. */
  canonical?: string;
  siteName: string;
  /** Open Graph type: "website", or what the page's first block marked "x-page-type" says (e.g. "article"). */
  type: string;
  /** Absolute URL of the first value of a block prop marked "x-page-image" (e.g. a banner's image). */
  image?: string;
}

export interface ResolvedChrome {
  name: string;
  logo: SiteConfig['logo'];
  header: SiteConfig['header'];
  footer: {
    columns: SiteConfig['footer']['columns'];
    badge?: SiteConfig['footer']['badge'];
    social: { linkedin?: string; twitter?: string; facebook?: string; youtube?: string };
    contact?: { heading?: string; text?: string; link?: Link; form?: NonNullable<SiteConfig['footer']['contact']>['form'] };
    newsletter?: { enabled?: boolean; heading?: string; form?: NonNullable<SiteConfig['footer']['newsletter']>['form'] };
    copyright?: string;
  };
  cookieConsent: SiteConfig['cookieConsent'];
}

export interface PageData {
  layout: 'main' | 'form' | 'campaign' | 'standalone';
  meta: PageMeta;
  seo: PageSeo;
  /** JSON-LD documents, serialized and escaped for `<script type="application/ld+json">`. */
  jsonLd: string[];
  sections: ResolvedSection[];
  chrome: ResolvedChrome;
  brochureButton?: Link;
  scrollTo?: { section: string; offset?: number };
  /** Browser-side form settings (public values only). */
  forms: { captchaSiteKey?: string };
  /** Only for the editor's preview (the loader's `explain`): the sections left out, and why. */
  leftOut?: LeftOutSection[];
}

/** A section of the definition the page does not show: its position, its block and the reason in words. */
export interface LeftOutSection {
  position: number;
  block: string;
  reason: string;
}

export interface ContentUnavailable {
  kind: 'content-unavailable';
  message: string;
  chrome: ResolvedChrome;
  /** 'server' when the page failed for another reason than its content (a bug). */
  cause?: 'content' | 'server';
}

export function isPageData(value: unknown): value is PageData {
  return typeof value === 'object' && value !== null && 'sections' in value && 'chrome' in value;
}

export function isContentUnavailable(value: unknown): value is ContentUnavailable {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'content-unavailable';
}
