import type { BannerBlockProps } from '../../generated/blocks.ts';
import { sampleFile } from '../fixture-helpers.ts';

export const fixture: BannerBlockProps = {
  heading: 'Lease & Contract Management',
  subheading: 'Tower-company suite',
  text: 'Every site lease, renewal and escalation in one place.',
  image: sampleFile('banners/lease.svg'),
  imageMobile: sampleFile('banners/lease-mobile.svg'),
  cta: { label: 'Request Demo', href: '/talk-to-us' },
  size: 'page',
};
