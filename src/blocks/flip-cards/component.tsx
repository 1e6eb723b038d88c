import { useId } from 'react';
import type { FlipCardsBlockProps } from '../../generated/blocks.ts';
import { BlockSection, Html, listOf, type BlockExtras } from '../shared.tsx';

/** The back face is in the DOM (not hidden from assistive technology); CSS turns the card on hover and focus. */
export function FlipCards({ heading, items }: FlipCardsBlockProps & BlockExtras) {
  const cards = listOf(items);
  const id = useId();
  if (cards.length === 0) return null;
  return (
    <BlockSection className="flip-cards" heading={heading}>
      <ul className="flip-cards__list">
        {cards.map((card, index) => (
          <li key={index} className="flip-cards__item">
            {/* A card with a back takes focus, so keyboard users turn it as hover does; as a focus
                stop it is a group named by its title (inside the list item: the list keeps its items). */}
            <div
              className="flip-card"
              role="group"
              aria-labelledby={`${id}-${index}`}
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
              tabIndex={card.description ? 0 : undefined}
            >
              <div className="flip-card__inner">
                <div className="flip-card__front">
                  <p className="flip-card__value">{card.value}</p>
                  <h3 className="flip-card__title" id={`${id}-${index}`}>
                    {card.title}
                  </h3>
                </div>
                {card.description ? (
                  <div className="flip-card__back">
                    <Html html={card.description} />
                  </div>
                ) : null}
              </div>
            </div>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
