/**
 * The page editor's preview: the draft a preview URL names, and the folder's files with the draft in
 * place of its file (the backend validates them into a definition index like the site's).
 */
import type { SourceFile } from '../../engine/site-inputs.server.ts';

const PREVIEW = /^\/__preview\/([^/]+)(\/.*)?$/;

/** The draft and the page path of a preview URL: /__preview/<draftId>/<path…>?<query>. */
export function previewTarget(url: URL): { draftId: string; path: string } {
  const found = PREVIEW.exec(url.pathname);
  let draftId = '';
  try {
    draftId = found ? decodeURIComponent(found[1]) : '';
  } catch {
    // Not a draft id of ours (those are UUIDs): an unknown draft.
  }
  return { draftId, path: `${found?.[2] ?? '/'}${url.search}` };
}

/** The definitions as `npm run validate` reads them, `file` replaced by (or added as) `text`, in its order. */
export function withFile(files: SourceFile[], file: string, text: string): SourceFile[] {
  return [...files.filter((f) => f.file !== file), { file, text }].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}
