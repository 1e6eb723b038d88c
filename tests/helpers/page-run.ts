/**
 * A run of the page loader (src/engine/page-loader/run.ts) over the project's own definitions,
 * for the unit tests of each step: reads answered by the test, warnings and errors collected.
 */
import { loadDefinitions, type DefinitionIndex } from '../../src/engine/definitions.server.ts';
import type { Run } from '../../src/engine/page-loader/run.ts';
import { sanitizeEmbed, sanitizeHtml } from '../../src/engine/sanitize.ts';
import type { PageDefinition } from '../../src/engine/validate/types.ts';

let index: DefinitionIndex | undefined;

/** The project's definition index (page-definitions/, site.config.json), read once. */
export function projectIndex(): DefinitionIndex {
  index ??= loadDefinitions({
    fromDisk: true,
    definitionsDir: 'page-definitions',
    production: false,
    allowInvalid: true,
    log: () => undefined,
  }).current();
  return index;
}

/** The project's definition of `route` (its first route). */
export function definitionOf(route: string): PageDefinition {
  const found = projectIndex().definitions.find((d) => d.routes[0] === route);
  if (!found) throw new Error(`no definition of ${route}`);
  return found;
}

export interface TestRun extends Run {
  /** Every warning line, each logOnce message once. */
  warnings: string[];
  errors: unknown[][];
}

export function pageRun(overrides: Partial<Run> = {}): TestRun {
  const warnings: string[] = [];
  const errors: unknown[][] = [];
  const logged = new Set<string>();
  return {
    index: projectIndex(),
    read: () => Promise.reject(new Error('this test reads nothing')),
    origin: 'https://www.example.com',
    imageBaseUrl: 'https://images.example.com/uploads/',
    sanitize: { html: sanitizeHtml, embed: sanitizeEmbed },
    log: { warn: (line) => warnings.push(line), error: (...args) => errors.push(args) },
    logOnce(message) {
      if (logged.has(message)) return;
      logged.add(message);
      warnings.push(message);
    },
    stale: false,
    warnings,
    errors,
    ...overrides,
  };
}
