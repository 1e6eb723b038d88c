/**
 * "Show a list of …": the entry fields of a content list matched to the item props of a list block
 * (a card's title, date, image, HTML teaser, link), by type first and name second, as a proposal the
 * author accepts at once or changes prop by prop. Also the link template of an entry's own page,
 * built from a route whose sitemap reads the same list (src/editor/api/context.ts finds it).
 */
import { fitOf } from './field-picker.tsx';
import { expectedOf, isPlainObject, schemaType, type Json } from './schema-ui.ts';
import type { JsonSchema } from '../engine/schema-store.ts';
import { placeholder } from '../engine/placeholders.ts';
import type { FieldInfo } from './types.ts';

/** What one list entry becomes: item prop → entry field (item.<field>), and the link to the entry's page. */
export interface ListMapping {
  fields: Record<string, string>;
  link?: { prop: string; href: string; label: string };
}

/** Words a field's name may use for what a prop shows (the prop's own name always counts). */
const SYNONYMS: Record<string, string[]> = {
  title: ['name', 'heading', 'headline', 'subject'],
  name: ['title', 'full'],
  label: ['category', 'cat', 'type', 'tag', 'kicker', 'topic'],
  date: ['posted', 'published', 'created', 'updated', 'day', 'time'],
  text: ['description', 'excerpt', 'summary', 'teaser', 'intro', 'short', 'sub', 'body'],
  html: ['content', 'description', 'excerpt', 'summary', 'teaser', 'intro', 'short', 'body'],
  image: ['thumbnail', 'thumb', 'picture', 'photo', 'img', 'logo', 'icon'],
  position: ['role', 'job', 'designation'],
};

const words = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** Words of a field that identifies an entry rather than showing it (cat_slug is no label). */
const IDENTIFIERS = new Set(['slug', 'id', 'uuid', 'key']);

/** 0: the names are unrelated; else 2 + the share of the field's words that say what the prop shows. */
export function nameScore(prop: string, field: string): number {
  const own = words(prop);
  const related = new Set([...own, ...own.flatMap((word) => SYNONYMS[word] ?? [])]);
  const fieldWords = words(field);
  if (fieldWords.some((word) => IDENTIFIERS.has(word) && !related.has(word))) return 0;
  const matched = fieldWords.filter((word) => related.has(word)).length;
  return matched ? 2 + matched / fieldWords.length : 0;
}

/** A prop that is a link: an object with a label and an href. */
export const isLinkSchema = (schema: JsonSchema): boolean =>
  schemaType(schema) === 'object' && Boolean(schema.properties?.href) && Boolean(schema.properties?.label);

const SCALARS = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * The proposal: each scalar item prop gets the entry field that fits its type (an HTML field only
 * an HTML prop, an image only an image prop) and whose name says the same (title ← name, label ←
 * cat_name); an image or HTML prop may take its one fitting field by type alone. Each field serves
 * one prop, the best pair first. A link prop gets `itemPage` (the entry's page) when there is one.
 */
export function proposeMapping(
  itemSchema: JsonSchema,
  itemFields: FieldInfo[],
  options: { itemPage?: string; linkLabel?: string } = {},
): ListMapping {
  const props = Object.entries(itemSchema.properties ?? {});
  const pairs: { prop: string; path: string; score: number; order: number }[] = [];
  props.forEach(([prop, schema], propOrder) => {
    if (!SCALARS.has(schemaType(schema) ?? '')) return;
    const expected = expectedOf(schema);
    itemFields.forEach((field, fieldOrder) => {
      if (field.type === 'array' || field.type === 'object' || !field.path.startsWith('item.')) return;
      const fit = fitOf(field, expected);
      // A plain text for an HTML prop fits, but only a field with the prop's name is proposed there.
      const exactType = (expected.html && field.html) || (expected.image && field.image);
      if (!fit || (expected.html && !field.html && !nameScore(prop, field.path.slice(5)))) return;
      const score = nameScore(prop, field.path.slice(5)) + (exactType ? 1 : 0);
      if (score > 0) pairs.push({ prop, path: field.path, score, order: propOrder * 1000 + fieldOrder });
    });
  });
  pairs.sort((a, b) => b.score - a.score || a.order - b.order);
  const fields: Record<string, string> = {};
  const used = new Set<string>();
  for (const pair of pairs) {
    if (pair.prop in fields || used.has(pair.path)) continue;
    fields[pair.prop] = pair.path;
    used.add(pair.path);
  }
  const linkProp = props.find(([, schema]) => isLinkSchema(schema))?.[0];
  const link =
    linkProp && options.itemPage ? { prop: linkProp, href: options.itemPage, label: options.linkLabel || 'Read more' } : undefined;
  return { fields, ...(link ? { link } : {}) };
}

/** The field a link's hidden words name its entry by (its title), if the mapping has one. */
function titlePath(mapping: ListMapping): string | undefined {
  return mapping.fields.title ?? mapping.fields.name ?? mapping.fields.heading;
}

/** The `map` of the `$each`: the props in the schema's order, each bound to its field; the link with its template. */
export function mappingToMap(mapping: ListMapping, itemSchema: JsonSchema): Json {
  const map: Json = {};
  for (const [prop, schema] of Object.entries(itemSchema.properties ?? {})) {
    const path = mapping.fields[prop];
    if (path) map[prop] = { $bind: path };
    else if (mapping.link?.prop === prop && mapping.link.href) {
      const named = titlePath(mapping);
      map[prop] = {
        label: mapping.link.label,
        // "Read more" on every card says which entry it opens to screen readers and search engines.
        ...(named && isPlainObject(schema.properties?.hiddenSuffix)
          ? { hiddenSuffix: { $template: `about ${placeholder(named)}`, encode: false } }
          : {}),
        href: { $template: mapping.link.href },
      };
    }
  }
  return map;
}

/** Whether the mapping shows anything at all (an empty one would leave every item empty). */
export const mapsSomething = (mapping: ListMapping): boolean => Object.values(mapping.fields).some(Boolean) || Boolean(mapping.link?.href);

/**
 * A route as a link template for one entry: each :param filled from the entry field the sitemap
 * names for it (`/blog/:slug`, { slug: "slug" } → /blog/{item.slug}); undefined when a parameter has
 * no field or the route has a splat.
 */
export function entryLink(route: string, params: Record<string, string>): string | undefined {
  let complete = true;
  const href = route
    .split('/')
    .map((segment) => {
      if (segment === '*') complete = false;
      if (!segment.startsWith(':')) return segment;
      const name = segment.slice(1).replace(/\?$/, '');
      const field = params[name];
      if (!field) complete = false;
      return placeholder(`item.${field}`);
    })
    .join('/');
  return complete ? href : undefined;
}
