import { useEffect, useId, useRef, useState, type FocusEvent as ReactFocusEvent } from 'react';
import { useLocation } from 'react-router';
import { SmartLink } from '../../blocks/shared.tsx';
import type { ResolvedChrome } from '../page-data.ts';

/** SPEC §2: the header becomes sticky after 70 px of scroll. */
export const STICKY_AFTER_PX = 70;

/** Where the header's CSS (src/styles/header.css) turns the mobile panel into the desktop bar. */
const DESKTOP_MENU = '(min-width: 61.25em)';

export function Header({ chrome }: { chrome: ResolvedChrome }) {
  const [sticky, setSticky] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  // The one shown submenu (button, or the pointer over it on the desktop bar): aria-expanded says the same.
  const [openGroup, setOpenGroup] = useState<string | null>(null);
  const location = useLocation();
  const header = useRef<HTMLElement>(null);
  // The group the mouse pointer has just opened (desktop bar), until it is clicked or left.
  const hoverOpened = useRef<string | null>(null);
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

  // Escape closes what is open and puts focus on the button that opened it (never on the body);
  // it is marked handled so the cookie notice does not take the same key press.
  useEffect(() => {
    if (!menuOpen && !openGroup) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const root = header.current;
      const focusInside = root !== null && root.contains(document.activeElement);
      const menuToggle = root?.querySelector<HTMLButtonElement>('.site-header__toggle');
      const groupToggle = (document.activeElement as HTMLElement | null)
        ?.closest('.site-nav__group')
        ?.querySelector<HTMLButtonElement>('.site-nav__group-toggle');
      event.preventDefault();
      setMenuOpen(false);
      setOpenGroup(null);
      if (!focusInside) return;
      if (menuOpen && menuToggle?.checkVisibility()) menuToggle.focus();
      else groupToggle?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen, openGroup]);

  // Focus moving out closes what it leaves: the mobile panel (which would cover the page) and an open submenu.
  const onBlur = (event: ReactFocusEvent<HTMLElement>) => {
    const to = event.relatedTarget;
    if (!(to instanceof Node)) return;
    if (!event.currentTarget.contains(to)) {
      setMenuOpen(false);
      setOpenGroup(null);
      return;
    }
    const group = (event.target as HTMLElement).closest('.site-nav__group');
    if (group && !group.contains(to)) setOpenGroup(null);
  };

  // The desktop bar opens a submenu under the mouse; touch and the mobile panel use the button only.
  const hoverOpens = (event: { pointerType: string }) => event.pointerType === 'mouse' && window.matchMedia(DESKTOP_MENU).matches;

  const close = () => {
    setMenuOpen(false);
    setOpenGroup(null);
  };

  return (
    // Focus leaving the header closes its menus: the handler sits on the element that contains them.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <header
      ref={header}
      className={`site-header${sticky ? ' site-header--sticky' : ''}`}
      data-sticky={sticky ? 'true' : 'false'}
      onBlur={onBlur}
    >
      <div className="site-header__bar container">
        <SmartLink href="/" className="site-header__logo" aria-label={chrome.logo.alt}>
          <LogoImage logo={chrome.logo} />
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
        <nav id={menuId} className={`site-nav${menuOpen ? ' site-nav--open' : ''}`} aria-label="Main">
          <ul className="site-nav__list">
            {chrome.header.menu.map((entry) => {
              const groupId = `${menuId}-${entry.label.replace(/\W+/g, '-').toLowerCase()}`;
              if (entry.items?.length) {
                const expanded = openGroup === entry.label;
                return (
                  <li
                    key={entry.label}
                    className={`site-nav__group${expanded ? ' site-nav__group--open' : ''}`}
                    onPointerEnter={(event) => {
                      if (!hoverOpens(event) || expanded) return;
                      hoverOpened.current = entry.label;
                      setOpenGroup(entry.label);
                    }}
                    onPointerLeave={(event) => {
                      if (!hoverOpens(event)) return;
                      hoverOpened.current = null;
                      setOpenGroup((open) => (open === entry.label ? null : open));
                    }}
                  >
                    <button
                      type="button"
                      className="site-nav__group-toggle"
                      aria-expanded={expanded}
                      aria-controls={groupId}
                      onClick={() => {
                        // The click that follows the pointer's arrival keeps open what the hover opened.
                        const keep = hoverOpened.current === entry.label;
                        hoverOpened.current = null;
                        if (!keep) setOpenGroup(expanded ? null : entry.label);
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

/**
 * The logo in the box its declared width and height make (site.config.json), whatever shape the
 * file has: the bar's height sets its size, and a file of another shape is fitted inside (issue 32:
 * a wider file widened the box when it arrived and pushed the menu button and the title aside).
 */
function LogoImage({ logo }: { logo: ResolvedChrome['logo'] }) {
  return <img src={logo.src} alt="" width={logo.width} height={logo.height} style={{ aspectRatio: `${logo.width} / ${logo.height}` }} />;
}

/** The reduced header of the form and campaign layouts: logo and a title. */
export function FormHeader({ chrome, title }: { chrome: ResolvedChrome; title?: string }) {
  return (
    <header className="site-header site-header--form">
      <div className="site-header__bar container">
        <SmartLink href="/" className="site-header__logo" aria-label={chrome.logo.alt}>
          <LogoImage logo={chrome.logo} />
        </SmartLink>
        {title ? <p className="site-header__title">{title}</p> : null}
      </div>
    </header>
  );
}
