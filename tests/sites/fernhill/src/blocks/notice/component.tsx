import { OptionalLink } from '@engine/blocks/shared.tsx';
import type { BlockExtras, EngineResolved } from '../../generated/blocks.ts';

/** Fernhill's look for the engine's notice (its not-found page): a catalogue card, same props. */
export function Notice({ heading, text, link }: EngineResolved<'notice'> & BlockExtras) {
  return (
    <section className="fernhill-notice container">
      <div className="fernhill-notice__card">
        <p className="fernhill-notice__shelfmark">Fernhill Library · catalogue</p>
        <h1 className="fernhill-notice__title">{heading}</h1>
        {text ? <p className="fernhill-notice__text">{text}</p> : null}
        <OptionalLink link={link} className="button button--primary" />
      </div>
    </section>
  );
}
