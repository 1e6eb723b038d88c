/**
 * Draft checks: a draft's text checked exactly as `npm run validate` checks the file a save writes,
 * with the folder's other definitions and site.config.json as they are on disk now (./files.ts: read
 * once, a file again when it changed), and the definition index the preview renders the draft from.
 */
import { definitionIndex, type DefinitionIndex } from '../../engine/definitions.server.ts';
import { formatIssue, formatWarning, type Issue } from '../../engine/validate/types.ts';
import type { DefinitionDraft, EditorIssue } from '../types.ts';
import type { SiteFiles } from './files.ts';
import { withFile } from './overlay.ts';
import { definitionText } from './rewrite.ts';

export function editorIssue(issue: Issue): EditorIssue {
  return { pointer: issue.pointer, line: issue.line, column: issue.column, message: issue.message, text: formatIssue(issue) };
}

/** A warning of the validator (an empty navigation, a link without text), its text as `npm run validate` prints it. */
export const editorWarning = (warning: Issue): EditorIssue => ({ ...editorIssue(warning), text: formatWarning(warning) });

export interface Draft {
  file: string;
  text: string;
  /** The index the preview renders from, for the site index it was built on (rebuilt when that reloads). */
  overlay: { base: DefinitionIndex; index: DefinitionIndex };
}

export interface Checked {
  issues: EditorIssue[];
  /** What `npm run validate` warns about in the file: no failure, Save is not refused. */
  warnings: EditorIssue[];
  overlay: Draft['overlay'];
}

export interface DraftChecks {
  /**
   * `text` checked as `npm run validate` would with the folder's other files: its problems, and the
   * site's definition index with it in place (what the preview renders from), from one validation.
   */
  check(file: string, text: string): Promise<Checked>;
  /** The text a save of `definition` writes over `before` (the file's text now), and its problems. */
  render(file: string, before: string | undefined, definition: DefinitionDraft): Promise<Checked & { text: string }>;
  /** The draft's index; checked again only when the site's definitions were reloaded since. */
  overlay(draft: Draft): Promise<DefinitionIndex>;
}

/** `definitions`: the site's current index (its validator, contract and site config); `files`: the site's inputs on disk. */
export function draftChecks(definitions: () => DefinitionIndex, files: SiteFiles): DraftChecks {
  async function check(file: string, text: string): Promise<Checked> {
    const base = definitions();
    const [onDisk, site] = await Promise.all([files.definitions(), files.site()]);
    const all = withFile(onDisk, file, text);
    const result = base.validator.validate(all, site);
    // The preview renders the draft being edited, also where it takes another page's route (a
    // problem it is told): of equal routes the first definition wins.
    const ordered = [...result.definitions.filter((d) => d.file === file), ...result.definitions.filter((d) => d.file !== file)];
    const index = definitionIndex(
      base.validator,
      base.contract,
      all.map((f) => f.file),
      { ...result, definitions: ordered, site: result.site ?? base.site },
    );
    return {
      issues: result.issues.filter((issue) => issue.file === file).map(editorIssue),
      warnings: result.warnings.filter((warning) => warning.file === file).map(editorWarning),
      overlay: { base, index },
    };
  }

  return {
    check,
    async render(file, before, definition) {
      const text = await definitionText(before, definition, file, definitions().validator.store);
      return { text, ...(await check(file, text)) };
    },
    async overlay(draft) {
      if (draft.overlay.base !== definitions()) draft.overlay = (await check(draft.file, draft.text)).overlay;
      return draft.overlay.index;
    },
  };
}
