import { useMemo } from 'react';
import { SmartLink } from '../../blocks/shared.tsx';
import type { Link, SiteConfig } from '../../generated/site-config.ts';
import { OwnBoundary } from '../render-sections.tsx';

type FooterFormName = NonNullable<NonNullable<SiteConfig['footer']['contact']>['form']>;

/**
 * The footer's 'Get in touch' form. It is on every page but rarely used: the server renders it
 * whole, so the footer has its final size from the first paint, and its code (rjsf and the
 * validator, ~90 KB) loads only when the visitor reaches for it, as every form block's does
 * (../../blocks/island.tsx); a page that opens with the footer in view pays for nothing until the
 * form is used. It is the form block, waiting for its code as a section does (../section-code.ts):
 * no form code is in the first load. Without JavaScript the form cannot send: the contact page's
 * link stands in.
 */
// The form name is checked against schemas/forms/ when the site config is validated, so the
// browser bundle needs no list of forms.
// Named by the footer's heading over it (`labelledBy`, the heading's id).
export function FooterForm({ form, link, labelledBy }: { form: FooterFormName; link?: Link; labelledBy?: string }) {
  const props = useMemo(() => ({ form, labelledBy }), [form, labelledBy]);
  return (
    <div className="site-footer__form" data-waits-for="form">
      <OwnBoundary name="form" props={props} />
      {link ? (
        <noscript>
          <SmartLink href={link.href} className="button button--primary">
            {link.label}
          </SmartLink>
        </noscript>
      ) : null}
    </div>
  );
}
