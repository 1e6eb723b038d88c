/**
 * The proposal of "Show a list of …" (./list-map.ts): which field of a list entry each item prop
 * shows, and where each item links to, before anything is written. "Show the list" writes it (one
 * action); each row can be changed first. The section keeps what it showed until then.
 */
import { useId } from 'react';
import { FieldPicker, fitOf } from './field-picker.tsx';
import { isLinkSchema, mapsSomething, type ListMapping } from './list-map.ts';
import { expectedOf, humanize, schemaType } from './schema-ui.ts';
import type { JsonSchema } from '../engine/schema-store.ts';
import type { FieldInfo } from './types.ts';

export interface ListProposalProps {
  /** The list's binding path, e.g. posts.list.data */
  list: string;
  itemSchema: JsonSchema;
  /** The fields of one entry (item.<field>). */
  itemFields: FieldInfo[];
  /** The route of an entry's own page, when one is known (/blog/:slug). */
  entryRoute?: string;
  mapping: ListMapping;
  onChange: (next: ListMapping) => void;
  onAccept: () => void;
  onCancel: () => void;
}

const SCALARS = new Set(['string', 'number', 'integer', 'boolean']);

export function ListProposal({ list, itemSchema, itemFields, entryRoute, mapping, onChange, onAccept, onCancel }: ListProposalProps) {
  const id = useId();
  const item = (itemSchema.title ?? 'item').toLowerCase();
  const props = Object.entries(itemSchema.properties ?? {});
  // Props some entry field could fill (a "highlight" switch with no field for it is left out).
  const rows = props.filter(
    ([prop, schema]) =>
      SCALARS.has(schemaType(schema) ?? '') && (mapping.fields[prop] || itemFields.some((field) => fitOf(field, expectedOf(schema)) > 0)),
  );
  const linkProp = props.find(([, schema]) => isLinkSchema(schema))?.[0];
  const link = mapping.link ?? (linkProp ? { prop: linkProp, href: '', label: 'Read more' } : undefined);
  const setField = (prop: string, path: string) => {
    const { [prop]: _old, ...rest } = mapping.fields;
    onChange({ ...mapping, fields: path ? { ...rest, [prop]: path } : rest });
  };
  const setLink = (change: Partial<NonNullable<ListMapping['link']>>) => link && onChange({ ...mapping, link: { ...link, ...change } });
  return (
    <section className="editor-props-add editor-props-map" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="editor-props-label">
        Show a list of {list}
      </h3>
      <p className="editor-props-help">
        Each entry becomes one {item}. Proposed from the entry&apos;s fields: change any of them, then show the list.
      </p>
      {rows.map(([prop, schema]) => (
        <FieldPicker
          key={prop}
          label={humanize(prop)}
          fields={itemFields}
          value={mapping.fields[prop] ?? ''}
          expected={expectedOf(schema)}
          onChange={(path) => setField(prop, path)}
        />
      ))}
      {link && (
        <fieldset className="editor-props-group">
          <legend>{humanize(link.prop)}</legend>
          <label htmlFor={`${id}-href`}>Link target</label>
          <input
            id={`${id}-href`}
            type="text"
            value={link.href}
            spellCheck={false}
            placeholder="/page/{item.slug}"
            aria-describedby={`${id}-href-help`}
            onChange={(event) => setLink({ href: event.target.value.trim() })}
          />
          <p id={`${id}-href-help`} className="editor-props-help">
            {entryRoute
              ? `The page of each entry (${entryRoute}). Empty: the ${item}s link nowhere.`
              : `No page shows one entry of this list: type a link with {item.<field>}, or leave it empty.`}
          </p>
          <label htmlFor={`${id}-label`}>Link text</label>
          <input id={`${id}-label`} type="text" value={link.label} onChange={(event) => setLink({ label: event.target.value })} />
        </fieldset>
      )}
      <div className="editor-props-row">
        <button type="button" className="editor-props-button" disabled={!mapsSomething(mapping)} onClick={onAccept}>
          Show the list
        </button>
        <button type="button" className="editor-props-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}
