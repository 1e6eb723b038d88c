/**
 * The two URL flags of SPEC §4 (product page, subscription-platform page). Their path lists
 * live in site.config.json; blocks read them with useUrlFlags(), and they follow navigation
 * because they derive from the current location.
 */
import { useLocation } from 'react-router';
import type { SiteConfig } from '../generated/site-config.ts';
import { browserConfig } from './site-browser.ts';

export interface UrlFlags {
  productPage: boolean;
  subscriptionPlatformPage: boolean;
}

export function urlFlags(pathname: string, config: SiteConfig['urlFlags'] = browserConfig.urlFlags): UrlFlags {
  const contains = (list?: string[]) => (list ?? []).some((part) => pathname.includes(part));
  const productPage = contains(config?.productPage);
  return { productPage, subscriptionPlatformPage: productPage && contains(config?.subscriptionPlatformPage) };
}

export function useUrlFlags(): UrlFlags {
  return urlFlags(useLocation().pathname);
}
