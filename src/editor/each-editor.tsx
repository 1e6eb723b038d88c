/**
 * A list prop bound to content: `$each` over a list field, each entry mapped to one item. The map
 * is edited with the props form of the item schema, every property fixed or bound, where the
 * picker offers the list's own fields (item.<field>) first. Also the templates of a fixed list.
 */
import type { ArrayFieldTemplateProps, IconButtonProps, UiSchema } from '@rjsf/utils';
import { use, useId, useState, type ComponentType } from 'react';
import { JsonField } from './binding-field.tsx';
import { FieldPicker } from './field-picker.tsx';
import { isLinkSchema, mappingToMap, mapsSomething, proposeMapping, type ListMapping } from './list-map.ts';
import { ListProposal } from './list-proposal.tsx';
import { OfferedListsContext, offerAt, withOffered } from './offered-lists.ts';
import type { PropsFormProps } from './props-form.tsx';
import { asText, isPlainObject, itemSchemaOf, schemaType, type Json } from './schema-ui.ts';
import type { JsonSchema } from '../engine/schema-store.ts';
import type { EditorIssue, FieldInfo } from './types.ts';

export interface EachEditorProps {
  /** The prop's field id (ids of the map's fields start with it) and label. */
  id: string;
  label: string;
  describedBy?: string;
  value: Json;
  /** The array schema of the prop. */
  schema: JsonSchema;
  fields: FieldInfo[];
  issues: EditorIssue[];
  /** JSON pointer of the prop in the definition (the map's issues are below it). */
  pointer: string;
  /** The props form (passed in: it renders this editor for lists inside the map). */
  MapForm: ComponentType<PropsFormProps>;
  /** One item of the fixed list this binding replaces: its link text is kept. */
  example?: unknown;
  onChange: (node: Json) => void;
}

/** The list field at `path`, found among the fields and their items. */
export function listFieldOf(fields: FieldInfo[], path: string): FieldInfo | undefined {
  for (const field of fields) {
    if (field.path === path) return field;
    const nested = field.items ? listFieldOf(field.items, path) : undefined;
    if (nested) return nested;
  }
  return undefined;
}

/** The fields of one entry of the list at `path`. */
export const itemFieldsOf = (fields: FieldInfo[], path: string): FieldInfo[] => listFieldOf(fields, path)?.items ?? [];

/** The link text of the example item's link prop. */
function linkLabelOf(example: unknown, itemSchema: JsonSchema): string | undefined {
  const prop = Object.entries(itemSchema.properties ?? {}).find(([, schema]) => isLinkSchema(schema))?.[0];
  const link = prop && isPlainObject(example) ? example[prop] : undefined;
  return isPlainObject(link) && typeof link.label === 'string' ? link.label : undefined;
}

function NumberInput(props: {
  label: string;
  min: number;
  value: unknown;
  describedBy?: string;
  onChange: (value: number | undefined) => void;
}) {
  const id = useId();
  return (
    <span className="editor-props-number">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type="number"
        min={props.min}
        step={1}
        value={asText(props.value)}
        aria-describedby={props.describedBy}
        onChange={(event) => props.onChange(event.target.value === '' ? undefined : Math.trunc(Number(event.target.value)))}
      />
    </span>
  );
}

export function EachEditor(props: EachEditorProps) {
  const { id, label, describedBy, value, schema, issues, pointer, MapForm, example, onChange } = props;
  // A list just chosen, with the proposed mapping of its entries: written once accepted.
  const [pending, setPending] = useState<{ list: string; mapping: ListMapping } | null>(null);
  const offered = use(OfferedListsContext);
  // The page's fields and the lists of content it does not read yet (chosen: its source is added).
  const fields = withOffered(props.fields, offered);
  const list = asText(value.$each);
  const itemSchema = itemSchemaOf(schema);
  const itemFields = itemFieldsOf(fields, list);
  const write = (next: Json, path: string) => {
    const offer = offerAt(offered, path);
    if (offer) offered.take(offer);
    onChange(next);
  };
  const objects = schemaType(itemSchema) === 'object';
  const set = (key: string, next: unknown) => {
    const { [key]: _old, ...rest } = value;
    onChange(next === undefined ? rest : { ...value, [key]: next });
  };
  const propose = (path: string) =>
    proposeMapping(itemSchema, itemFieldsOf(fields, path), {
      itemPage: listFieldOf(fields, path)?.entryPage?.href,
      linkLabel: linkLabelOf(example, itemSchema),
    });
  // A list chosen for items of an object type is shown once its mapping is accepted (an empty map
  // made every item empty and the section vanished); without a proposal it is taken as it is.
  const chooseList = (path: string) => {
    const mapping = objects && path ? propose(path) : undefined;
    if (mapping && mapsSomething(mapping)) return setPending({ list: path, mapping });
    setPending(null);
    write({ ...value, $each: path }, path);
  };
  const map = value.map;
  const emptyMap = isPlainObject(map) && Object.keys(map).length === 0;
  return (
    <div className="editor-props-each" role="group" aria-label={`${label}: one item per list entry`}>
      <FieldPicker
        label="List"
        fields={props.fields}
        offered={offered.lists.map((each) => ({
          field: each.field,
          from: each.source.path,
          description: each.description,
        }))}
        value={pending?.list ?? list}
        expected={{ list: true }}
        describedBy={describedBy}
        onChange={chooseList}
      />
      {pending && (
        <ListProposal
          list={pending.list}
          itemSchema={itemSchema}
          itemFields={itemFieldsOf(fields, pending.list)}
          entryRoute={listFieldOf(fields, pending.list)?.entryPage?.route}
          mapping={pending.mapping}
          onChange={(mapping) => setPending({ ...pending, mapping })}
          onCancel={() => setPending(null)}
          onAccept={() => {
            setPending(null);
            write({ ...value, $each: pending.list, map: mappingToMap(pending.mapping, itemSchema) }, pending.list);
          }}
        />
      )}
      <div className="editor-props-row">
        <NumberInput label="Limit" min={1} value={value.limit} describedBy={describedBy} onChange={(next) => set('limit', next)} />
        <NumberInput label="Offset" min={0} value={value.offset} describedBy={describedBy} onChange={(next) => set('offset', next)} />
      </div>
      {isPlainObject(value.where) && (
        <p className="editor-props-help">
          Only entries where{' '}
          {Object.entries(value.where)
            .map(([path, equal]) => `${path} is ${JSON.stringify(equal)}`)
            .join(' and ')}{' '}
          (kept as in the file).
        </p>
      )}
      {pending ? null : !list ? (
        <p className="editor-props-help">Choose the list first: each of its entries becomes one item.</p>
      ) : schemaType(itemSchema) === 'object' && (map === undefined || isPlainObject(map)) ? (
        <fieldset className="editor-props-map">
          <legend>Each item</legend>
          {emptyMap && objects && mapsSomething(propose(list)) && (
            <button type="button" className="editor-props-button" onClick={() => setPending({ list, mapping: propose(list) })}>
              Propose a mapping of the entry&apos;s fields
            </button>
          )}
          {itemFields.length === 0 && (
            <p className="editor-props-help">No fields are known for the entries of {list}; type item.&lt;field&gt; paths.</p>
          )}
          <MapForm
            schema={itemSchema}
            value={isPlainObject(map) ? map : {}}
            fields={[...itemFields, ...props.fields]}
            issues={issues}
            pointer={`${pointer}/map`}
            idPrefix={`${id}_map`}
            onChange={(next) => onChange({ ...value, map: next })}
          />
        </fieldset>
      ) : (
        <JsonField
          label={`${label}: each item (JSON)`}
          value={map ?? {}}
          describedBy={describedBy}
          onChange={(next) => onChange({ ...value, map: next })}
        />
      )}
    </div>
  );
}

/** A fixed list: its items (rjsf renders each) and a button that says what it adds. */
export function ArrayTemplate({ items, canAdd, onAddClick, uiSchema }: ArrayFieldTemplateProps) {
  const itemTitle = String((uiSchema?.items as UiSchema | undefined)?.['ui:title'] ?? 'item');
  return (
    <div className="editor-props-array">
      {items}
      {canAdd && (
        <button type="button" className="editor-props-button" onClick={onAddClick}>
          Add {itemTitle.toLowerCase()}
        </button>
      )}
    </div>
  );
}

/** rjsf's icon buttons need Bootstrap's glyphs: plain text buttons instead, saying which item they act on. */
export const textButton = (text: string) =>
  function TextButton({ icon: _icon, iconType: _iconType, uiSchema: _uiSchema, registry: _registry, className, ...rest }: IconButtonProps) {
    const item = /_(\d+)__\w+$/.exec(rest.id ?? '')?.[1];
    return (
      <button
        type="button"
        className={`editor-props-button ${className ?? ''}`}
        aria-label={item ? `${text} item ${Number(item) + 1}` : undefined}
        {...rest}
      >
        {text}
      </button>
    );
  };
