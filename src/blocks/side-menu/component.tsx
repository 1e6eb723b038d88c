import { useLocation } from 'react-router';
import { listOf, SmartLink, type BlockExtras } from '../shared.tsx';
import type { Resolved } from '../defaults.ts';

const trim = (path: string) => path.replace(/\/+$/, '') || '/';

export function SideMenu({ label, links }: Resolved<'side-menu'> & BlockExtras) {
  const location = useLocation();
  // A link without a text or a target is not shown; a menu without any links, not at all.
  const items = listOf(links).filter((link) => link.label && link.href);
  if (items.length === 0) return null;
  return (
    <nav className="side-menu container" aria-label={label}>
      <ul className="side-menu__list">
        {items.map((link) => {
          const current = trim(link.href) === trim(location.pathname);
          return (
            <li key={link.href}>
              <SmartLink
                href={link.href}
                className={current ? 'side-menu__link side-menu__link--current' : 'side-menu__link'}
                aria-current={current ? 'page' : undefined}
              >
                {link.icon ? <img src={link.icon} alt="" width={32} height={32} className="side-menu__icon" /> : null}
                <span>{link.label}</span>
              </SmartLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
