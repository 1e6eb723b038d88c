/**
 * What the editor's "Show a list of …" writes for a card grid over the blog's list (posts.list.data of
 * /api/page/blog) when the proposal is taken as it stands: each entry's fields on the card's props, and
 * the link to the entry's own page from the route whose sitemap reads the same list (/blog/:slug).
 * One expected value for the pure mapping's test, the proposal's and the browser's.
 */
export const blogCardMap = {
  title: { $bind: 'item.name' },
  label: { $bind: 'item.cat_name' },
  date: { $bind: 'item.posted_date' },
  html: { $bind: 'item.short_description' },
  image: { $bind: 'item.image_thumbnail' },
  link: {
    label: 'Read Full Article',
    hiddenSuffix: { $template: 'about {item.name}', encode: false },
    href: { $template: '/blog/{item.slug}' },
  },
} as const;
