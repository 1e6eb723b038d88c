/**
 * The validator's message about a binding that cannot read its field, told as a marketer reads it
 * beside the field: what broke (which prop of which block read which field of which source), what
 * caused it (that source changed, or was removed, since the page was opened) and what to do. The
 * problem list keeps the validator's own words (file:line:col), as `npm run validate` prints them.
 */
import { bindPaths, isPlainObject } from '../engine/bindings.ts';
import { placeholderPaths } from '../engine/placeholders.ts';
import { NO_FIELD, NOT_A_SOURCE } from '../engine/validate/types.ts';
import { splitPointer } from './issues.ts';
import { blockTitle, humanize } from './schema-ui.ts';
import type { BlockInfo, DefinitionDraft, EditorIssue } from './types.ts';

/** Words for a prop where its name says too little. */
const WORDS: Record<string, string> = { href: 'link target' };
const propWords = (name: string) => WORDS[name] ?? humanize(name).toLowerCase();

/** The paths the binding at `key` of `node` reads (`index`: the one of several $bind paths). */
function pathsAt(node: Record<string, unknown>, key: string, index: string | undefined): string[] {
  if (key === '$bind') {
    const paths = bindPaths(node);
    return index !== undefined && /^\d+$/.test(index) ? paths.slice(Number(index), Number(index) + 1) : paths;
  }
  if (key === '$template') return typeof node.$template === 'string' ? placeholderPaths(node.$template) : [];
  const read = node[key];
  return typeof read === 'string' ? [read] : [];
}

interface Located {
  /** The block's name in words (a section), undefined for the page's meta. */
  block?: string;
  /** The props on the way, outside a list's map and inside it. */
  props: string[];
  inMap: string[];
  /** The list an `item.` path reads an entry of. */
  list?: string;
  paths: string[];
}

/** What the binding at `pointer` is and reads. */
function locate(pointer: string, draft: DefinitionDraft, blocks: BlockInfo[]): Located | undefined {
  const segments = splitPointer(pointer);
  let node: unknown = draft;
  const found: Located = { props: [], inMap: [], paths: [] };
  let start = 0;
  if (segments[0] === 'sections') {
    const section = draft.sections[Number(segments[1])] as unknown;
    if (!isPlainObject(section)) return undefined;
    const block = blocks.find((b) => b.name === section.block);
    found.block = block ? blockTitle(block).toLowerCase() : String(section.block);
    node = section;
    start = 2;
  } else if (segments[0] === 'meta') start = 1;
  else return undefined;
  for (let i = start; i < segments.length; i++) {
    const segment = segments[i];
    if (!isPlainObject(node) && !Array.isArray(node)) return undefined;
    if (segment.startsWith('$') && isPlainObject(node)) {
      found.paths = pathsAt(node, segment, segments[i + 1]);
      return found;
    }
    if (isPlainObject(node) && typeof node.$each === 'string' && segment === 'map') found.list = node.$each;
    else if (!/^\d+$/.test(segment)) (found.list === undefined ? found.props : found.inMap).push(segment);
    node = (node as Record<string, unknown>)[segment];
  }
  return undefined;
}

/** The marketer's message for `issue`, or undefined when it is not about a binding's read. */
export function adviceFor(
  issue: EditorIssue,
  draft: DefinitionDraft,
  opened: DefinitionDraft | undefined,
  blocks: BlockInfo[],
): string | undefined {
  const missingField = issue.message.includes(NO_FIELD);
  if (!missingField && !issue.message.includes(NOT_A_SOURCE)) return undefined;
  const at = locate(issue.pointer, draft, blocks);
  if (!at || !at.paths.length) return undefined;
  const field = missingField ? issue.message.slice(issue.message.indexOf(NO_FIELD) + NO_FIELD.length).split('"')[0] : undefined;
  const path = at.paths.find((p) => field !== undefined && p.split('.').slice(1).includes(field)) ?? at.paths[0];
  const [root, ...rest] = path.split('.');
  const fromItem = root === 'item' && at.list !== undefined;
  const source = (fromItem && at.list ? at.list : path).split('.')[0];
  const now = draft.sources?.[source]?.path;
  const before = opened?.sources?.[source]?.path;

  const [first, ...others] = at.props;
  const words = [first, ...others.slice(-1)].filter(Boolean).map(propWords).join(' ');
  const prop = at.block ? `The ${at.block}'s ${words}` : `The page's ${words}`;
  const what = fromItem
    ? `${prop} (${at.inMap.slice(-1).map(propWords).join('')} of each item) used “${rest.join('.')}” of each entry of ${at.list}`
    : `${prop} used “${rest.join('.')}” of the ${source} source`;
  const hint = / \(did you mean [^)]*\)$/.exec(issue.message)?.[0] ?? '';
  // Route parameters, the query string, the site config, the layout's sources: the validator's words.
  if (now === undefined && before === undefined && missingField) return undefined;
  if (now === undefined) {
    if (before !== undefined)
      return `${what}; the source “${source}” (${before}) was removed from the page. Add it again under Page settings, or pick another field.`;
    return `${what}; the page has no source “${source}”. Add one under Page settings, or pick another field.`;
  }
  const broke = fromItem ? `the entries of ${now} have no such field${hint}` : `${now} has no such field${hint}`;
  if (before !== undefined && before !== now)
    return `${what}; ${broke} since the ${source} source changed from ${before}. Pick another field or undo the source change.`;
  return `${what}; ${broke}. Pick another field.`;
}

/** The issues with their advice (a marketer's message beside the field) where there is one. */
export function withAdvice(issues: EditorIssue[], draft: DefinitionDraft, opened: DefinitionDraft | undefined, blocks: BlockInfo[]) {
  return issues.map((issue) => {
    const advice = adviceFor(issue, draft, opened, blocks);
    return advice ? { ...issue, advice } : issue;
  });
}
