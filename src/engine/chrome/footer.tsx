import { useId } from 'react';
import { Html, NewTabLink, SmartLink } from '../../blocks/shared.tsx';
import type { ResolvedChrome } from '../page-data.ts';
import { FooterForm } from './footer-form.tsx';
import { Held } from '../held.tsx';

const SOCIAL = [
  ['linkedin', 'LinkedIn'],
  ['twitter', 'Twitter'],
  ['facebook', 'Facebook'],
  ['youtube', 'YouTube'],
] as const;

export function Footer({ chrome, slim = false }: { chrome: ResolvedChrome; slim?: boolean }) {
  const { footer } = chrome;
  const id = useId();
  const social = SOCIAL.flatMap(([key, label]) => {
    const href = footer.social[key];
    return href ? [{ key, label, href }] : [];
  });
  return (
    <footer className={slim ? 'site-footer site-footer--slim' : 'site-footer'}>
      {slim ? null : (
        <div className="container site-footer__grid">
          {footer.columns.map((column) => (
            // Link columns never change in the browser: kept as the server sent them (../held.tsx).
            <Held as="nav" key={column.title} className="site-footer__column" aria-label={column.title} holds={column}>
              <h2 className="site-footer__heading">{column.title}</h2>
              <ul>
                {column.links.map((link) => (
                  <li key={link.href}>
                    <SmartLink href={link.href}>{link.label}</SmartLink>
                  </li>
                ))}
              </ul>
            </Held>
          ))}
          {footer.contact || (footer.newsletter?.enabled && footer.newsletter.form) ? (
            <div className="site-footer__contact">
              {footer.contact?.heading ? (
                <h2 className="site-footer__heading" id={`${id}-contact`}>
                  {footer.contact.heading}
                </h2>
              ) : null}
              <Html html={footer.contact?.text} className="site-footer__text" />
              {footer.contact?.form ? (
                <FooterForm
                  form={footer.contact.form}
                  link={footer.contact.link}
                  labelledBy={footer.contact.heading ? `${id}-contact` : undefined}
                />
              ) : footer.contact?.link ? (
                <SmartLink href={footer.contact.link.href} className="button button--primary">
                  {footer.contact.link.label}
                </SmartLink>
              ) : null}
              {footer.newsletter?.enabled && footer.newsletter.form ? (
                // SPEC §2 ships the box hidden; the site config's switch turns it on.
                <div className="site-footer__newsletter">
                  {footer.newsletter.heading ? (
                    <h2 className="site-footer__heading" id={`${id}-newsletter`}>
                      {footer.newsletter.heading}
                    </h2>
                  ) : null}
                  <FooterForm form={footer.newsletter.form} labelledBy={footer.newsletter.heading ? `${id}-newsletter` : undefined} />
                </div>
              ) : null}
            </div>
          ) : null}
        </div>
      )}
      <div className="container site-footer__bottom">
        {footer.badge && !slim ? (
          <p className="site-footer__badge">
            <img src={footer.badge.src} alt={footer.badge.alt} width={56} height={56} loading="lazy" />
            {footer.badge.text ? <span>{footer.badge.text}</span> : null}
          </p>
        ) : null}
        {social.length && !slim ? (
          <ul className="site-footer__social" aria-label="Social media">
            {social.map(({ key, label, href }) => (
              <li key={key}>
                <NewTabLink href={href} className={`social social--${key}`}>
                  {label}
                </NewTabLink>
              </li>
            ))}
          </ul>
        ) : null}
        {footer.copyright ? <p className="site-footer__copyright">{footer.copyright}</p> : null}
      </div>
    </footer>
  );
}
