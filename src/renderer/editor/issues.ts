/**
 * The validator's issues (JSON pointers into the definition) → where the forms show them: rjsf's
 * ErrorSchema (passed as extraErrors), nested by the pointer's segments below a prefix.
 */
import type { ErrorSchema } from '@rjsf/utils';
import { isBindingNode, isPlainObject } from './schema-ui.ts';
import type { EditorIssue } from './types.ts';

/** "/a~1b/c~0d" → ["a/b", "c~d"] */
export const splitPointer = (pointer: string): string[] =>
  pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));

/** The issues at `prefix` or below it. */
export const issuesUnder = (issues: EditorIssue[], prefix: string): EditorIssue[] =>
  issues.filter((issue) => issue.pointer === prefix || issue.pointer.startsWith(`${prefix}/`));

type Node = { __errors?: string[]; [key: string]: Node | string[] | undefined };

/**
 * Each issue under its field: an issue inside a binding node (/heading/$bind, /heading/default) is
 * the field's (`heading`); only an $each's map goes deeper, where its editor shows them. Without
 * `data` the walk stops at the first $-segment.
 */
export function errorSchemaFor(issues: EditorIssue[], prefix: string, data?: unknown): ErrorSchema {
  const root: Node = {};
  for (const issue of issuesUnder(issues, prefix)) {
    let node = root;
    let value = data;
    for (const segment of splitPointer(issue.pointer.slice(prefix.length))) {
      if (segment.startsWith('$')) break;
      if (isBindingNode(value)) {
        if (!('$each' in value) || segment !== 'map') break;
      }
      const child = node[segment];
      node = node[segment] = isPlainObject(child) ? (child as Node) : {};
      value = isPlainObject(value) || Array.isArray(value) ? (value as Record<string, unknown>)[segment] : undefined;
    }
    node.__errors = [...(node.__errors ?? []), issue.message];
  }
  return root as ErrorSchema;
}
