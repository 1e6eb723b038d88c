import type { LinkPillsBlockProps } from '../../generated/blocks.ts';

export const fixture: LinkPillsBlockProps = {
  heading: { title: 'Our Products' },
  links: [
    { label: 'TowerCo', href: '/solutions/tower-management-solutions' },
    { label: 'Cross-industry', href: '/solutions/cross-industry-solutions' },
    { label: 'Platforms', href: '/products/' },
    { label: 'Telco', href: '/solutions/telecom-and-CSP' },
  ],
};
