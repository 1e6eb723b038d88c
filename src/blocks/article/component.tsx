import type { ArticleBlockProps } from '../../generated/blocks.ts';
import { DateText, Html, OptionalLink, type BlockExtras } from '../shared.tsx';

export function Article({ category, title, date, image, html, backLink, cta }: ArticleBlockProps & BlockExtras) {
  return (
    <article className="article container">
      <header className="article__header">
        {category ? <p className="eyebrow">{category}</p> : null}
        {title ? <h1 className="article__title">{title}</h1> : null}
        {date ? (
          <p className="article__date">
            <DateText value={date} />
          </p>
        ) : null}
        <OptionalLink link={cta} className="button button--primary article__cta" />
      </header>
      {image ? <img className="article__image" src={image} alt="" width={1200} height={630} fetchPriority="high" decoding="async" /> : null}
      {/* The body's sections sit right under the article's <h1>. */}
      <Html html={html} className="article__body" headingsFrom={2} />
      <p className="article__back">
        <OptionalLink link={backLink} className="text-link" />
      </p>
    </article>
  );
}
