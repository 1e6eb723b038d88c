/**
 * Where visitors' browsers send their Web Vitals (./chrome/web-vitals-reporter.ts → src/server/vitals.ts):
 * a path of the engine's own, like React Router's /__manifest, outside /api/ (the content service's
 * namespace) and outside the pages. Only POST answers there; a GET is an unknown URL (the kept
 * not-found page), so robots.txt and the page cache need no rule for it.
 */
export const VITALS_ENDPOINT = '/__vitals';
