import { Html, OptionalLink, type BlockExtras } from '../shared.tsx';
import type { Resolved } from '../defaults.ts';

export function MediaText({
  eyebrow,
  heading,
  html,
  image,
  imageAlt,
  imagePosition,
  stat,
  cta,
  priority,
}: Resolved<'media-text'> & BlockExtras) {
  const Heading = priority ? 'h1' : 'h2';
  return (
    <section className={`media-text media-text--image-${imagePosition}`}>
      <div className="container media-text__inner">
        <div className="media-text__body">
          {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
          {heading ? <Heading>{heading}</Heading> : null}
          <Html html={html} />
          <OptionalLink link={cta} className="button button--primary" />
        </div>
        {image ? (
          <div className="media-text__media">
            <img src={image} alt={imageAlt ?? ''} width={640} height={360} loading={priority ? 'eager' : 'lazy'} decoding="async" />
            {stat?.value ? (
              <p className="media-text__stat">
                <strong>{stat.value}</strong> <span>{stat.label}</span>
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
