/**
 * Above the outline: the draft's problems (what `npm run validate` fails on: CI rejects the file) and
 * its warnings (what it warns about: an empty navigation, a link without text; the page is served
 * and Save is not refused, but the visitor sees nothing there). The validator's own words, each a
 * button that selects the section it is about.
 */
import type { Selection } from './state.ts';
import type { EditorIssue } from './types.ts';

/** The section an issue is about (/sections/3/… → 3), else the page. */
export function selectionOf(issue: EditorIssue): Selection {
  const m = /^\/sections\/(\d+)(?:\/|$)/.exec(issue.pointer);
  return m ? { kind: 'section', index: Number(m[1]) } : { kind: 'page' };
}

const LISTS = {
  problems: {
    title: 'Problems',
    className: 'editor__problems',
    said: 'The same messages as npm run validate; CI rejects the file until they are fixed.',
  },
  warnings: {
    title: 'Warnings',
    className: 'editor__problems editor__problems--warnings',
    said: 'npm run validate warns about these too: the page is saved and served, but shows nothing there. Fill them in or remove them.',
  },
} as const;

function IssueSection({ kind, issues, onSelect }: { kind: keyof typeof LISTS; issues: EditorIssue[]; onSelect: (s: Selection) => void }) {
  if (!issues.length) return null;
  const { title, className, said } = LISTS[kind];
  return (
    <section className={className} aria-labelledby={`editor-${kind}`}>
      <h2 id={`editor-${kind}`}>
        {title} ({issues.length})
      </h2>
      <p>{said}</p>
      <ul>
        {issues.map((issue) => (
          <li key={issue.text}>
            <button type="button" className="editor__link" onClick={() => onSelect(selectionOf(issue))}>
              {issue.text}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Problems({
  issues,
  warnings,
  onSelect,
}: {
  issues: EditorIssue[];
  warnings: EditorIssue[];
  onSelect: (s: Selection) => void;
}) {
  return (
    <>
      <IssueSection kind="problems" issues={issues} onSelect={onSelect} />
      <IssueSection kind="warnings" issues={warnings} onSelect={onSelect} />
    </>
  );
}
