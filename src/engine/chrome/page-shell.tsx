import type { ReactNode } from 'react';
import { SmartLink } from '../../blocks/shared.tsx';
import type { Link } from '../../generated/site-config.ts';
import type { PageData, ResolvedChrome } from '../page-data.ts';
import { CookieConsent } from './cookie-consent.tsx';
import { Footer } from './footer.tsx';
import { FormHeader, Header } from './header.tsx';
import { NavigationProgress } from './navigation-progress.tsx';
import { useUrlFlags } from '../url-flags.ts';
import { useScrollToSection } from './scroll-to-section.ts';
import { useWebVitals } from './web-vitals.ts';
import { useSiteLinks } from './site-links.ts';

/** The layouts of SPEC §2: main (full chrome), form (reduced header), campaign (its own minimal header and footer), standalone (none). */
export function PageShell({
  layout,
  chrome,
  brochureButton,
  scrollTo,
  children,
}: {
  layout: PageData['layout'];
  chrome: ResolvedChrome;
  brochureButton?: Link;
  scrollTo?: PageData['scrollTo'];
  children: ReactNode;
}) {
  const flags = useUrlFlags();
  useScrollToSection(scrollTo);
  useWebVitals(chrome.cookieConsent.cookieName);
  useSiteLinks();
  return (
    <>
      {/* First in the page, so the page keeps the tab's gutter from its first frame (src/styles/chrome.css
          §9): the tab itself comes last, and a frame painted before the parser reached it moved the page. */}
      {brochureButton ? <span className="brochure-gutter" hidden /> : null}
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* First in the tab order after the skip link: a keyboard visitor meets it before it can hide anything. */}
      {layout === 'standalone' ? null : <CookieConsent config={chrome.cookieConsent} />}
      <NavigationProgress />
      {layout === 'main' ? (
        <Header chrome={chrome} />
      ) : layout === 'form' ? (
        <FormHeader chrome={chrome} title={chrome.header.formLayoutTitle} />
      ) : layout === 'campaign' ? (
        <FormHeader chrome={chrome} title={chrome.header.campaignLayoutTitle} />
      ) : null}
      <main
        id="main"
        className={`layout-${layout}`}
        tabIndex={-1}
        data-product-page={flags.productPage || undefined}
        data-subscription-platform-page={flags.subscriptionPlatformPage || undefined}
      >
        {children}
      </main>
      {layout === 'main' ? <Footer chrome={chrome} /> : layout === 'form' || layout === 'campaign' ? <Footer chrome={chrome} slim /> : null}
      {brochureButton ? (
        <SmartLink href={brochureButton.href} className="brochure-button">
          {brochureButton.label}
        </SmartLink>
      ) : null}
    </>
  );
}
