import { useEffect, useId, useRef, useState } from 'react';
import { preload } from 'react-dom';
import type { CarouselBlockProps } from '../../generated/blocks.ts';
import { MOBILE_QUERY, DESKTOP_QUERY } from '../banner/component.tsx';
import { Html, listOf, OptionalLink, SectionHeading, type BlockExtras } from '../shared.tsx';

/**
 * Slides per view by viewport width (min-width breakpoints, as swiper reads them). The CSS
 * mirrors this table so the server-rendered list already has its final layout (no shift).
 */
export const PER_VIEW_BREAKPOINTS = {
  5: { base: 2, 640: 3, 768: 4, 980: 5 },
  4: { base: 1, 640: 2, 768: 3, 980: 4 },
  2: { base: 1, 500: 2 },
  1: { base: 1 },
} as const;

export const AUTOPLAY_DELAY_MS = 5000;

type PerView = keyof typeof PER_VIEW_BREAKPOINTS;

function swiperBreakpoints(perView: PerView) {
  const { base: _base, ...rest } = PER_VIEW_BREAKPOINTS[perView] as Record<string, number>;
  return Object.fromEntries(Object.entries(rest).map(([width, n]) => [width, { slidesPerView: n }]));
}

export function Carousel({ heading, label, variant = 'cards', perView = 5, autoplay = false, slides, priority }: CarouselBlockProps & BlockExtras) {
  const items = listOf(slides);
  const rootRef = useRef<HTMLDivElement>(null);
  const prevRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const swiperRef = useRef<{ autoplay?: { start(): void; stop(): void }; destroy(): void } | null>(null);
  const [playing, setPlaying] = useState(autoplay);
  const id = useId();
  const count = perView as PerView;
  const dataKey = JSON.stringify(items);

  useEffect(() => {
    const root = rootRef.current;
    if (!root || items.length === 0) return;
    let cancelled = false;
    const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    // Swiper is only downloaded on pages that have a carousel, once its slides are there.
    void Promise.all([import('swiper'), import('swiper/modules')]).then(([{ default: Swiper }, modules]) => {
      if (cancelled) return;
      const wantAutoplay = autoplay && !reducedMotion;
      swiperRef.current = new Swiper(root, {
        modules: [modules.Navigation, modules.Keyboard, modules.A11y, modules.Autoplay],
        slidesPerView: PER_VIEW_BREAKPOINTS[count].base,
        breakpoints: swiperBreakpoints(count),
        spaceBetween: variant === 'hero' ? 0 : 24,
        speed: reducedMotion ? 0 : 400,
        rewind: true,
        watchOverflow: true,
        keyboard: { enabled: true, onlyInViewport: true },
        a11y: { enabled: true, prevSlideMessage: 'Previous slide', nextSlideMessage: 'Next slide', slideRole: 'group' },
        navigation: { prevEl: prevRef.current, nextEl: nextRef.current },
        autoplay: wantAutoplay ? { delay: AUTOPLAY_DELAY_MS, pauseOnMouseEnter: true, disableOnInteraction: false } : false,
      }) as unknown as typeof swiperRef.current;
      if (!wantAutoplay) setPlaying(false);
    });
    return () => {
      cancelled = true;
      swiperRef.current?.destroy();
      swiperRef.current = null;
    };
    // dataKey stands for the slides: re-initialise only when the content changes.
  }, [dataKey, autoplay, count, variant, items.length]);

  if (items.length === 0) return null;
  const first = items[0];
  if (variant === 'hero' && priority && first.image) {
    if (first.imageMobile) {
      preload(first.imageMobile, { as: 'image', fetchPriority: 'high', media: MOBILE_QUERY });
      preload(first.image, { as: 'image', fetchPriority: 'high', media: DESKTOP_QUERY });
    } else preload(first.image, { as: 'image', fetchPriority: 'high' });
  }
  const name = label ?? heading?.title ?? 'Carousel';

  const togglePlay = () => {
    const auto = swiperRef.current?.autoplay;
    if (!auto) return;
    if (playing) auto.stop();
    else auto.start();
    setPlaying(!playing);
  };

  return (
    <section className={`carousel carousel--${variant}`} aria-labelledby={heading?.title ? `${id}-h` : undefined} aria-label={heading?.title ? undefined : name}>
      {heading?.title ? (
        <div className="container">
          <header className="section-heading">
            <h2 id={`${id}-h`}>{heading.title}</h2>
            {heading.subtitle ? <p className="section-heading__subtitle">{heading.subtitle}</p> : null}
          </header>
        </div>
      ) : (
        <SectionHeading heading={heading} />
      )}
      <div className={variant === 'hero' ? 'carousel__frame' : 'carousel__frame container'} aria-roledescription="carousel">
        <div ref={rootRef} className={`swiper carousel__viewport per-view-${count}`}>
          <div className="swiper-wrapper">
            {items.map((slide, index) => (
              <div className="swiper-slide carousel__slide" key={index} aria-roledescription="slide" aria-label={`${index + 1} / ${items.length}`}>
                {variant === 'hero' ? <HeroSlide slide={slide} first={index === 0} priority={priority} /> : <CardSlide slide={slide} variant={variant} />}
              </div>
            ))}
          </div>
        </div>
        {items.length > 1 ? (
          <div className="carousel__controls">
            <button ref={prevRef} type="button" className="carousel__button carousel__prev" aria-label="Previous slide">
              <span aria-hidden="true">‹</span>
            </button>
            {autoplay ? (
              <button type="button" className="carousel__button carousel__play" onClick={togglePlay} aria-label={playing ? 'Pause carousel' : 'Play carousel'}>
                <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
              </button>
            ) : null}
            <button ref={nextRef} type="button" className="carousel__button carousel__next" aria-label="Next slide">
              <span aria-hidden="true">›</span>
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}

type Slide = CarouselBlockProps['slides'][number];

function HeroSlide({ slide, first, priority }: { slide: Slide; first: boolean; priority?: boolean }) {
  const Heading = first && priority ? 'h1' : 'h2';
  return (
    <div className="hero-slide">
      {slide.image ? (
        <picture className="hero-slide__media">
          {slide.imageMobile ? <source media={MOBILE_QUERY} srcSet={slide.imageMobile} /> : null}
          <img
            src={slide.image}
            alt=""
            width={1600}
            height={600}
            loading={first ? 'eager' : 'lazy'}
            fetchPriority={first && priority ? 'high' : 'auto'}
            decoding="async"
          />
        </picture>
      ) : null}
      <div className="hero-slide__body container">
        {slide.subtitle ? <p className="hero-slide__eyebrow">{slide.subtitle}</p> : null}
        {slide.title ? <Heading className="hero-slide__title">{slide.title}</Heading> : null}
        {slide.text ? <p className="hero-slide__text">{slide.text}</p> : null}
        <OptionalLink link={slide.link} className="button button--primary" />
      </div>
    </div>
  );
}

function CardSlide({ slide, variant }: { slide: Slide; variant: string }) {
  return (
    <article className={`slide-card slide-card--${variant}`}>
      {slide.image ? <img className="slide-card__image" src={slide.image} alt="" width={96} height={96} loading="lazy" decoding="async" /> : null}
      {slide.title ? <h3 className="slide-card__title">{slide.title}</h3> : null}
      {slide.subtitle ? <p className="slide-card__subtitle">{slide.subtitle}</p> : null}
      {slide.text ? <p className="slide-card__text">{slide.text}</p> : null}
      <Html html={slide.html} className="slide-card__html" />
      <OptionalLink link={slide.link} className="text-link" />
    </article>
  );
}
