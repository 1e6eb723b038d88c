import type { BannerBlockProps } from '../../generated/blocks.ts';
import { PLACEHOLDER_IMAGE } from '../fixture-helpers.ts';

export const fixture: BannerBlockProps = {
  heading: 'Lease & Contract Management',
  subheading: 'Tower-company suite',
  text: 'Every site lease, renewal and escalation in one place.',
  image: PLACEHOLDER_IMAGE,
  imageMobile: PLACEHOLDER_IMAGE,
  cta: { label: 'Request Demo', href: '/talk-to-us' },
  size: 'page',
};
