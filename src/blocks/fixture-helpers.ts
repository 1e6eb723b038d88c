/**
 * Sample values the block fixtures share (the catalog, the block docs and `npm run new-page` show
 * the fixtures): the sample file host, the sample site's domain, option lists. Plain functions, so
 * that a fixture stays plain data once imported.
 */

/** The sample company's domain (reserved .example: never a real site). */
export const SAMPLE_DOMAIN = 'veltrix.example';

/** An image or document on the sample file host, by its path there. */
export const sampleFile = (path: string) => `https://img.example.test/${path}`;

/** An e-mail address at the sample domain. */
export const sampleEmail = (name: string) => `${name}@${SAMPLE_DOMAIN}`;

/** Choices of a select or of tabs, from their labels: the value is the label unless `valueOf` derives it. */
export function options(labels: string[], valueOf: (label: string) => string = (label) => label): { label: string; value: string }[] {
  return labels.map((label) => ({ label, value: valueOf(label) }));
}
