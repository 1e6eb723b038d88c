/**
 * What a definition's change does, in words, for the Publish dialog (./publish.tsx), above the
 * file's diff: the page's own settings that changed, and its sections added, removed, moved or
 * changed (which properties). Sections are matched as a diff matches lines: the longest run of
 * sections left as they were, then, between those, a removed and an added section of the same
 * block are one section changed, and the same section removed in one place and added in another
 * has moved.
 */
import { sectionSummary } from './outline.tsx';
import { deepEqual } from '../engine/bindings.ts';
import { humanize, inSentence, isPlainObject, type Json } from './schema-ui.ts';
import type { SectionDraft } from './types.ts';

function parse(text: string | undefined): Json | undefined {
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isPlainObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

const sectionsOf = (definition: Json): SectionDraft[] =>
  Array.isArray(definition.sections) ? definition.sections.filter((s): s is SectionDraft => isPlainObject(s)) : [];

const titleOf = (section: SectionDraft) => humanize(typeof section.block === 'string' ? section.block : 'section');

/** "banner “What drives us”": a section named by its block and its first telling text. */
function named(section: SectionDraft): string {
  const text = sectionSummary(section);
  return text ? `${inSentence(titleOf(section))} “${text}”` : inSentence(titleOf(section));
}

/** The keys of two objects whose values differ, in the order the newer one has them. */
function changedKeys(before: Json, after: Json, skip: readonly string[] = []): string[] {
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return keys.filter((key) => !skip.includes(key) && !deepEqual(before[key], after[key]));
}

const list = (words: string[]) => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`);

type Step = { keep: [number, number] } | { removed: number } | { added: number };

/** A longest common subsequence of equal sections, as the steps from `before` to `after`. */
function steps(before: SectionDraft[], after: SectionDraft[]): Step[] {
  const [n, m] = [before.length, after.length];
  const longest = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      longest[i][j] = deepEqual(before[i], after[j]) ? longest[i + 1][j + 1] + 1 : Math.max(longest[i + 1][j], longest[i][j + 1]);
  const out: Step[] = [];
  let [i, j] = [0, 0];
  while (i < n || j < m) {
    if (i < n && j < m && deepEqual(before[i], after[j])) out.push({ keep: [i++, j++] });
    else if (j < m && (i === n || longest[i][j + 1] >= longest[i + 1][j])) out.push({ added: j++ });
    else out.push({ removed: i++ });
  }
  return out;
}

function describeSections(before: SectionDraft[], after: SectionDraft[]): string[] {
  const removed: number[] = [];
  const added: number[] = [];
  const changed: [number, number][] = [];
  // Between two sections kept as they were: pair a removed and an added one of the same block.
  const settle = (gapRemoved: number[], gapAdded: number[]) => {
    const open = [...gapAdded];
    for (const i of gapRemoved) {
      const at = open.findIndex((j) => after[j].block === before[i].block && !deepEqual(before[i], after[j]));
      if (at >= 0 && !after.some((section) => deepEqual(section, before[i]))) changed.push([i, open.splice(at, 1)[0]]);
      else removed.push(i);
    }
    added.push(...open);
  };
  let gap: { removed: number[]; added: number[] } = { removed: [], added: [] };
  for (const step of steps(before, after)) {
    if ('keep' in step) {
      settle(gap.removed, gap.added);
      gap = { removed: [], added: [] };
    } else if ('removed' in step) gap.removed.push(step.removed);
    else gap.added.push(step.added);
  }
  settle(gap.removed, gap.added);

  const lines: string[] = [];
  // The same section removed here and added there: moved.
  for (const i of [...removed]) {
    const j = added.find((a) => deepEqual(before[i], after[a]));
    if (j === undefined) continue;
    removed.splice(removed.indexOf(i), 1);
    added.splice(added.indexOf(j), 1);
    lines.push(`Section ${i + 1} (${named(before[i])}) moved to position ${j + 1}`);
  }
  for (const [i, j] of changed) {
    const keys = changedKeys(before[i], after[j], ['block']).map((key) => inSentence(humanize(key)));
    lines.push(`Section ${j + 1} (${inSentence(titleOf(after[j]))}): ${list(keys)} changed`);
  }
  for (const j of added) lines.push(`Section ${j + 1} added: ${named(after[j])}`);
  for (const i of removed) lines.push(`Section ${i + 1} of the published page removed: ${named(before[i])}`);
  return lines;
}

/** A short value worth quoting (a title, a route), else undefined. */
const quotable = (value: unknown) => (typeof value === 'string' && value.length <= 80 ? `“${value}”` : undefined);

/**
 * The change from `beforeText` (undefined: a new file) to `afterText`, one line per change; empty
 * when either is not a JSON object (the diff alone tells then) or nothing changed.
 */
export function describeChange(beforeText: string | undefined, afterText: string): string[] {
  const after = parse(afterText);
  if (!after) return [];
  if (beforeText === undefined) {
    const sections = sectionsOf(after);
    const route = typeof after.route === 'string' ? ` ${after.route}` : '';
    const blocks = sections.map((section) => inSentence(titleOf(section)));
    if (!blocks.length) return [`A new page${route}, without sections yet`];
    return [
      `A new page${route} with ${sections.length === 1 ? 'one section' : `${sections.length} sections`}${blocks.length ? `: ${list(blocks)}` : ''}`,
    ];
  }
  const before = parse(beforeText);
  if (!before) return [];
  const lines = changedKeys(before, after, ['sections']).map((key) => {
    const label = humanize(key);
    if (!(key in after)) return `${label} removed`;
    if (!(key in before)) return `${label} set${quotable(after[key]) ? ` to ${quotable(after[key])}` : ''}`;
    const [from, to] = [quotable(before[key]), quotable(after[key])];
    return from && to ? `${label}: ${from} → ${to}` : `${label} changed`;
  });
  return [...lines, ...describeSections(sectionsOf(before), sectionsOf(after))];
}
