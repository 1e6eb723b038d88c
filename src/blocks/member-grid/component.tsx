import type { MemberGridBlockProps } from '../../generated/blocks.ts';
import { BlockSection, FooterLink, Html, LazyImage, listOf, NewTabLink, type BlockExtras, itemHeading } from '../shared.tsx';

export function MemberGrid({ heading, members, footerLink }: MemberGridBlockProps & BlockExtras) {
  const ItemTitle = itemHeading(heading);
  const people = listOf(members);
  return (
    <BlockSection className="member-grid" heading={heading}>
      <ul className="member-grid__list">
        {people.map((member, index) => (
          <li key={index} className="member">
            <LazyImage src={member.image} className="member__photo" width={240} height={240} />
            <ItemTitle className="member__name">{member.name}</ItemTitle>
            {member.position ? <p className="member__position">{member.position}</p> : null}
            <Html html={member.description} className="member__description" />
            {member.linkedin || member.twitter ? (
              <p className="member__social">
                {member.linkedin ? (
                  <NewTabLink href={member.linkedin} aria-label={`${member.name} on LinkedIn`}>
                    LinkedIn
                  </NewTabLink>
                ) : null}
                {member.twitter ? (
                  <NewTabLink href={member.twitter} aria-label={`${member.name} on Twitter`}>
                    Twitter
                  </NewTabLink>
                ) : null}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <FooterLink link={footerLink} className="member-grid__footer" linkClassName="button button--secondary" />
    </BlockSection>
  );
}
