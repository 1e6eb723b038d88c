import { BlockSection, DateText, FooterLink, Html, LazyImage, listOf, OptionalLink, type BlockExtras, itemHeading } from '../shared.tsx';
import type { Resolved } from '../defaults.ts';

export function CardGrid({ heading, variant, columns, items, emptyText, footerLink }: Resolved<'card-grid'> & BlockExtras) {
  const ItemTitle = itemHeading(heading);
  const cards = listOf(items);
  return (
    <BlockSection className={`card-grid card-grid--${variant}`} heading={heading}>
      {cards.length === 0 ? (
        emptyText ? (
          <p className="card-grid__empty">{emptyText}</p>
        ) : null
      ) : (
        <ul className={`card-grid__list columns-${columns}`}>
          {cards.map((card, index) => (
            <li key={index} className={card.highlight ? 'card card--highlight' : 'card'}>
              <LazyImage
                src={card.image}
                className="card__image"
                width={variant === 'feature' ? 64 : 480}
                height={variant === 'feature' ? 64 : 270}
              />
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
      {/* No empty paragraph for a footer link without a label or target. */}
      <FooterLink
        link={footerLink?.label && footerLink.href ? footerLink : undefined}
        className="card-grid__footer"
        linkClassName="button button--secondary"
      />
    </BlockSection>
  );
}
