import type { FormBlockProps } from '../../generated/blocks.ts';
import { sampleEmail } from '../fixture-helpers.ts';

export const fixture: FormBlockProps = {
  form: 'contact',
  heading: 'Send us a message',
  text: 'Tell us about your network and we will get back to you within one business day.',
  fallbackLink: { label: `E-mail ${sampleEmail('sales')}`, href: `mailto:${sampleEmail('sales')}` },
};
