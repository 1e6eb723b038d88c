import type { CarouselBlockProps } from '../../generated/blocks.ts';

export const fixture: CarouselBlockProps = {
  heading: { title: 'Our Strengths', subtitle: 'One platform for towers, telecom and subscriptions' },
  variant: 'cards',
  perView: 5,
  autoplay: false,
  slides: [
    {
      title: 'Lease & Contract Management',
      text: 'Every lease, renewal and escalation in one place.',
      image: 'https://img.example.test/icons/lease.svg',
    },
    { title: 'AI-powered Asset Tracking', text: 'Know where every asset is.', image: 'https://img.example.test/icons/asset.svg' },
    { title: 'Revenue Management', text: 'Bill every tenant correctly.', image: 'https://img.example.test/icons/revenue.svg' },
  ],
};
