/**
 * What a new section of a block starts with (a new page's, and "Add block" in the editor): its
 * fixture, the least of it the block needs to show. The fixture shows every part of a block (the
 * catalog); a new section leaves out the optional links and navigations (an FAQ's side links and
 * "Visit the product wiki", a card grid's "View All", a banner's button): examples that pointed
 * elsewhere and had to be found and removed. Added back in the properties pane when wanted.
 */
import { blockSchemaId, type SchemaStore } from '../engine/schema-store.ts';
import { isLinkPart } from '../engine/validate/empty-links.ts';

/** `fixture` without the optional link parts of block `block`'s schema (a copy; the fixture is left as it is). */
export function starterProps(store: SchemaStore, block: string, fixture: Record<string, unknown>): Record<string, unknown> {
  const root = store.root(blockSchemaId(block));
  const required = new Set(store.deref(root).schema.required ?? []);
  const fields = store.fields(root);
  const out: Record<string, unknown> = {};
  for (const [prop, value] of Object.entries(fixture)) {
    const field = fields.get(prop);
    if (field && !required.has(prop) && isLinkPart(store, field)) continue;
    out[prop] = structuredClone(value);
  }
  return out;
}
