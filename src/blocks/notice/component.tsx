import type { NoticeBlockProps } from '../../generated/blocks.ts';
import { OptionalLink, type BlockExtras } from '../shared.tsx';

export function Notice({ heading, text, link }: NoticeBlockProps & BlockExtras) {
  return (
    <section className="notice container">
      <h1 className="notice__title">{heading}</h1>
      {text ? <p className="notice__text">{text}</p> : null}
      <OptionalLink link={link} className="button button--primary" />
    </section>
  );
}
