import type { CarouselBlockProps } from '../../generated/blocks.ts';
import { PLACEHOLDER_IMAGE } from '../fixture-helpers.ts';

export const fixture: CarouselBlockProps = {
  heading: { title: 'Our Strengths', subtitle: 'One platform for towers, telecom and subscriptions' },
  variant: 'cards',
  perView: 5,
  autoplay: false,
  slides: [
    {
      title: 'Lease & Contract Management',
      text: 'Every lease, renewal and escalation in one place.',
      image: PLACEHOLDER_IMAGE,
    },
    { title: 'AI-powered Asset Tracking', text: 'Know where every asset is.', image: PLACEHOLDER_IMAGE },
    { title: 'Revenue Management', text: 'Bill every tenant correctly.', image: PLACEHOLDER_IMAGE },
  ],
};
