/**
 * Imports point one way between folders (issue 21). Among the sibling folders of any folder of src/
 * and tools/ (src/engine and src/server, src/server/outbox and src/server/submissions, …) the
 * import graph has no cycle: a folder that uses another is not used by it, directly or around a
 * loop. Production code never imports tests, and tools do not either; src/ never imports tools/.
 * No source file is over 400 lines (issue 33), generated code and sample data aside.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../tools/lib/project.ts';

interface Import {
  from: string;
  to: string;
}

const SOURCE = /\.(?:ts|tsx|mts)$/;
// Relative imports, and the site's inputs through the @site alias (the main site: the project root).
const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+|@site\/[^'"]+)\1/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const abs = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(abs);
    return SOURCE.test(entry.name) ? [abs] : [];
  });
}

/** Every relative import of the code under `roots` (test files left out: they may reach anywhere). */
function importsOf(roots: string[]): Import[] {
  return roots.flatMap((root) =>
    sourceFiles(path.join(projectRoot, root))
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(SPECIFIER)].map((match) => ({
          from: path.relative(projectRoot, file),
          to: path.relative(
            projectRoot,
            match[2].startsWith('@site/')
              ? path.join(projectRoot, match[2].slice('@site/'.length).split('?')[0])
              : path.resolve(path.dirname(file), match[2].split('?')[0]),
          ),
        })),
      ),
  );
}

/** For each folder: the edges between its child folders (a file directly in the folder is no child). */
function siblingGraphs(imports: Import[]): Map<string, Map<string, Map<string, string[]>>> {
  const graphs = new Map<string, Map<string, Map<string, string[]>>>();
  for (const { from, to } of imports) {
    const a = from.split('/');
    const b = to.split('/');
    // The deepest common folder, then the child folders of it on each side.
    let depth = 0;
    while (depth < Math.min(a.length, b.length) - 1 && a[depth] === b[depth]) depth++;
    if (depth >= a.length - 1 || depth >= b.length - 1) continue;
    const parent = a.slice(0, depth).join('/');
    const graph = graphs.get(parent) ?? new Map<string, Map<string, string[]>>();
    graphs.set(parent, graph);
    const targets = graph.get(a[depth]) ?? new Map<string, string[]>();
    graph.set(a[depth], targets);
    targets.set(b[depth], [...(targets.get(b[depth]) ?? []), `${from} → ${to}`]);
  }
  return graphs;
}

/** The cycles of a graph, as strongly connected components of more than one node (Tarjan). */
function cycles(graph: Map<string, Map<string, string[]>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let top: string;
      do {
        top = stack.pop()!;
        component.push(top);
      } while (top !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('folders', () => {
  const imports = importsOf(['src', 'tools']);

  it('import one another one way: no cycle among sibling folders of src/ and tools/', () => {
    const loops: string[] = [];
    for (const [parent, graph] of siblingGraphs(imports)) {
      for (const component of cycles(graph)) {
        const edges = component.flatMap((a) => component.flatMap((b) => (graph.get(a)?.get(b) ?? []).slice(0, 2)));
        loops.push(`${component.map((name) => `${parent}/${name}`).join(' ⇄ ')}:\n    ${edges.join('\n    ')}`);
      }
    }
    expect(loops).toEqual([]);
  });

  it('the check sees a cycle (a made-up pair of folders importing each other)', () => {
    const graph = siblingGraphs([
      { from: 'src/a/x.ts', to: 'src/b/y.ts' },
      { from: 'src/b/y.ts', to: 'src/a/z.ts' },
      { from: 'src/c/w.ts', to: 'src/a/x.ts' },
    ]).get('src')!;
    expect(cycles(graph)).toEqual([['a', 'b']]);
  });

  it('sees the imports of site inputs through @site', () => {
    expect(imports).toContainEqual({ from: 'src/forms/site-form.tsx', to: 'src/generated/forms/index.ts' });
  });

  it('no test helper lives in a production folder: only test files of src/ and tools/ import vitest or Testing Library', () => {
    const helpers = ['src', 'tools']
      .flatMap((root) => sourceFiles(path.join(projectRoot, root)))
      .filter((file) => !/\.(?:e2e\.)?test\.tsx?$/.test(file))
      .filter((file) => /from\s+['"](?:vitest|@testing-library\/[\w-]+)['"]/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(projectRoot, file));
    expect(helpers).toEqual([]);
  });

  it('the application never imports tools: src/ (the editor’s development server side included) stands alone', () => {
    const crossing = imports.filter(({ from, to }) => from.startsWith('src/') && to.startsWith('tools/'));
    expect(crossing.map(({ from, to }) => `${from} → ${to}`)).toEqual([]);
  });

  it('no file of src/ or tools/ is named for tests unless it is a test (helpers and samples live in tests/helpers/)', () => {
    const named = ['src', 'tools']
      .flatMap((root) => sourceFiles(path.join(projectRoot, root)))
      .filter((file) => !/\.(?:e2e\.)?test\.tsx?$/.test(file) && /(?:^|[-_.])tests?[-_]|[-_]tests?\./.test(path.basename(file)))
      .map((file) => path.relative(projectRoot, file));
    expect(named).toEqual([]);
  });

  it('production code and tools never import tests', () => {
    expect(imports.filter(({ to }) => to.startsWith('tests/')).map(({ from, to }) => `${from} → ${to}`)).toEqual([]);
  });
});

// Placeholders (issue 33): one module reads and writes `{…}` (src/engine/placeholders.ts). A regular
// expression for them anywhere else in src/ or tools/ is a second parser of the language, bound to
// drift from the first. Allowed: that module; the content contract's path-template matcher (one
// expression, src/engine/contract-paths.ts); the stand-in content service (tools/content-service/, a
// program of its own); generated code; tests (they may look for braces in output: Prometheus labels).
const PLACEHOLDER_MODULE = 'src/engine/placeholders.ts';
const CONTRACT_MATCHER = 'src/engine/contract-paths.ts';
const NOT_CHECKED = [/^src\/generated\//, /\.generated\.tsx?$/, /^tools\/content-service\//, /\.(?:e2e\.)?test\.tsx?$/];

/** Texts with every kind of placeholder the site writes. */
const PROBES = [
  '/blog/{item.slug}',
  '/api/blog/{params.slug}?id={search.id}',
  'Hello { page.page_data.name }!',
  '/about-{brand}',
  '/api/blog/{slug}',
];

/**
 * Whether a regular expression looks for placeholders: it has a literal brace outside a character
 * class (`\{`, `\x7b`, `\u007b`, or in a pattern without the u flag a `{` that is no quantifier),
 * or it matches a whole `{…}` of a probe text (`[{][^}]+[}]`). A class of characters to remove or
 * allow (`[:*?{}]`, `[^{}]`) is neither.
 */
function looksForPlaceholders(pattern: string, flags = ''): boolean {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      const escaped = pattern.slice(i + 1);
      if (!inClass && /^(?:[{}]|x7[bd]|u007[bd]|u\{7[bd]\})/i.test(escaped)) return true;
      i++;
    } else if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (
      !inClass &&
      (c === '{' || c === '}') &&
      !/^\{\d+(?:,\d*)?\}/.test(pattern.slice(i)) &&
      !/\{\d+(?:,\d*)?$/.test(pattern.slice(0, i))
    )
      return true;
  }
  let expression: RegExp;
  try {
    expression = new RegExp(pattern, `${flags.replace(/[gy]/g, '')}g`);
  } catch {
    return false;
  }
  return PROBES.some((probe) => [...probe.matchAll(expression)].some((match) => /\{[^{}]*\}/.test(match[0])));
}

/** The regular expressions of a source file: literals, and RegExp(…) of a literal string. */
function regularExpressions(file: string): { pattern: string; flags: string; line: number }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: { pattern: string; flags: string; line: number }[] = [];
  const line = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const text = (node: ts.Node | undefined) => (node && ts.isStringLiteralLike(node) ? node.text : undefined);
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = (node as ts.RegularExpressionLiteral).text;
      const end = literal.lastIndexOf('/');
      found.push({ pattern: literal.slice(1, end), flags: literal.slice(end + 1), line: line(node) });
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    ) {
      const pattern = text(node.arguments?.[0]);
      if (pattern !== undefined) found.push({ pattern, flags: text(node.arguments?.[1]) ?? '', line: line(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('placeholders', () => {
  it('are read by one module: no regular expression for {…} elsewhere in src/ or tools/', () => {
    const elsewhere: string[] = [];
    for (const file of ['src', 'tools'].flatMap((root) => sourceFiles(path.join(projectRoot, root)))) {
      const name = path.relative(projectRoot, file);
      if (name === PLACEHOLDER_MODULE || NOT_CHECKED.some((re) => re.test(name))) continue;
      const hits = regularExpressions(file).filter(({ pattern, flags }) => looksForPlaceholders(pattern, flags));
      // The contract's path templates (/api/blog/{slug}) keep their one matcher.
      for (const hit of name === CONTRACT_MATCHER ? hits.slice(1) : hits)
        elsewhere.push(`${name}:${hit.line} /${hit.pattern}/${hit.flags}`);
    }
    expect(elsewhere).toEqual([]);
  });

  it('the check sees placeholder expressions, however written, and lets classes of characters be', () => {
    const seen = [
      String.raw`\{([^{}]+)\}`,
      String.raw`\{(?!brand\})`,
      String.raw`\{(params|search)\.([^{}]+)\}`,
      String.raw`^\{(\w+)\}$`,
      String.raw`\x7b(\w+)\x7d`,
      '{([^}]+)}',
      '[{]([^}]+)[}]',
      '\\{search\\.',
    ];
    expect(seen.filter((pattern) => !looksForPlaceholders(pattern))).toEqual([]);
    expect(
      ['[:*?{}]', '[^{}]+', String.raw`^\d{4}-\d{2}$`, 'a{2,}', '[^a-z0-9-]+'].filter((pattern) => looksForPlaceholders(pattern)),
    ).toEqual([]);
    const file = path.join(projectRoot, 'src/engine/placeholders.ts');
    expect(regularExpressions(file).map(({ pattern }) => pattern)).toEqual([String.raw`\{([^{}]+)\}`]);
  });
});

/** Longest a source file of src/, tools/ or tests/ may be. */
const MAX_LINES = 400;
/** Code and data no one edits by hand: generated (src/generated/, *.generated.*) and the reference service's sample content. */
const EXEMPT = [/(?:^|\/)generated\//, /\.generated\.[^/]+$/, /^tools\/content-service\/sample\//];
const CODE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;
/** Folders that hold no source: dependencies, builds and exports (a site's build under tests/sites/). */
const NOT_SOURCE = new Set(['node_modules', 'build', 'export']);

function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const abs = path.join(dir, entry.name);
    if (entry.isDirectory()) return NOT_SOURCE.has(entry.name) ? [] : codeFiles(abs);
    return CODE.test(entry.name) ? [abs] : [];
  });
}

/** Lines as `wc -l` counts them (a last line without a newline counts too). */
const lineCount = (text: string) => (text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0));

describe('files', () => {
  const files = ['src', 'tools', 'tests']
    .flatMap((root) => codeFiles(path.join(projectRoot, root)))
    .map((file) => path.relative(projectRoot, file));
  const checked = files.filter((file) => !EXEMPT.some((pattern) => pattern.test(file)));

  it(`no source file of src/, tools/ or tests/ is over ${MAX_LINES} lines (split it by concern; generated code and sample data aside)`, () => {
    const long = checked
      .map((file) => ({ file, lines: lineCount(readFileSync(path.join(projectRoot, file), 'utf8')) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });

  it('the check sees every source file, and leaves out only generated code and sample data', () => {
    expect(checked).toContain('src/engine/page-loader.server.ts');
    expect(checked).toContain('tests/architecture.test.ts');
    expect(checked).toContain('tools/content-service/server.ts');
    expect(files.filter((file) => !checked.includes(file)).every((file) => /generated|content-service\/sample\//.test(file))).toBe(true);
    expect(files).toContain('src/generated/blocks.ts');
    expect(checked).not.toContain('src/generated/blocks.ts');
    expect(checked).not.toContain('src/blocks/components.generated.ts');
    expect(checked).not.toContain('tools/content-service/sample/blog.ts');
    expect([lineCount(''), lineCount('a'), lineCount('a\n'), lineCount('a\nb')]).toEqual([0, 1, 1, 2]);
  });
});
