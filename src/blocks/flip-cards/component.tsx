import type { FlipCardsBlockProps } from '../../generated/blocks.ts';
import { BlockSection, Html, listOf, type BlockExtras } from '../shared.tsx';

/** The back face is in the DOM (not hidden from assistive technology); CSS turns the card on hover and focus. */
export function FlipCards({ heading, items }: FlipCardsBlockProps & BlockExtras) {
  const cards = listOf(items);
  if (cards.length === 0) return null;
  return (
    <BlockSection className="flip-cards" heading={heading}>
      <ul className="flip-cards__list">
        {cards.map((card, index) => (
          // tabIndex lets keyboard users turn the card with focus, like hover does.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          <li key={index} className="flip-card" tabIndex={0}>
            <div className="flip-card__inner">
              <div className="flip-card__front">
                <p className="flip-card__value">{card.value}</p>
                <h3 className="flip-card__title">{card.title}</h3>
              </div>
              {card.description ? (
                <div className="flip-card__back">
                  <Html html={card.description} />
                </div>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
