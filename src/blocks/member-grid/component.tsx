import type { MemberGridBlockProps } from '../../generated/blocks.ts';
import { Html, listOf, OptionalLink, SectionHeading, type BlockExtras, itemHeading } from '../shared.tsx';

export function MemberGrid({ heading, members, footerLink }: MemberGridBlockProps & BlockExtras) {
  const ItemTitle = itemHeading(heading);
  const people = listOf(members);
  return (
    <section className="member-grid">
      <div className="container">
        <SectionHeading heading={heading} />
        <ul className="member-grid__list">
          {people.map((member, index) => (
            <li key={index} className="member">
              {member.image ? (
                <img className="member__photo" src={member.image} alt="" width={240} height={240} loading="lazy" decoding="async" />
              ) : null}
              <ItemTitle className="member__name">{member.name}</ItemTitle>
              {member.position ? <p className="member__position">{member.position}</p> : null}
              <Html html={member.description} className="member__description" />
              {member.linkedin || member.twitter ? (
                <p className="member__social">
                  {member.linkedin ? (
                    <a href={member.linkedin} target="_blank" rel="noopener noreferrer" aria-label={`${member.name} on LinkedIn`}>
                      LinkedIn
                    </a>
                  ) : null}
                  {member.twitter ? (
                    <a href={member.twitter} target="_blank" rel="noopener noreferrer" aria-label={`${member.name} on Twitter`}>
                      Twitter
                    </a>
                  ) : null}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
        {footerLink ? (
          <p className="member-grid__footer">
            <OptionalLink link={footerLink} className="button button--secondary" />
          </p>
        ) : null}
      </div>
    </section>
  );
}
