import type { CardGridBlockProps } from '../../generated/blocks.ts';
import { DateText, Html, listOf, OptionalLink, SectionHeading, type BlockExtras, itemHeading } from '../shared.tsx';

export function CardGrid({ heading, variant = 'article', columns = 3, items, emptyText, footerLink }: CardGridBlockProps & BlockExtras) {
  const ItemTitle = itemHeading(heading);
  const cards = listOf(items);
  return (
    <section className={`card-grid card-grid--${variant}`}>
      <div className="container">
        <SectionHeading heading={heading} />
        {cards.length === 0 ? (
          emptyText ? (
            <p className="card-grid__empty">{emptyText}</p>
          ) : null
        ) : (
          <ul className={`card-grid__list columns-${columns}`}>
            {cards.map((card, index) => (
              <li key={index} className={card.highlight ? 'card card--highlight' : 'card'}>
                {card.image ? (
                  <img
                    className="card__image"
                    src={card.image}
                    alt=""
                    width={variant === 'feature' ? 64 : 480}
                    height={variant === 'feature' ? 64 : 270}
                    loading="lazy"
                    decoding="async"
                  />
                ) : null}
                <div className="card__body">
                  {card.label || card.date ? (
                    <p className="card__meta">
                      {card.label ? <span className="card__label">{card.label}</span> : null}
                      <DateText value={card.date} />
                    </p>
                  ) : null}
                  {card.title ? <ItemTitle className="card__title">{card.title}</ItemTitle> : null}
                  {card.text ? <p className="card__text">{card.text}</p> : null}
                  <Html html={card.html} className="card__html" />
                  <OptionalLink link={card.link} className="card__link text-link" />
                </div>
              </li>
            ))}
          </ul>
        )}
        {footerLink?.label && footerLink.href ? (
          <p className="card-grid__footer">
            <OptionalLink link={footerLink} className="button button--secondary" />
          </p>
        ) : null}
      </div>
    </section>
  );
}
