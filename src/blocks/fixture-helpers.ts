/**
 * Sample values the block fixtures share (the catalog, the block docs and `npm run new-page` show
 * the fixtures): stand-in files the site serves, the sample site's domain, option lists. Plain
 * values and functions, so that a fixture stays plain data once imported.
 */

/** The sample company's domain (reserved .example: never a real site). */
export const SAMPLE_DOMAIN = 'veltrix.example';

/**
 * A stand-in image the site serves itself (public/placeholder/): the catalog, the block docs and
 * pages started from fixtures (`npm run new-page`, the editor's New page) never show a broken image,
 * in development or in a production build, whatever the content service's image host is.
 */
export const PLACEHOLDER_IMAGE = '/placeholder/image.svg';

/** A stand-in document for download links: a one-page PDF the site serves itself. */
export const PLACEHOLDER_DOCUMENT = '/placeholder/document.pdf';

/** An e-mail address at the sample domain. */
export const sampleEmail = (name: string) => `${name}@${SAMPLE_DOMAIN}`;

/** Choices of a select or of tabs, from their labels: the value is the label unless `valueOf` derives it. */
export function options(labels: string[], valueOf: (label: string) => string = (label) => label): { label: string; value: string }[] {
  return labels.map((label) => ({ label, value: valueOf(label) }));
}
