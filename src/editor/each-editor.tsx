/**
 * A list prop bound to content: `$each` over a list field, each entry mapped to one item. The map
 * is edited with the props form of the item schema, every property fixed or bound, where the
 * picker offers the list's own fields (item.<field>) first. Also the templates of a fixed list.
 */
import type { ArrayFieldTemplateProps, IconButtonProps, UiSchema } from '@rjsf/utils';
import { useId, type ComponentType } from 'react';
import { JsonField } from './binding-field.tsx';
import { FieldPicker } from './field-picker.tsx';
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
  onChange: (node: Json) => void;
}

/** The fields of one entry of the list at `path`, found among the fields and their items. */
export function itemFieldsOf(fields: FieldInfo[], path: string): FieldInfo[] {
  for (const field of fields) {
    if (field.path === path) return field.items ?? [];
    const nested = field.items ? itemFieldsOf(field.items, path) : [];
    if (nested.length) return nested;
  }
  return [];
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

export function EachEditor({ id, label, describedBy, value, schema, fields, issues, pointer, MapForm, onChange }: EachEditorProps) {
  const list = asText(value.$each);
  const itemSchema = itemSchemaOf(schema);
  const itemFields = itemFieldsOf(fields, list);
  const set = (key: string, next: unknown) => {
    const { [key]: _old, ...rest } = value;
    onChange(next === undefined ? rest : { ...value, [key]: next });
  };
  const map = value.map;
  return (
    <div className="editor-props-each" role="group" aria-label={`${label}: one item per list entry`}>
      <FieldPicker
        label="List"
        fields={fields}
        value={list}
        expected={{ list: true }}
        describedBy={describedBy}
        onChange={(path) => set('$each', path)}
      />
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
      {!list ? (
        <p className="editor-props-help">Choose the list first: each of its entries becomes one item.</p>
      ) : schemaType(itemSchema) === 'object' && (map === undefined || isPlainObject(map)) ? (
        <fieldset className="editor-props-map">
          <legend>Each item</legend>
          {itemFields.length === 0 && (
            <p className="editor-props-help">No fields are known for the entries of {list}; type item.&lt;field&gt; paths.</p>
          )}
          <MapForm
            schema={itemSchema}
            value={isPlainObject(map) ? map : {}}
            fields={[...itemFields, ...fields]}
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
