/** Content fields as the editor's backend lists them for a page: the editor's form tests pick from these. */
import type { FieldInfo } from '../../src/editor/types.ts';

export const fields: FieldInfo[] = [
  { path: 'page.page_data.content', type: 'string', html: true, sample: '<p>We build</p>' },
  { path: 'page.page_data.image', type: 'string', image: true, sample: 'banners/about.svg' },
  { path: 'page.page_data.name', type: 'string', sample: 'About Veltrix' },
  { path: 'page.page_data.long', type: 'string', sample: 'word '.repeat(24) },
  { path: 'page.page_data.sort', type: 'integer', sample: 3 },
  { path: 'page.page_data.tagline', type: 'string', assumed: 'not in SPEC', sample: 'Ahead' },
  {
    path: 'list.list.data',
    type: 'array',
    items: [
      { path: 'item.name', type: 'string', sample: 'Five signs' },
      { path: 'item.slug', type: 'string', sample: 'five-signs' },
    ],
  },
];
