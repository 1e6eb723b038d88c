/**
 * What a new section of a block starts with (a new page's, and "Add block" in the editor): its
 * fixture, the least of it the block needs to show. The fixture shows every part of a block (the
 * catalog); a new section leaves out the optional links and navigations (an FAQ's side links and
 * "Visit the product wiki", a card grid's "View All", a banner's button: none of the site's 44
 * banners has one), examples that pointed elsewhere and had to be found and removed. Added back in
 * the properties pane when wanted.
 *
 * A link its block schema marks `"x-starter": true` stays: the block needs it to serve the visitor
 * (a form's fallbackLink, the only way to reach the team while the form's code loads or when it
 * fails; every form of the site has one).
 */
import { blockSchemaId, type SchemaStore } from '../engine/schema-store.ts';
import { isLinkPart } from '../engine/validate/empty-links.ts';

/** `fixture` without the optional link parts of block `block`'s schema (a copy; the fixture is left as it is). */
export function starterProps(store: SchemaStore, block: string, fixture: Record<string, unknown>): Record<string, unknown> {
  const root = store.deref(store.root(blockSchemaId(block)));
  const required = new Set(root.schema.required ?? []);
  // Read beside a $ref, where the block marks its own use of a shared definition.
  const kept = (prop: string) => root.schema.properties?.[prop]?.['x-starter'] === true;
  const fields = store.fields(root);
  const out: Record<string, unknown> = {};
  for (const [prop, value] of Object.entries(fixture)) {
    const field = fields.get(prop);
    if (field && !required.has(prop) && !kept(prop) && isLinkPart(store, field)) continue;
    out[prop] = structuredClone(value);
  }
  return out;
}
