import type { MediaTextBlockProps } from '../../generated/blocks.ts';
import { sampleFile } from '../fixture-helpers.ts';

export const fixture: MediaTextBlockProps = {
  eyebrow: 'About us',
  heading: 'Software that runs tower companies and telecom operators',
  html: '<p>For three decades we have built the systems behind leases, assets and bills.</p>',
  image: sampleFile('about.svg'),
  imageAlt: 'Engineers at a tower site',
  imagePosition: 'right',
  stat: { value: '30+', label: 'Years of domain expertise' },
  cta: { label: 'Know more', href: '/about-veltrix' },
};
