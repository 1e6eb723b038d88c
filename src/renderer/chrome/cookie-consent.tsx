import { useSyncExternalStore } from 'react';
import { SmartLink } from '../../blocks/shared.tsx';
import type { ResolvedChrome } from '../page-data.ts';

export type ConsentStatus = 'allow' | 'deny';

export function readConsent(cookieName: string, cookie = typeof document === 'undefined' ? '' : document.cookie): string | undefined {
  const entry = cookie.split('; ').find((part) => part.startsWith(`${cookieName}=`));
  return entry ? decodeURIComponent(entry.slice(cookieName.length + 1)) : undefined;
}

function writeConsent(config: ResolvedChrome['cookieConsent'], status: ConsentStatus) {
  const maxAge = (config.maxAgeDays ?? 365) * 24 * 60 * 60;
  const domain = config.cookieDomain ? `; domain=${config.cookieDomain}` : '';
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${config.cookieName}=${status}; path=/; max-age=${maxAge}; SameSite=Lax${domain}${secure}`;
}

// document.cookie has no change event: writers here notify the subscribed notices.
const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Bottom-right cookie notice. The server renders nothing (it cannot know the visitor's choice
 * without varying cached HTML); after hydration the cookie decides. It is fixed-position, so
 * appearing shifts no layout.
 */
export function CookieConsent({ config }: { config: ResolvedChrome['cookieConsent'] }) {
  const visible = useSyncExternalStore(
    subscribe,
    () => readConsent(config.cookieName) === undefined,
    () => false,
  );

  if (!visible) return null;
  const choose = (status: ConsentStatus) => {
    writeConsent(config, status);
    listeners.forEach((listener) => listener());
  };
  return (
    <section className="cookie-consent" role="dialog" aria-modal="false" aria-label="Cookie consent" aria-live="polite">
      <button type="button" className="cookie-consent__close" aria-label="Close cookie notice" onClick={() => choose('deny')}>
        <span aria-hidden="true">×</span>
      </button>
      <p className="cookie-consent__message">
        {config.message}{' '}
        <SmartLink href={config.linkHref} className="cookie-consent__link">
          {config.linkLabel}
        </SmartLink>
      </p>
      <div className="cookie-consent__actions">
        <button type="button" className="button button--secondary" onClick={() => choose('deny')}>
          {config.deny}
        </button>
        <button type="button" className="button button--primary" onClick={() => choose('allow')}>
          {config.allow}
        </button>
      </div>
    </section>
  );
}
