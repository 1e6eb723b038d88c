import { useEffect, useId, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { SmartLink } from '../../blocks/shared.tsx';
import type { ResolvedChrome } from '../page-data.ts';

/** SPEC §2: the header becomes sticky after 70 px of scroll. */
export const STICKY_AFTER_PX = 70;

export function Header({ chrome }: { chrome: ResolvedChrome }) {
  const [sticky, setSticky] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [openGroup, setOpenGroup] = useState<string | null>(null);
  // Escape must hide hover/focus-opened submenus too (WCAG 1.4.13), until the pointer leaves.
  const [suppressed, setSuppressed] = useState(false);
  const location = useLocation();
  const menuId = useId();

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setSticky(window.scrollY > STICKY_AFTER_PX);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);

  // Any navigation closes the menus (links, back/forward, programmatic moves). Adjusting
  // state during render, keyed on the location, avoids an extra effect pass.
  const [seenLocation, setSeenLocation] = useState(location.key);
  if (seenLocation !== location.key) {
    setSeenLocation(location.key);
    setMenuOpen(false);
    setOpenGroup(null);
  }

  useEffect(() => {
    if (!menuOpen && !openGroup) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        setOpenGroup(null);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen, openGroup]);

  const onNavKeyDown = (event: ReactKeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    const group = (event.target as HTMLElement).closest('.site-nav__group');
    group?.querySelector<HTMLButtonElement>('.site-nav__group-toggle')?.focus();
    setOpenGroup(null);
    setSuppressed(true);
  };

  const close = () => {
    setMenuOpen(false);
    setOpenGroup(null);
  };

  return (
    <header className={`site-header${sticky ? ' site-header--sticky' : ''}`} data-sticky={sticky ? 'true' : 'false'}>
      <div className="site-header__bar container">
        <SmartLink href="/" className="site-header__logo" aria-label={chrome.logo.alt}>
          <img src={chrome.logo.src} alt="" width={chrome.logo.width} height={chrome.logo.height} />
        </SmartLink>
        <button
          type="button"
          className="site-header__toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="site-header__toggle-icon" aria-hidden="true" />
          {menuOpen ? 'Close menu' : 'Menu'}
        </button>
        {/* Escape closes submenus; the key handler sits on the nav that contains them. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
        <nav
          id={menuId}
          className={`site-nav${menuOpen ? ' site-nav--open' : ''}${suppressed ? ' site-nav--suppress' : ''}`}
          aria-label="Main"
          onKeyDown={onNavKeyDown}
          onMouseLeave={() => setSuppressed(false)}
        >
          <ul className="site-nav__list">
            {chrome.header.menu.map((entry) => {
              const groupId = `${menuId}-${entry.label.replace(/\W+/g, '-').toLowerCase()}`;
              if (entry.items?.length) {
                const expanded = openGroup === entry.label;
                return (
                  <li key={entry.label} className={`site-nav__group${expanded ? ' site-nav__group--open' : ''}`}>
                    <button
                      type="button"
                      className="site-nav__group-toggle"
                      aria-expanded={expanded}
                      aria-controls={groupId}
                      onClick={() => {
                        setSuppressed(false);
                        setOpenGroup(expanded ? null : entry.label);
                      }}
                    >
                      {entry.label}
                    </button>
                    <ul id={groupId} className="site-nav__submenu">
                      {entry.items.map((item) => (
                        <li key={item.href}>
                          <SmartLink href={item.href} onClick={close} aria-current={location.pathname === item.href ? 'page' : undefined}>
                            {item.label}
                          </SmartLink>
                        </li>
                      ))}
                    </ul>
                  </li>
                );
              }
              return entry.href ? (
                <li key={entry.label}>
                  <SmartLink
                    href={entry.href}
                    className="site-nav__link"
                    onClick={close}
                    aria-current={location.pathname === entry.href ? 'page' : undefined}
                  >
                    {entry.label}
                  </SmartLink>
                </li>
              ) : null;
            })}
          </ul>
          {chrome.header.cta ? (
            <SmartLink href={chrome.header.cta.href} className="button button--primary site-nav__cta" onClick={close}>
              {chrome.header.cta.label}
            </SmartLink>
          ) : null}
        </nav>
      </div>
    </header>
  );
}

/** The reduced header of the form and campaign layouts: logo and a title. */
export function FormHeader({ chrome, title }: { chrome: ResolvedChrome; title?: string }) {
  return (
    <header className="site-header site-header--form">
      <div className="site-header__bar container">
        <SmartLink href="/" className="site-header__logo" aria-label={chrome.logo.alt}>
          <img src={chrome.logo.src} alt="" width={chrome.logo.width} height={chrome.logo.height} />
        </SmartLink>
        {title ? <p className="site-header__title">{title}</p> : null}
      </div>
    </header>
  );
}
