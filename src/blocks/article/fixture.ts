import type { ArticleBlockProps } from '../../generated/blocks.ts';
import { PLACEHOLDER_IMAGE } from '../fixture-helpers.ts';

export const fixture: ArticleBlockProps = {
  category: 'Business',
  title: 'Five signs your tower lease data is costing you money',
  date: '2026-03-14',
  image: PLACEHOLDER_IMAGE,
  html: '<p>Escalation clauses hide in scanned PDFs.</p><h2>1. Renewals slip</h2><p>…</p>',
  backLink: { label: 'Back to all articles', href: '/blog' },
};
