/**
 * The props of one section, as a form generated from its block schema (rjsf). Every property can
 * be a fixed value or bound to content: our FieldTemplate puts the switch on each field and shows
 * the binding editor instead of rjsf's widget when the value is a binding node.
 */
import Form from '@rjsf/core';
import {
  ADDITIONAL_PROPERTY_FLAG,
  type FieldTemplateProps,
  type ObjectFieldTemplateProps,
  type RJSFSchema,
  type TemplatesType,
} from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { BindingField, isComplete, IssueList, Row, ValueSource } from './binding-field.tsx';
import { ArrayTemplate, EachEditor, textButton } from './each-editor.tsx';
import { ImagePicker } from './image-picker.tsx';
import { errorSchemaFor, issuesUnder } from './issues.ts';
import {
  blockTitle,
  formSchema,
  inSentence,
  isBindingNode,
  literalOf,
  mergeInOrder,
  minimal,
  pointerOf,
  rootUiSchema,
  schemaType,
  type Json,
} from './schema-ui.ts';
import type { JsonSchema } from '../engine/schema-store.ts';
import type { BlockInfo, EditorIssue, FieldInfo, SectionDraft } from './types.ts';
import { HtmlWidget } from './html-widget.tsx';
import { BaseInputTemplate, CheckboxWidget, describedByIds, SelectWidget } from './widgets.tsx';

/** What every field of a props form needs beyond rjsf's props. */
export interface EditorFormContext {
  fields: FieldInfo[];
  issues: EditorIssue[];
  /** JSON pointer of the form's root value in the definition. */
  pointer: string;
}

/** An incomplete binding (no path chosen yet) stays here; the file keeps the literal meanwhile. */
function SourceTemplate(props: FieldTemplateProps<unknown, RJSFSchema, EditorFormContext>) {
  const { id, label, children, rawErrors = [], rawDescription, hidden, displayLabel, required, schema, formData, fieldPathId } = props;
  const { registry, onChange, onKeyRenameBlur, onRemoveProperty } = props;
  // An unfinished binding, for the value it was begun on: once the value changes from outside
  // (Undo, Redo), it is that value's no more (the form showed an empty list over a restored one).
  const [unfinished, setUnfinished] = useState<{ node: Json; over: string } | null>(null);
  const [kept, setKept] = useState<unknown>();
  // An optional part the section does not have shows its fields only once the marketer adds it.
  const [adding, setAdding] = useState(false);
  const group = useRef<HTMLFieldSetElement>(null);
  const { fields, issues, pointer } = registry.formContext;
  const path = fieldPathId.path;
  if (hidden) return <div hidden>{children}</div>;
  // The root: SectionProps / PageSettings give the heading and list the issues.
  if (path.length === 0) return children;

  // Our helpers read the same keywords through the repository's own schema type.
  const literal = schema as unknown as JsonSchema;
  const switchable = typeof path[path.length - 1] === 'string';
  const type = schemaType(literal);
  const container = type === 'object' || type === 'array';
  const over = JSON.stringify(formData) ?? '';
  const draft = unfinished && unfinished.over === over ? unfinished.node : null;
  const setDraft = (next: Json | null) => setUnfinished(next && { node: next, over });
  const node = (draft ?? formData) as Json;
  const bound = switchable && (draft !== null || isBindingNode(formData));
  const helpId = `${id}__description`;
  const errorId = `${id}__error`;
  const describedBy = describedByIds(id, rawDescription, rawErrors);
  const set = (value: unknown) => onChange(value, path);
  const update = (next: Json) => {
    setDraft(isComplete(next) ? null : next);
    if (isComplete(next)) set(next);
  };
  const choose = (toBound: boolean) => {
    if (toBound === bound) return;
    if (toBound) {
      setKept(formData);
      const fallback = formData === undefined ? {} : { default: formData };
      setDraft(type === 'array' ? { $each: '', map: {} } : { $bind: '', ...fallback });
    } else {
      setDraft(null);
      const next = type === 'array' ? kept : (literalOf(node, fields, literal) ?? kept);
      // Leaving a binding that was never written changes nothing in the file.
      if (JSON.stringify(next) !== JSON.stringify(formData)) set(next);
    }
  };

  let body: ReactNode = children;
  if (bound && '$each' in node)
    body = (
      <EachEditor
        {...{ id, label, describedBy, fields, issues, onChange: update, value: node }}
        schema={literal}
        pointer={pointerOf(pointer, path)}
        MapForm={PropsForm}
        example={Array.isArray(kept) ? kept[0] : Array.isArray(formData) ? formData[0] : undefined}
      />
    );
  else if (bound)
    body = (
      <BindingField
        {...{ label, describedBy, fields, onChange: update, value: node }}
        schema={literal}
        link={/href|url$/i.test(String(path[path.length - 1]))}
      />
    );

  const text = (
    <>
      {label}
      {required && <span aria-hidden="true"> *</span>}
    </>
  );
  const parts = (
    <>
      {switchable && <ValueSource label={label} name={`${id}__source`} bound={bound} onChange={choose} />}
      {rawDescription && (
        <p id={helpId} className="editor-props-help">
          {rawDescription}
        </p>
      )}
      {body}
      {!bound && literal.format === 'image' && <ImagePicker label={label} value={formData} onChoose={set} />}
      {rawErrors.length > 0 && (
        <ul id={errorId} className="editor-props-errors">
          {rawErrors.map((message, index) => (
            <li key={index}>{message}</li>
          ))}
        </ul>
      )}
    </>
  );
  const additional = ADDITIONAL_PROPERTY_FLAG in schema && (
    <div className="editor-props-row">
      <label htmlFor={`${id}-key`}>Name</label>
      <input id={`${id}-key`} type="text" defaultValue={label} onBlur={onKeyRenameBlur} />
      <button type="button" className="editor-props-button" onClick={onRemoveProperty}>
        Remove {label}
      </button>
    </div>
  );
  // An optional part that is there (an FAQ's side links, a "View All" link) goes with one action,
  // from the file and from the page. One that is not there is a button that shows its fields: they
  // looked required (an empty "Navigation" with "Links *") on a section that did not have it.
  const removable = switchable && !required && formData !== undefined && !additional;
  const absent = switchable && !required && formData === undefined && !additional && !bound && type === 'object';
  if (absent && !adding)
    return (
      <fieldset className="editor-props-group is-absent">
        <legend>{label}</legend>
        <button
          type="button"
          className="editor-props-button"
          onClick={() => {
            setAdding(true);
            // Focus goes to the part's first control (the button it was on is gone).
            requestAnimationFrame(() => group.current?.querySelector<HTMLElement>('input, textarea, select, [role="textbox"]')?.focus());
          }}
        >
          Add {inSentence(label)}
        </button>
      </fieldset>
    );
  if (container)
    return (
      <fieldset ref={group} className={`editor-props-group${bound ? ' is-bound' : ''}`}>
        <legend>{typeof path[path.length - 1] === 'number' ? `${label} ${Number(path[path.length - 1]) + 1}` : text}</legend>
        {removable && (
          <button
            type="button"
            className="editor-props-button editor-props-remove"
            onClick={() => {
              setDraft(null);
              setAdding(false);
              set(undefined);
            }}
          >
            Remove {inSentence(label)}
          </button>
        )}
        {additional}
        {parts}
      </fieldset>
    );
  return (
    <div className={`editor-props-field${bound ? ' is-bound' : ''}`}>
      {additional}
      {(displayLabel || type === 'boolean') && !bound ? (
        <label htmlFor={id} id={`${id}__label`} className="editor-props-label">
          {text}
        </label>
      ) : (
        <span className="editor-props-label">{text}</span>
      )}
      {parts}
    </div>
  );
}

function ObjectTemplate({ properties, schema, uiSchema, formData, onAddProperty }: ObjectFieldTemplateProps) {
  const expandable = Boolean(schema.additionalProperties) && uiSchema?.['ui:options']?.expandable !== false && !isBindingNode(formData);
  return (
    <div className="editor-props-object">
      {properties.map((property) => property.content)}
      {expandable && (
        <button type="button" className="editor-props-button" onClick={onAddProperty}>
          Add a value
        </button>
      )}
    </div>
  );
}

const WIDGETS = { CheckboxWidget, SelectWidget, html: HtmlWidget };

const TEMPLATES: Partial<TemplatesType<unknown, RJSFSchema, EditorFormContext>> = {
  FieldTemplate: SourceTemplate,
  BaseInputTemplate,
  ObjectFieldTemplate: ObjectTemplate,
  ArrayFieldTemplate: ArrayTemplate,
  ButtonTemplates: {
    AddButton: textButton('Add'),
    CopyButton: textButton('Copy'),
    MoveDownButton: textButton('Move down'),
    MoveUpButton: textButton('Move up'),
    RemoveButton: textButton('Remove'),
    ClearButton: textButton('Clear'),
    SubmitButton: () => null,
  },
};

export interface PropsFormProps {
  /** The object schema of the value ($refs inlined), defaults included (they become placeholders). */
  schema: JsonSchema;
  value: Json;
  fields: FieldInfo[];
  issues: EditorIssue[];
  /** JSON pointer of `value` in the definition: issues below it show at their fields. */
  pointer: string;
  /** Prefix of the ids of the form's fields (unique on the page). */
  idPrefix: string;
  onChange: (next: Json) => void;
}

/** A value edited through its schema: what changed, keys in file order, nothing the author did not set. */
export function PropsForm({ schema, value, fields, issues, pointer, idPrefix, onChange }: PropsFormProps) {
  const rjsfSchema = useMemo(() => formSchema(schema), [schema]);
  const uiSchema = useMemo(() => rootUiSchema(schema), [schema]);
  const extraErrors = useMemo(() => errorSchemaFor(issues, pointer, value), [issues, pointer, value]);
  const context = useMemo<EditorFormContext>(() => ({ fields, issues, pointer }), [fields, issues, pointer]);
  // The keys as first shown: one removed and added again goes back to its place.
  const [remembered] = useState(() => Object.keys(value));
  return (
    <Form<unknown, RJSFSchema, EditorFormContext>
      tagName="div"
      className="editor-props-form"
      schema={rjsfSchema}
      uiSchema={uiSchema}
      validator={validator}
      noValidate
      showErrorList={false}
      idPrefix={idPrefix}
      formData={value}
      formContext={context}
      extraErrors={extraErrors}
      templates={TEMPLATES}
      widgets={WIDGETS}
      experimental_defaultFormStateBehavior={{ emptyObjectFields: 'skipDefaults', arrayMinItems: { populate: 'never' } }}
      onChange={(event) => onChange(mergeInOrder(value, (minimal(event.formData) ?? {}) as Json, schema, remembered))}
    >
      <></>
    </Form>
  );
}

export interface SectionPropsProps {
  section: SectionDraft;
  index: number;
  block: BlockInfo | undefined;
  fields: FieldInfo[];
  /** The whole draft's issues: those under /sections/<index> show here. */
  issues: EditorIssue[];
  onChange: (next: SectionDraft) => void;
}

const ID_PATTERN = /^[a-z][a-z0-9-]*$/;

export function SectionProps({ section, index, block, fields, issues, onChange }: SectionPropsProps) {
  const uid = useId();
  const pointer = `/sections/${index}`;
  const { block: name, id: sectionId, ...props } = section;
  const [remembered] = useState(() => Object.keys(section));
  const change = (next: { id?: string } & Json) =>
    onChange(mergeInOrder(section, { block: name, id: sectionId, ...next }, block?.schema, remembered) as SectionDraft);
  return (
    <section className="editor-props" aria-labelledby={`${uid}-heading`}>
      <h2 id={`${uid}-heading`}>{block ? `${blockTitle(block)} properties` : 'Section properties'}</h2>
      {block?.description && <p className="editor-props-help">{block.description}</p>}
      <IssueList issues={issuesUnder(issues, pointer)} prefix={pointer} title="Problems in this section" />
      {!block ? (
        <p className="editor-props-error">
          Unknown block &ldquo;{name}&rdquo;: the registry has no block of that name, so there is no form for its props.
        </p>
      ) : (
        <>
          <Row
            id={`${uid}-id`}
            label="Section id"
            help="HTML id for in-page links (#contact) and scrollTo: a lower-case letter, then lower-case letters, digits and hyphens (^[a-z][a-z0-9-]*$)."
            issues={issues}
            pointer={`${pointer}/id`}
          >
            {(describedBy) => (
              <input
                id={`${uid}-id`}
                type="text"
                value={sectionId ?? ''}
                spellCheck={false}
                aria-invalid={(sectionId !== undefined && !ID_PATTERN.test(sectionId)) || undefined}
                aria-describedby={describedBy}
                onChange={(event) => change({ ...props, id: event.target.value || undefined })}
              />
            )}
          </Row>
          <PropsForm
            schema={block.schema}
            value={props}
            fields={fields}
            issues={issues}
            pointer={pointer}
            idPrefix={`section${index}`}
            onChange={(next) => change(next)}
          />
        </>
      )}
    </section>
  );
}
