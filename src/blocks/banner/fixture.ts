import type { BannerBlockProps } from '../../generated/blocks.ts';

export const fixture: BannerBlockProps = {
  heading: 'Lease & Contract Management',
  subheading: 'Tower-company suite',
  text: 'Every site lease, renewal and escalation in one place.',
  image: 'https://img.example.test/banners/lease.svg',
  imageMobile: 'https://img.example.test/banners/lease-mobile.svg',
  cta: { label: 'Request Demo', href: '/talk-to-us' },
  size: 'page',
};
