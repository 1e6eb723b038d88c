import type { FormBlockProps } from '../../generated/blocks.ts';

export const fixture: FormBlockProps = {
  form: 'contact',
  heading: 'Send us a message',
  text: 'Tell us about your network and we will get back to you within one business day.',
  fallbackLink: { label: 'E-mail sales@veltrix.example', href: 'mailto:sales@veltrix.example' },
};
