import type { CarouselBlockProps } from '../../generated/blocks.ts';
import { sampleFile } from '../fixture-helpers.ts';

export const fixture: CarouselBlockProps = {
  heading: { title: 'Our Strengths', subtitle: 'One platform for towers, telecom and subscriptions' },
  variant: 'cards',
  perView: 5,
  autoplay: false,
  slides: [
    {
      title: 'Lease & Contract Management',
      text: 'Every lease, renewal and escalation in one place.',
      image: sampleFile('icons/lease.svg'),
    },
    { title: 'AI-powered Asset Tracking', text: 'Know where every asset is.', image: sampleFile('icons/asset.svg') },
    { title: 'Revenue Management', text: 'Bill every tenant correctly.', image: sampleFile('icons/revenue.svg') },
  ],
};
