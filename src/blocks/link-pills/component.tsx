import type { LinkPillsBlockProps } from '../../generated/blocks.ts';
import { useLocation } from 'react-router';
import { BlockSection, listOf, SmartLink, type BlockExtras } from '../shared.tsx';

export function LinkPills({ heading, links }: LinkPillsBlockProps & BlockExtras) {
  const items = listOf(links).filter((link) => link.label && link.href);
  // A pill for the current page is marked, so pills can also act as a toggle between pages.
  const { pathname } = useLocation();
  if (items.length === 0) return null;
  return (
    <BlockSection className="link-pills" heading={heading}>
      <ul className="link-pills__list">
        {items.map((link) => (
          <li key={link.href}>
            <SmartLink
              href={link.href}
              className={link.href === pathname ? 'pill pill--current' : 'pill'}
              aria-current={link.href === pathname ? 'page' : undefined}
            >
              {link.label}
            </SmartLink>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
