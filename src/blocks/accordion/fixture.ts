import type { AccordionBlockProps } from '../../generated/blocks.ts';
import { SAMPLE_DOMAIN } from '../fixture-helpers.ts';

export const fixture: AccordionBlockProps = {
  heading: { title: 'Frequently Asked Questions' },
  nav: {
    label: 'FAQ topics',
    links: [
      { label: 'Orchestration Platform', href: '/faq-orchestration-platform' },
      { label: 'CCM Platform', href: '/faq-ccm-platform' },
    ],
  },
  items: [
    { question: 'Which protocols does the gateway support?', answer: '<p>REST, SOAP, SFTP and message queues.</p>' },
    { question: 'Can workflows be changed without a release?', answer: '<p>Yes: the low-code designer publishes versions.</p>' },
  ],
  footerLink: { label: 'Visit the product wiki', href: `https://wiki.${SAMPLE_DOMAIN}` },
};
