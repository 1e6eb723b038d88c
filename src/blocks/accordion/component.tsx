import { useId, useState } from 'react';
import { useLocation } from 'react-router';
import { BlockSection, FooterLink, Html, listOf, SmartLink, type BlockExtras } from '../shared.tsx';
import type { Resolved } from '../defaults.ts';

export function Accordion({ heading, nav, items, openFirst, footerLink }: Resolved<'accordion'> & BlockExtras) {
  const entries = listOf(items);
  const [open, setOpen] = useState<Set<number>>(() => new Set(openFirst && entries.length ? [0] : []));
  const location = useLocation();
  const id = useId();
  const here = location.pathname + location.search;
  // Only links with a text and a target; a navigation without any is left out (an empty
  // "Categories" box beside the questions, and an empty landmark, otherwise).
  const navLinks = listOf(nav?.links).filter((link) => link.label && link.href);
  const withNav = navLinks.length > 0;
  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  return (
    <BlockSection className={withNav ? 'accordion accordion--with-nav' : 'accordion'} heading={heading}>
      <div className="accordion__layout">
        {withNav ? (
          <nav className="accordion__nav" aria-label={nav?.label}>
            <ul>
              {navLinks.map((link) => (
                <li key={link.href}>
                  <SmartLink href={link.href} aria-current={link.href === here || link.href === location.pathname ? 'page' : undefined}>
                    {link.label}
                  </SmartLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <div className="accordion__items">
          {entries.map((item, index) => {
            const expanded = open.has(index);
            return (
              <div key={index} className={expanded ? 'accordion__item accordion__item--open' : 'accordion__item'}>
                <h3 className="accordion__question">
                  <button
                    type="button"
                    aria-expanded={expanded}
                    aria-controls={`${id}-panel-${index}`}
                    id={`${id}-q-${index}`}
                    onClick={() => toggle(index)}
                  >
                    {item.question}
                  </button>
                </h3>
                {/* The panel stays in the DOM (hidden when closed) so its height can animate and find-in-page works. */}
                <div
                  id={`${id}-panel-${index}`}
                  role="region"
                  aria-labelledby={`${id}-q-${index}`}
                  className="accordion__panel"
                  hidden={!expanded}
                >
                  <Html html={item.answer} />
                </div>
              </div>
            );
          })}
          <FooterLink link={footerLink} className="accordion__footer" linkClassName="text-link" />
        </div>
      </div>
    </BlockSection>
  );
}
