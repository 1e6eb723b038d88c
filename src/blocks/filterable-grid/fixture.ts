import type { FilterableGridBlockProps } from '../../generated/blocks.ts';

const titles = ['Cutting lease costs', 'Billing at 5G scale', 'Portal adoption', 'Tower asset audits', 'Credit control', 'Usage pricing'];

export const fixture: FilterableGridBlockProps = {
  heading: { title: 'White Papers & Case Studies' },
  pageSize: 4,
  categories: [
    { value: '1', label: 'Case Studies' },
    { value: '2', label: 'White Paper' },
  ],
  items: titles.map((title, i) => ({
    title,
    category: i % 2 === 0 ? '1' : '2',
    date: `2026-0${(i % 9) + 1}-10`,
    text: `About ${title.toLowerCase()}.`,
    link: { label: 'Read More', hiddenSuffix: `about item ${i}`, href: `/white-paper-case-studies/item-${i}` },
  })),
};
