import type { MemberGridBlockProps } from '../../generated/blocks.ts';

export const fixture: MemberGridBlockProps = {
  heading: { title: 'Leadership' },
  members: [
    {
      name: 'Amelia Hart',
      position: 'Chief Executive Officer',
      description: 'Built tower billing for three continents.',
      linkedin: 'https://www.linkedin.com/in/example',
    },
    { name: 'Rohan Mehta', position: 'Chief Technology Officer' },
  ],
  footerLink: { label: 'View All', href: '/team' },
};
