import { useEffect, useRef, useState } from 'react';
import { Form } from '../../blocks/form/component.tsx';
import { SmartLink } from '../../blocks/shared.tsx';
import type { Link, SiteConfig } from '../../generated/site-config.ts';

type FooterFormName = NonNullable<NonNullable<SiteConfig['footer']['contact']>['form']>;

/**
 * The footer's 'Get in touch' form. It is on every page but rarely used, so its code (rjsf and
 * the validator, ~90 KB) loads only when the visitor scrolls the footer near the viewport; until
 * then, without JavaScript, and on pages too short to scroll, a link to the contact page (which
 * has the same form) stands in. Watching starts at the first scroll, so a page that opens with
 * its footer in view does not pay for a form nobody asked for.
 */
// The form name is checked against schemas/forms/ when the site config is validated, so the
// browser bundle needs no list of forms.
export function FooterForm({ form, link }: { form: FooterFormName; link?: Link }) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '400px' },
    );
    const watch = () => observer.observe(element);
    window.addEventListener('scroll', watch, { once: true, passive: true });
    return () => {
      window.removeEventListener('scroll', watch);
      observer.disconnect();
    };
  }, [near]);
  return (
    <div ref={box} className="site-footer__form">
      {near ? (
        <Form form={form} />
      ) : link ? (
        <SmartLink href={link.href} className="button button--primary">
          {link.label}
        </SmartLink>
      ) : null}
    </div>
  );
}
