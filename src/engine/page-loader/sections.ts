/** A definition's sections resolved into block props: those that cannot show anything, or fit no block, left out (never the page). */
import { isBlockName } from '../../blocks/registry.ts';
import { resolve, type Scope } from '../bindings.ts';
import { sectionKey, type ResolvedSection } from '../page-data.ts';
import { blockSchemaId } from '../schema-store.ts';
import { isShown, missingContent } from '../section-visibility.ts';
import type { PageDefinition } from '../validate/types.ts';
import type { Run } from './run.ts';
import { transform } from './transform.ts';

export function resolveSections(run: Run, definition: PageDefinition, scope: Scope): ResolvedSection[] {
  const { index, logOnce } = run;
  const out: ResolvedSection[] = [];
  definition.sections.forEach((section, position) => {
    const where = `${definition.file} /sections/${position}`;
    const leave = (reason: string, line: string) => {
      logOnce(line);
      run.leftOut?.push({ position, block: String(section.block), reason });
    };
    if (!isBlockName(section.block)) {
      leave(`there is no block "${section.block}"`, `[renderer] ${where}: unknown block "${section.block}" skipped`);
      return;
    }
    if (definition.invalidSections.has(position)) {
      leave(
        'its definition has problems (see the list of problems)',
        `[renderer] ${where} (${section.block}) skipped: it failed validation (run npm run validate)`,
      );
      return;
    }
    const { block, id, ...raw } = section;
    const schemaId = blockSchemaId(block);
    // A bound value of the wrong type counts as missing (the binding's next path or default
    // applies), so one bad field costs that value, not the section or the page.
    const props = resolve(raw, scope, {
      misfit: (value, pointer) => index.validator.misfit(schemaId, pointer, value),
      onIssue: (issue) => logOnce(`[content] ${where}${issue.pointer}: ${issue.message}`),
    }) as Record<string, unknown>;
    const schema = index.validator.store.root(schemaId);
    // Content that is not there (a failed source, an empty list) leaves no orphan heading behind.
    if (!isShown(schema.schema, props)) {
      run.leftOut?.push({ position, block, reason: `it has nothing to show: ${missingContent(schema.schema, props)}` });
      return;
    }
    const { fits, problems } = index.validator.checkResolvedProps(block, props);
    if (!fits) {
      // Still a value the block cannot take (not from one binding): the section is left out, never the page.
      leave(
        `its content does not fit the block: ${problems.join('; ')}`,
        `[content] ${where} (${block}) left out: its content does not fit: ${problems.join('; ')}`,
      );
      return;
    }
    for (const problem of problems) {
      // Missing values: rendered anyway (blocks render without them); the log tells the content team.
      logOnce(`[content] ${where} (${block}) content does not fit: ${problem}`);
    }
    out.push({
      block: section.block,
      id,
      key: sectionKey(position, block),
      props: transform(run, props, schema) as Record<string, unknown>,
    });
  });
  return out;
}
