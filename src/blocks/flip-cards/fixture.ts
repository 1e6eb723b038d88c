import type { FlipCardsBlockProps } from '../../generated/blocks.ts';

export const fixture: FlipCardsBlockProps = {
  heading: { title: 'Metrics That Matter' },
  items: [
    { value: '75%', title: 'Operational process efficiency', description: 'Automated lease and site workflows.' },
    { value: '80%', title: 'Financial process efficiency', description: 'Billing and collections on one ledger.' },
    { value: '100%', title: 'Asset visibility', description: 'Every passive and active asset tagged.' },
    { value: '100%', title: 'Billing accuracy', description: 'Every tenant billed to contract.' },
  ],
};
