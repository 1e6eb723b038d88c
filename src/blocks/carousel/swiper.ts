/**
 * The carousel's swiper set-up, in its own module so that it is downloaded together with swiper
 * when a carousel is first reached for (see component.tsx), never with the page.
 */
import Swiper from 'swiper';
import { A11y, Autoplay, Navigation } from 'swiper/modules';
import { AUTOPLAY_DELAY_MS, PER_VIEW_BREAKPOINTS, type PerView } from './breakpoints.ts';

export interface CarouselSwiper {
  autoplay?: { start(): void; stop(): void };
  destroy(): void;
  slideNext(): void;
  slidePrev(): void;
}

function swiperBreakpoints(perView: PerView) {
  const { base: _base, ...rest } = PER_VIEW_BREAKPOINTS[perView] as Record<string, number>;
  return Object.fromEntries(Object.entries(rest).map(([width, n]) => [width, { slidesPerView: n }]));
}

export function createSwiper(
  root: HTMLElement,
  options: {
    perView: PerView;
    hero: boolean;
    autoplay: boolean;
    reducedMotion: boolean;
    prev: HTMLElement | null;
    next: HTMLElement | null;
  },
): CarouselSwiper {
  // Continue from the slide the visitor scrolled to natively; swiper moves by transform.
  const slide = root.querySelector<HTMLElement>('.swiper-slide');
  const initialSlide = slide && slide.offsetWidth > 0 ? Math.round(root.scrollLeft / slide.offsetWidth) : 0;
  root.scrollLeft = 0;
  const swiper = new Swiper(root, {
    // No Keyboard module: it takes the arrow and page keys of the whole page while the carousel is
    // in view. The viewport handles its own arrow keys (component.tsx).
    modules: [Navigation, A11y, Autoplay],
    initialSlide,
    slidesPerView: PER_VIEW_BREAKPOINTS[options.perView].base,
    breakpoints: swiperBreakpoints(options.perView),
    spaceBetween: options.hero ? 0 : 24,
    speed: options.reducedMotion ? 0 : 400,
    rewind: true,
    watchOverflow: true,
    // Slides keep the server-rendered role, description and "N of M" name (component.tsx).
    a11y: {
      enabled: true,
      prevSlideMessage: 'Previous slide',
      nextSlideMessage: 'Next slide',
      slideRole: 'group',
      itemRoleDescriptionMessage: 'slide',
      slideLabelMessage: '{{index}} of {{slidesLength}}',
    },
    navigation: { prevEl: options.prev, nextEl: options.next },
    autoplay: options.autoplay ? { delay: AUTOPLAY_DELAY_MS, pauseOnMouseEnter: true, disableOnInteraction: false } : false,
  });
  // A slide that takes focus is shown at once, wherever it is (issue 35: Shift+Tab in quick steps
  // focused a slide 1,200 px off-screen). Swiper's own focus handling ignores focus in the first
  // 100 ms after it starts, and the carousel starts it on the first focus in it; focus already on
  // a slide when it starts counts too.
  const show = (target: Element | null) => {
    const slide = target?.closest<HTMLElement>('.swiper-slide');
    if (!slide || !root.contains(slide)) return;
    const box = slide.getBoundingClientRect();
    const frame = root.getBoundingClientRect();
    if (box.left >= frame.left - 1 && box.right <= frame.right + 1) return;
    root.scrollLeft = 0;
    swiper.slideTo(swiper.slides.indexOf(slide), 0);
  };
  const onFocusIn = (event: FocusEvent) => show(event.target as Element);
  root.addEventListener('focusin', onFocusIn);
  swiper.on('destroy', () => root.removeEventListener('focusin', onFocusIn));
  show(document.activeElement);
  return swiper as unknown as CarouselSwiper;
}
