import type { ContactDetailsBlockProps } from '../../generated/blocks.ts';
import { sampleEmail } from '../fixture-helpers.ts';

export const fixture: ContactDetailsBlockProps = {
  heading: 'Contact us',
  text: 'Talk to the team that runs your towers.',
  items: [
    { label: 'E-mail', value: sampleEmail('hello'), href: `mailto:${sampleEmail('hello')}` },
    { label: 'Phone', value: '+44 20 7946 0000', href: 'tel:+442079460000' },
  ],
  cta: { label: 'Contact', href: '/contact' },
};
