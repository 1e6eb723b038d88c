import type { MediaTextBlockProps } from '../../generated/blocks.ts';
import { PLACEHOLDER_IMAGE } from '../fixture-helpers.ts';

export const fixture: MediaTextBlockProps = {
  eyebrow: 'About us',
  heading: 'Software that runs tower companies and telecom operators',
  html: '<p>For three decades we have built the systems behind leases, assets and bills.</p>',
  image: PLACEHOLDER_IMAGE,
  imageAlt: 'Engineers at a tower site',
  imagePosition: 'right',
  stat: { value: '30+', label: 'Years of domain expertise' },
  cta: { label: 'Know more', href: '/about-veltrix' },
};
