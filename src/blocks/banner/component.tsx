import { preload } from 'react-dom';
import { DESKTOP_QUERY, MOBILE_QUERY, OptionalLink, type BlockExtras } from '../shared.tsx';
import type { Resolved } from '../defaults.ts';

export function Banner({ heading, subheading, text, image, imageMobile, cta, size, priority }: Resolved<'banner'> & BlockExtras) {
  if (priority && image) {
    // React hoists these into <head>, so the LCP image starts loading before the CSS is parsed.
    if (imageMobile) {
      preload(imageMobile, { as: 'image', fetchPriority: 'high', media: MOBILE_QUERY });
      preload(image, { as: 'image', fetchPriority: 'high', media: DESKTOP_QUERY });
    } else preload(image, { as: 'image', fetchPriority: 'high' });
  }
  const Heading = priority ? 'h1' : 'h2';
  return (
    <section className={`banner banner--${size}`}>
      {image ? (
        <picture className="banner__media">
          {imageMobile ? <source media={MOBILE_QUERY} srcSet={imageMobile} /> : null}
          <img
            src={image}
            alt=""
            width={1600}
            height={600}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
          />
        </picture>
      ) : null}
      <div className="banner__body container">
        {subheading && heading ? <p className="banner__eyebrow">{subheading}</p> : null}
        {heading || subheading ? <Heading className="banner__title">{heading ?? subheading}</Heading> : null}
        {text ? <p className="banner__text">{text}</p> : null}
        <OptionalLink link={cta} className="button button--primary" />
      </div>
    </section>
  );
}
