import { useEffect, useState } from 'react';
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

/**
 * Bottom-right cookie notice. It renders after hydration (the server cannot know the visitor's
 * choice without varying the cached HTML), and it is fixed-position, so it shifts no layout.
 */
export function CookieConsent({ config }: { config: ResolvedChrome['cookieConsent'] }) {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    setVisible(readConsent(config.cookieName) === undefined);
  }, [config.cookieName]);

  if (!visible) return null;
  const choose = (status: ConsentStatus) => {
    writeConsent(config, status);
    setVisible(false);
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
