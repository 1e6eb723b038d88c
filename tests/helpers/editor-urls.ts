/**
 * Spellings of the page editor's URLs that React Router renders with the editor's routes (it reads
 * the URL parsed — dot segments, `%2e` —, without a `.data` suffix or a trailing slash, percent-
 * decoded and case-insensitively): each must be refused to another computer like `/__editor`.
 * tests/dev-folder.e2e.test.ts checks on a development server that this computer gets the
 * editor at each of them; src/editor/api/api.test.ts that another computer gets 403.
 */

/** URLs of the editor's list and of the editor of `about.json`. */
export const EDITOR_SPELLINGS = [
  '/__editor',
  '/__editor/',
  '/__editor?index',
  '/__editor/about.json',
  '/__editor/about.json/',
  '/__editor.data',
  '/__editor/about.json.data',
  '/__editor.data?_routes=editor',
  '/__Editor',
  '/__EDITOR/about.json',
  '/__Editor/about.json.data',
  '/%5F_editor',
  '/%5f%5fEditor/about.json',
  '/__%65ditor',
  '/__ed%69tor/about.json',
  '/%5F%5F%65%64%69%74%6F%72.data',
  '/./__editor',
  '/x/../__editor',
  '/x/%2e%2e/__editor',
  '/%2E/__editor/about.json',
  '/__editor/./about.json',
  '/__editor/x/../about.json',
  '/x/%2E%2E/__Editor/about.json.data',
];

/** URLs of a draft's preview (`<draft>` stands for its id). */
export const PREVIEW_SPELLINGS = [
  '/__preview/<draft>/contact',
  '/__preview/<draft>/contact.data',
  '/__Preview/<draft>/contact',
  '/__PREVIEW/<draft>/contact/',
  '/%5F_preview/<draft>/contact',
  '/__pr%65view/<draft>/contact.data',
  '/./__preview/<draft>/contact',
  '/x/%2e%2e/__preview/<draft>/contact',
];
