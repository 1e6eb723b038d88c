import type { ContactDetailsBlockProps } from '../../generated/blocks.ts';
import { Html, listOf, OptionalLink, type BlockExtras } from '../shared.tsx';

export function ContactDetails({ heading, text, items, cta }: ContactDetailsBlockProps & BlockExtras) {
  const details = listOf(items);
  return (
    <section className="contact-details">
      <div className="container contact-details__inner">
        <div className="contact-details__intro">
          {heading ? <h2>{heading}</h2> : null}
          <Html html={text} className="contact-details__text" />
          <OptionalLink link={cta} className="button button--primary" />
        </div>
        {details.length ? (
          <dl className="contact-details__list">
            {details.map((detail, index) => (
              <div key={index} className="contact-details__item">
                <dt>{detail.label}</dt>
                <dd>{detail.href ? <a href={detail.href}>{detail.value}</a> : detail.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
    </section>
  );
}
