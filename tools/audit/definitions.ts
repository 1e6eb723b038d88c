/**
 * The definitions the audit walks: the site's own DefinitionIndex (src/engine/definitions.server.ts),
 * read from disk, validated by the same validator, with the site's route matching. Problems are
 * counted for the report's notice, not logged.
 */
import { loadDefinitions, type DefinitionIndex } from '../../src/engine/definitions.server.ts';
import { definitionsDirectory } from '../lib/project.ts';

export interface AuditDefinitions {
  index: DefinitionIndex;
  /** How many problems `npm run validate` reports (broken definitions are left out, broken sections skipped). */
  issues: number;
}

export function loadAuditDefinitions(definitionsDir = definitionsDirectory()): AuditDefinitions {
  const index = loadDefinitions({ fromDisk: true, definitionsDir, production: false, allowInvalid: true, log: () => undefined }).current();
  return { index, issues: index.issues.length };
}
