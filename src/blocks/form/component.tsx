import type { FormBlockProps } from '../../generated/blocks.ts';
import { OptionalLink, type BlockExtras } from '../shared.tsx';

/**
 * Placeholder until the forms issue connects the JSON-Schema forms: the page keeps its place
 * for the form and tells the visitor how to reach the team meanwhile.
 */
export function Form({ form, heading, text, fallbackLink }: FormBlockProps & BlockExtras) {
  return (
    <section className={`form-block form-block--${form}`} aria-label={heading ?? 'Form'}>
      <div className="container form-block__inner">
        {heading ? <h2>{heading}</h2> : null}
        {text ? <p>{text}</p> : null}
        <p className="form-block__fallback">
          <OptionalLink link={fallbackLink} className="button button--primary" />
        </p>
      </div>
    </section>
  );
}
