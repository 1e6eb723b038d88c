import { useEffect, useId, useRef, useState, useSyncExternalStore, useEffectEvent } from 'react';
import { preload } from 'react-dom';
import type { CarouselBlockProps } from '../../generated/blocks.ts';
import {
  DESKTOP_QUERY,
  Html,
  IconButton,
  LazyImage,
  listOf,
  MOBILE_QUERY,
  OptionalLink,
  SectionHeading,
  type BlockExtras,
} from '../shared.tsx';
import type { Resolved } from '../defaults.ts';
import { AUTOPLAY_DELAY_MS, type PerView } from './breakpoints.ts';
import type { CarouselSwiper } from './swiper.ts';

// Tests and the catalog read the table from here, where the block lives.
export { AUTOPLAY_DELAY_MS, PER_VIEW_BREAKPOINTS } from './breakpoints.ts';

type Direction = 'next' | 'prev';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
function onMotionPreferenceChange(notify: () => void) {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener('change', notify);
  return () => query?.removeEventListener('change', notify);
}
/** The visitor's reduced-motion preference (false on the server, then the real one). */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    onMotionPreferenceChange,
    () => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
    () => false,
  );
}

export function Carousel({ heading, label, variant, perView, autoplay, slides, priority }: Resolved<'carousel'> & BlockExtras) {
  const items = listOf(slides);
  const sectionRef = useRef<HTMLElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const prevRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const swiperRef = useRef<CarouselSwiper | null>(null);
  const reducedMotion = usePrefersReducedMotion();
  // Under reduced motion nothing plays until the visitor presses Play (and the button says so).
  const [choice, setChoice] = useState<boolean | null>(null);
  const playing = choice ?? (autoplay && !reducedMotion);
  const playingRef = useRef(playing);
  useEffect(() => {
    playingRef.current = playing;
  }, [playing]);
  // Swiper (about 40 KB) is fetched when the visitor reaches for the carousel (pointer, focus,
  // touch); until then the server-rendered slides scroll natively (CSS scroll snap), and an
  // autoplaying carousel advances that scroller itself.
  const [wanted, setWanted] = useState(false);
  const pending = useRef<Direction | null>(null);
  const id = useId();
  const count = perView as PerView;
  const dataKey = JSON.stringify(items);
  const movable = items.length > 1;

  useEffect(() => {
    const section = sectionRef.current;
    if (wanted || !movable || !section) return;
    const want = () => setWanted(true);
    const triggers = ['pointerenter', 'focusin', 'touchstart'] as const;
    for (const type of triggers) section.addEventListener(type, want, { passive: true });
    return () => {
      for (const type of triggers) section.removeEventListener(type, want);
    };
  }, [wanted, movable]);

  // Rotation stops for good once focus is inside (WAI-ARIA carousel pattern, WCAG 2.2.2): a focused
  // slide never slides away. Only Play starts it again; focus on Play itself changes nothing.
  useEffect(() => {
    const section = sectionRef.current;
    if (!autoplay || !movable || !section) return;
    const stop = (event: FocusEvent) => {
      if (!playingRef.current || (event.target as Element).closest('.carousel__play')) return;
      swiperRef.current?.autoplay?.stop();
      setChoice(false);
    };
    section.addEventListener('focusin', stop);
    return () => section.removeEventListener('focusin', stop);
  }, [autoplay, movable]);

  // Before swiper is there the buttons remember the move; afterwards swiper's own handlers act.
  const early = (direction: Direction) => {
    if (swiperRef.current) return;
    pending.current = direction;
    setWanted(true);
  };
  // The arrow keys move the slides while the slides themselves have focus, and nothing else does.
  const onArrow = useEffectEvent((direction: Direction) => {
    const swiper = swiperRef.current;
    // As a button pressed early: remembered until swiper is there.
    if (!swiper) early(direction);
    else if (direction === 'next') swiper.slideNext();
    else swiper.slidePrev();
  });
  useEffect(() => {
    const root = rootRef.current;
    if (!root || !movable) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.target !== root || event.altKey || event.ctrlKey || event.metaKey) return;
      const direction = event.key === 'ArrowRight' ? 'next' : event.key === 'ArrowLeft' ? 'prev' : null;
      if (!direction) return;
      event.preventDefault();
      onArrow(direction);
    };
    root.addEventListener('keydown', onKeyDown);
    return () => root.removeEventListener('keydown', onKeyDown);
  }, [movable]);

  // Autoplay before swiper: the native scroller moves on by itself (rewinding at the end).
  useEffect(() => {
    const root = rootRef.current;
    if (wanted || !movable || !playing || !root) return;
    const timer = window.setInterval(() => {
      const slides = [...root.querySelectorAll<HTMLElement>('.carousel__slide')];
      const origin = slides[0]?.offsetLeft ?? 0;
      const atEnd = root.scrollLeft + root.clientWidth >= root.scrollWidth - 1;
      const next = slides.find((slide) => slide.offsetLeft - origin > root.scrollLeft + 1);
      root.scrollTo({ left: atEnd || !next ? 0 : next.offsetLeft - origin, behavior: 'smooth' });
    }, AUTOPLAY_DELAY_MS);
    return () => window.clearInterval(timer);
  }, [wanted, movable, playing]);

  useEffect(() => {
    const root = rootRef.current;
    if (!root || !wanted) return;
    let cancelled = false;
    void import('./swiper.ts').then(({ createSwiper }) => {
      if (cancelled) return;
      const swiper = createSwiper(root, {
        perView: count,
        hero: variant === 'hero',
        autoplay,
        reducedMotion,
        prev: prevRef.current,
        next: nextRef.current,
      });
      swiperRef.current = swiper;
      if (autoplay && !playingRef.current) swiper.autoplay?.stop();
      // A button pressed while swiper was on its way.
      if (pending.current === 'next') swiper.slideNext();
      if (pending.current === 'prev') swiper.slidePrev();
      pending.current = null;
    });
    return () => {
      cancelled = true;
      swiperRef.current?.destroy();
      swiperRef.current = null;
    };
    // dataKey stands for the slides: re-initialise only when the content changes.
  }, [wanted, dataKey, autoplay, count, variant, reducedMotion]);

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
    if (playing) auto?.stop();
    else auto?.start();
    setChoice(!playing);
  };
  const controls = movable ? (
    <div className="carousel__controls">
      {/* With autoplay the controls come first, the rotation control first of all (the pattern's order). */}
      {autoplay ? (
        <IconButton
          className="carousel__button carousel__play"
          label={playing ? 'Pause carousel' : 'Play carousel'}
          symbol={playing ? '❚❚' : '▶'}
          onClick={togglePlay}
        />
      ) : null}
      <IconButton ref={prevRef} {...STEP_BUTTONS.prev} onClick={() => early('prev')} />
      <IconButton ref={nextRef} {...STEP_BUTTONS.next} onClick={() => early('next')} />
    </div>
  ) : null;

  return (
    // The WAI-ARIA carousel pattern: a named region described as a carousel, its slides groups
    // described as slides and named "N of M".
    <section
      ref={sectionRef}
      className={`carousel carousel--${variant}`}
      aria-roledescription="carousel"
      aria-labelledby={heading?.title ? `${id}-h` : undefined}
      aria-label={heading?.title ? undefined : name}
    >
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
      <div
        className={`carousel__frame${variant === 'hero' ? '' : ' container'}${autoplay && movable ? ' carousel__frame--controls-first' : ''}`}
      >
        {autoplay ? controls : null}
        {/* Focusable: until swiper arrives this is a native scroller, and keyboard users scroll it too
            (axe scrollable-region-focusable). */}
        <div
          ref={rootRef}
          className={`swiper carousel__viewport per-view-${count}`}
          role="group"
          aria-label={`${name}: slides`}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
        >
          <div className="swiper-wrapper">
            {items.map((slide, index) => (
              <div
                className="swiper-slide carousel__slide"
                key={index}
                role="group"
                aria-roledescription="slide"
                aria-label={slideLabel(index, items.length)}
              >
                {variant === 'hero' ? (
                  <HeroSlide slide={slide} first={index === 0} priority={priority} />
                ) : (
                  <CardSlide slide={slide} variant={variant} />
                )}
              </div>
            ))}
          </div>
        </div>
        {autoplay ? null : controls}
      </div>
    </section>
  );
}

/** The move buttons; swiper takes them over by their refs. */
const STEP_BUTTONS = {
  prev: { className: 'carousel__button carousel__prev', label: 'Previous slide', symbol: '‹' },
  next: { className: 'carousel__button carousel__next', label: 'Next slide', symbol: '›' },
} as const;

/** A slide's name, worded as swiper's slideLabelMessage (swiper.ts) so it stays the same once swiper runs. */
function slideLabel(index: number, total: number): string {
  return `${index + 1} of ${total}`;
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
      <LazyImage src={slide.image} className="slide-card__image" width={96} height={96} />
      {slide.title ? <h3 className="slide-card__title">{slide.title}</h3> : null}
      {slide.subtitle ? <p className="slide-card__subtitle">{slide.subtitle}</p> : null}
      {slide.text ? <p className="slide-card__text">{slide.text}</p> : null}
      <Html html={slide.html} className="slide-card__html" />
      <OptionalLink link={slide.link} className="text-link" />
    </article>
  );
}
