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

/** What a missing required property's field says (the problem list keeps the validator's words). */
export const REQUIRED_AT_FIELD = 'Required: this block needs a value here.';

/** The validator's message for a missing property (ajv-messages.ts): the property's name. */
const MISSING = /^must have "([^"]+)"$/;

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
    // A missing property is told at its own field, where the author fills it in.
    const missing = MISSING.exec(issue.message)?.[1];
    if (missing !== undefined && !isBindingNode(value)) {
      const child = node[missing];
      node = node[missing] = isPlainObject(child) ? (child as Node) : {};
    }
    const message = missing !== undefined && !isBindingNode(value) ? REQUIRED_AT_FIELD : (issue.advice ?? issue.message);
    node.__errors = [...(node.__errors ?? []), message];
  }
  return root as ErrorSchema;
}
