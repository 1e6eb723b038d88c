/**
 * Slides per view by viewport width (min-width breakpoints, as swiper reads them). The CSS
 * mirrors this table so the server-rendered list already has its final layout (no shift).
 */
export const PER_VIEW_BREAKPOINTS = {
  // One card below 420 px: two of them left 74 px per card at 320 px, too narrow for a title word.
  5: { base: 1, 420: 2, 640: 3, 768: 4, 980: 5 },
  4: { base: 1, 640: 2, 768: 3, 980: 4 },
  2: { base: 1, 500: 2 },
  1: { base: 1 },
} as const;

export const AUTOPLAY_DELAY_MS = 5000;

export type PerView = keyof typeof PER_VIEW_BREAKPOINTS;
