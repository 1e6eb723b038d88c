/**
 * Where in a JSON file a JSON pointer is (line and column, for messages), and strict parsing
 * (jsonc-parser: no comments, no trailing commas) that reports syntax errors as issues.
 */
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { AssumedBinding, FileChecks, Issue } from './types.ts';

export class Positions {
  private readonly lineStarts: number[] = [0];
  constructor(
    text: string,
    readonly tree: Node | undefined,
  ) {
    for (let i = 0; i < text.length; i++) if (text[i] === '\n') this.lineStarts.push(i + 1);
  }

  lineColumn(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.lineStarts[lo] + 1 };
  }

  /** Offset of the value at pointer; for an object property, of its key. Falls back to the nearest parent. */
  offset(pointer: string): number {
    if (!this.tree) return 0;
    const segments = pointer
      ? pointer
          .slice(1)
          .split('/')
          .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
      : [];
    for (let n = segments.length; n >= 0; n--) {
      const path = segments.slice(0, n).map((s, i) => {
        // Array indexes must be numbers for jsonc-parser.
        const parent = findNodeAtLocation(this.tree!, segments.slice(0, i));
        return parent?.type === 'array' ? Number(s) : s;
      });
      const node = findNodeAtLocation(this.tree, path);
      if (!node) continue;
      if (node.parent?.type === 'property' && node.parent.children?.[0]) return node.parent.children[0].offset;
      return node.offset;
    }
    return 0;
  }

  /** Line and column of the value at pointer. */
  at(pointer: string): { line: number; column: number } {
    return this.lineColumn(this.offset(pointer));
  }
}

/** The issue `message` at `pointer` of `file`. */
export function issueAt(file: string, positions: Positions, pointer: string, message: string): Issue {
  return { file, ...positions.at(pointer), pointer, message };
}

/** Checks of one file that add to these lists (problems, assumptions, warnings), located in it. */
export function fileChecks(
  file: string,
  positions: Positions,
  issues: Issue[],
  assumptions: AssumedBinding[],
  warnings: Issue[] = [],
): FileChecks {
  const kept = new Set<Issue>();
  return {
    report: (pointer, message, options) => {
      const issue = issueAt(file, positions, pointer, message);
      issues.push(issue);
      if (options?.keepsSection) kept.add(issue);
    },
    kept,
    warn: (pointer, message) => warnings.push(issueAt(file, positions, pointer, message)),
    noteAssumed: (pointer, path, reasons) => assumptions.push({ file, ...positions.at(pointer), pointer, path, reasons }),
  };
}

/** jsonc-parser's error codes in words (the code stays in brackets, for a search). */
const SYNTAX_ERRORS: Record<string, string> = {
  InvalidSymbol: 'something here is not JSON (a comment, a single quote, an unquoted word?)',
  InvalidNumberFormat: 'this is not a valid number',
  PropertyNameExpected: 'a property name in double quotes was expected',
  ValueExpected: 'a value was expected: text in double quotes, a number, true, false, null, an object or a list',
  ColonExpected: 'a colon was expected after the property name',
  CommaExpected: 'a comma was expected between two entries',
  CloseBraceExpected: 'a closing } was expected',
  CloseBracketExpected: 'a closing ] was expected',
  EndOfFileExpected: 'the file should end here (something after the last closing brace?)',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'an unfinished comment (comments are not allowed in JSON)',
  UnexpectedEndOfString: 'a text is not closed with a double quote',
  UnexpectedEndOfNumber: 'an unfinished number',
  InvalidUnicode: 'an invalid \\u escape in a text',
  InvalidEscapeCharacter: 'an invalid escape in a text (a backslash is written \\\\)',
  InvalidCharacter: 'a character that must be escaped in a text (a line break or a tab?)',
};

/** What a syntax error at `offset` means, in words; a comma after the last entry is named as such. */
function syntaxMessage(text: string, error: ParseError): string {
  const code = printParseErrorCode(error.error);
  let before = error.offset - 1;
  while (before >= 0 && /\s/.test(text[before])) before -= 1;
  if (text[before] === ',' && (text[error.offset] === '}' || text[error.offset] === ']')) {
    return `invalid JSON: a comma after the last entry (JSON allows none before ${text[error.offset]}) (${code})`;
  }
  return `invalid JSON: ${SYNTAX_ERRORS[code] ?? 'not valid here'} (${code})`;
}

/** Parses strict JSON; on syntax errors reports (up to five) and returns undefined. */
export function parseStrict(file: string, text: string, issues: Issue[]): { value: unknown; positions: Positions } | undefined {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const positions = new Positions(text, tree);
  if (errors.length) {
    // One message per place (a comma before } is reported by the parser twice).
    const distinct = errors.filter((error, index) => errors.findIndex((other) => other.offset === error.offset) === index);
    for (const error of distinct.slice(0, 5)) {
      issues.push({
        file,
        ...positions.lineColumn(error.offset),
        pointer: '',
        message: syntaxMessage(text, error),
      });
    }
    return undefined;
  }
  return { value: JSON.parse(text) as unknown, positions };
}
