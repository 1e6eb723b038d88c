import type { LinkPillsBlockProps } from '../../generated/blocks.ts';
import { listOf, SectionHeading, SmartLink, type BlockExtras } from '../shared.tsx';

export function LinkPills({ heading, links }: LinkPillsBlockProps & BlockExtras) {
  const items = listOf(links).filter((link) => link.label && link.href);
  if (items.length === 0) return null;
  return (
    <section className="link-pills">
      <div className="container">
        <SectionHeading heading={heading} />
        <ul className="link-pills__list">
          {items.map((link) => (
            <li key={link.href}>
              <SmartLink href={link.href} className="pill">
                {link.label}
              </SmartLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
