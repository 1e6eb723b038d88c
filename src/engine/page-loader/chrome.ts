/** The site's header and footer (site.config.json), the footer's bindings resolved against the page's content. */
import { resolve, type Scope } from '../bindings.ts';
import { withBrand } from '../brand.ts';
import type { ResolvedChrome } from '../page-data.ts';
import { sanitizeHtml } from '../sanitize.ts';
import type { SiteConfig } from '../../generated/site-config.ts';
import { textOptions } from './meta.ts';

/** `{brand}` in chrome links becomes the configured brand, like in routes (/about-{brand}). */
function brandEverywhere<T>(value: T, brand: string): T {
  if (typeof value === 'string') return withBrand(value, brand) as T;
  if (Array.isArray(value)) return value.map((entry: unknown) => brandEverywhere(entry, brand)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, brandEverywhere(entry, brand)])) as T;
  }
  return value;
}

/**
 * The header and footer of site.config.json, the footer's bindings resolved. Every bindable footer
 * value is text (textValue/htmlValue in the site schema): a bound value that is not text gives way
 * to the binding's default in site.config.json, or is left out, and is logged once.
 */
export function resolveChrome(
  site: SiteConfig,
  scope: Scope,
  sanitize: (html: string) => string = sanitizeHtml,
  logOnce: (message: string) => void = () => undefined,
): ResolvedChrome {
  const resolved = resolve(site.footer, scope, textOptions(logOnce, 'site.config.json /footer'));
  const footer = brandEverywhere(resolved as ResolvedChrome['footer'], site.brand);
  const contact = footer.contact?.text ? { ...footer.contact, text: sanitize(footer.contact.text) } : footer.contact;
  return {
    name: site.name,
    logo: site.logo,
    header: brandEverywhere(site.header, site.brand),
    footer: { ...footer, contact, social: footer.social ?? {} },
    cookieConsent: site.cookieConsent,
  };
}
