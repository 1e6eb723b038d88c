/**
 * What the definition validator (./validator.ts) takes and gives: its inputs, the issues and
 * assumptions it reports, and the runtime form of a definition. The definition's own types are
 * generated from schemas/page-definition.schema.json (src/generated/page-definition.ts).
 */
import type { DefinitionFile } from '../../generated/page-definition.ts';
import type { ContentContract } from '../contract-paths.ts';
import type { JsonSchema, Located } from '../schema-store.ts';

/** Fields the loader normalizes: routes (with {brand} replaced), and defaults made explicit. */
type Normalized = '$schema' | 'version' | 'route' | 'notFound' | 'brochureButton' | 'sources' | 'structuredData';

/** A definition as the server uses it: the file's fields, normalized, and what validation found. */
export type PageDefinition = Omit<DefinitionFile, Normalized> &
  Required<Pick<DefinitionFile, 'sources' | 'structuredData'>> &
  Record<'notFound' | 'brochureButton', boolean> & {
    file: string;
    /** Route patterns with {brand} already replaced. */
    routes: string[];
    /** Indexes of sections that failed validation: skipped (and logged) at runtime. */
    invalidSections: Set<number>;
  };

export interface Issue {
  file: string;
  line: number;
  column: number;
  pointer: string;
  message: string;
}

/** Words of the binding checks' messages the page editor recognises (src/editor/advice.ts). */
export const NO_FIELD = ' has no field "';
export const NOT_A_SOURCE = ' is not a source of this page';

export function formatIssue(issue: Issue): string {
  return `${issue.file}:${issue.line}:${issue.column} ${issue.pointer || '/'}: ${issue.message}`;
}

/** A warning as `npm run validate` prints it: located like an issue, said to be a warning. */
export function formatWarning(warning: Issue): string {
  return formatIssue({ ...warning, message: `warning: ${warning.message}` });
}

export interface ValidatorResources {
  /** Every schema file (definition, common, site config, blocks, content), each with its $id. */
  schemas: JsonSchema[];
  /** The block names (default: the blocks `schemas` defines, the engine's and the site's own). */
  blockNames?: readonly string[];
  contract: ContentContract;
}

export interface SiteInput {
  file: string;
  text: string;
}

/** A binding (or source) that reads something SPEC does not document (`x-assumed` in the contract). */
export interface AssumedBinding {
  file: string;
  line: number;
  column: number;
  pointer: string;
  /** The path read, e.g. page.homepage.home_about.name, or the source's GET path. */
  path: string;
  /** "<where>: <reason>" for each assumed endpoint or field on the way. */
  reasons: string[];
}

export interface ValidationResult {
  issues: Issue[];
  /** Worth fixing but no failure (an empty navigation, a link without text): the page is served. */
  warnings: Issue[];
  assumptions: AssumedBinding[];
  definitions: PageDefinition[];
  site?: Record<string, unknown>;
}

/**
 * `keepsSection`: a path a binding with a fallback (`default`) cannot read. Still a problem of the
 * file, but its section is not skipped: it renders as the content would without that field, with
 * the fallback (a banner whose bound heading broke shows its default heading).
 */
export type Report = (pointer: string, message: string, options?: { keepsSection?: boolean }) => void;

/** Where the checks of one file send what they find: problems, and reads of undocumented content. */
export interface FileChecks {
  report: Report;
  /** The issues reported with `keepsSection`. */
  kept?: ReadonlySet<Issue>;
  /** A warning: told, never failing the file. */
  warn: Report;
  noteAssumed: (pointer: string, path: string, reasons: string[]) => void;
}

/** What a binding root (a source, params, search, site, item) stands for. */
export interface ScopeEntry {
  /** Its schema; undefined = free-form (paths through it are not checked). */
  loc?: Located;
  label: string;
  /** Assumptions every path through this entry depends on (an assumed endpoint, or the list an item comes from). */
  assumed?: string[];
}
export type ScopeMap = Map<string, ScopeEntry>;
