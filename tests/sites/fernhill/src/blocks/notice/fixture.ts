import type { NoticeBlockProps } from '@engine/generated/blocks.ts';

export const fixture: NoticeBlockProps = {
  heading: 'Not on our shelves',
  text: 'We could not find that page.',
  link: { label: 'Back to the library', href: '/' },
};
