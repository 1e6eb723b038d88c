/**
 * The brand placeholder: `{brand}` stands for site.config.json's brand in definition routes,
 * source paths, contract paths and chrome links (/about-{brand}). One spelling, one substitution.
 */
import { placeholder } from './placeholders.ts';

export const BRAND_PLACEHOLDER = placeholder('brand');

/** `text` with `{brand}` filled in. */
export function withBrand(text: string, brand: string): string {
  return text.replaceAll(BRAND_PLACEHOLDER, brand);
}

/** The brand of a site config (site.config.json's `brand`), or the placeholder's word when it has none (it is reported then). */
export function brandOf(site: Record<string, unknown> | undefined): string {
  return typeof site?.brand === 'string' ? site.brand : 'brand';
}
