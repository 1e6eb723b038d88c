/**
 * Data of the block catalog (/__catalog, development only): for every block of the registry its
 * schema (description and props), its fixture and an example definition snippet. The block list
 * is the registry's; schemas and fixtures are looked up by those names, never listed again: the
 * site's (@site: its own blocks and its components for engine blocks) over the engine's.
 */
import { blockNames, type BlockName } from '../../blocks/registry.ts';
import type { JsonSchema } from '../../engine/schema-store.ts';
import { byBlockName } from '../../blocks/by-block-name.ts';

const fixtures = byBlockName(
  import.meta.glob<Record<string, unknown>>(['/src/blocks/*/fixture.ts', '@site/src/blocks/*/fixture.ts'], {
    import: 'fixture',
    eager: true,
  }),
);
const schemas = byBlockName(
  import.meta.glob<JsonSchema>(['/schemas/blocks/*.schema.json', '@site/schemas/blocks/*.schema.json'], { import: 'default', eager: true }),
);

export interface CatalogEntry {
  name: BlockName;
  title?: string;
  description: string;
  /** The block's props schema as its file has it. */
  schema: JsonSchema;
  fixture: Record<string, unknown>;
  /** A section of a page definition using the fixture's props. */
  snippet: string;
}

export function catalogEntry(name: BlockName): CatalogEntry {
  const schema = schemas.get(name) ?? {};
  const fixture = fixtures.get(name) ?? {};
  return {
    name,
    title: schema.title,
    description: schema.description ?? '',
    schema,
    fixture,
    snippet: JSON.stringify({ block: name, ...fixture }, null, 2),
  };
}

export function catalogEntries(): CatalogEntry[] {
  return blockNames.map(catalogEntry);
}
