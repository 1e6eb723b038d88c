import type { NoticeBlockProps } from '../../generated/blocks.ts';

export const fixture: NoticeBlockProps = {
  heading: 'Sorry, Page not Found',
  text: 'The page you are looking for does not exist or has moved.',
  link: { label: 'Go to Homepage', href: '/' },
};
