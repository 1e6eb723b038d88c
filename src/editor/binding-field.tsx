/**
 * The bound side of a prop: which content field(s) or template give its value, and the fallback
 * when the content has none. Also the "Fixed value / Bound to content" switch every field carries,
 * and how the forms show the validator's messages.
 */
import { useId, useState, type ReactNode } from 'react';
import { FieldPicker } from './field-picker.tsx';
import { issuesUnder } from './issues.ts';
import { asText, coerce, expectedOf, schemaType, type Json } from './schema-ui.ts';
import type { JsonSchema } from '../engine/schema-store.ts';
import { bindPaths } from '../engine/bindings.ts';
import { placeholder, placeholderPaths } from '../engine/placeholders.ts';
import type { EditorIssue, FieldInfo } from './types.ts';

export function ValueSource(props: { label: string; name: string; bound: boolean; onChange: (bound: boolean) => void }) {
  const { label, name, bound, onChange } = props;
  return (
    <div role="radiogroup" aria-label={`${label}: value source`} className="editor-props-source">
      <label>
        <input type="radio" name={name} checked={!bound} onChange={() => onChange(false)} /> Fixed value
      </label>
      <label>
        <input type="radio" name={name} checked={bound} onChange={() => onChange(true)} /> Bound to content
      </label>
    </div>
  );
}

type Kind = 'bind' | 'template' | 'count' | 'other';

export const kindOf = (node: Json): Kind =>
  '$bind' in node ? 'bind' : '$template' in node ? 'template' : '$count' in node ? 'count' : 'other';

/** Can be written to the file: names a path (or a non-empty template). */
export function isComplete(node: Json): boolean {
  if ('$each' in node) return typeof node.$each === 'string' && node.$each !== '';
  switch (kindOf(node)) {
    case 'bind':
      return bindPaths(node).some(Boolean);
    case 'template':
      return typeof node.$template === 'string' && node.$template !== '';
    case 'count':
      return typeof node.$count === 'string' && node.$count !== '';
    default:
      return true;
  }
}

const withDefault = (node: Json, fallback: unknown): Json => {
  const { default: _old, ...rest } = node;
  return fallback === undefined ? rest : { ...rest, default: fallback };
};

/** Single path as a string, several as a list; empty slots dropped. */
const bindOf = (paths: string[]): string | string[] => {
  const kept = paths.filter(Boolean);
  return kept.length === 1 ? kept[0] : kept.length ? kept : '';
};

export interface BindingFieldProps {
  /** The field's label (names the group) and the ids of its help and error texts. */
  label: string;
  describedBy?: string;
  value: Json;
  /** The literal schema of the prop: what fits it, how a fallback is typed. */
  schema: JsonSchema;
  fields: FieldInfo[];
  /** The prop is a link target: a new template URL-encodes what it inserts. */
  link?: boolean;
  onChange: (node: Json) => void;
}

export function BindingField({ label, describedBy, value, schema, fields, link, onChange }: BindingFieldProps) {
  const id = useId();
  const [extra, setExtra] = useState(false);
  const kind = kindOf(value);
  const expected = expectedOf(schema);
  const numeric = expected.type === 'number' || expected.type === 'integer';
  const fallback = value.default;

  function switchKind(next: Kind) {
    const first =
      kind === 'bind' ? bindPaths(value)[0] : kind === 'count' ? asText(value.$count) : placeholderPaths(asText(value.$template))[0];
    const base = fallback === undefined ? {} : { default: fallback };
    if (next === 'bind') onChange({ $bind: first ?? '', ...base });
    if (next === 'count') onChange({ $count: first ?? '', ...base });
    if (next === 'template') onChange({ $template: first ? placeholder(first) : '', ...base, ...(link ? {} : { encode: false }) });
  }

  if (kind === 'other')
    return <JsonField label={`${label} (binding as JSON)`} value={value} onChange={onChange} describedBy={describedBy} />;
  const paths = bindPaths(value);
  return (
    <div className="editor-props-binding" role="group" aria-label={`${label}: binding`}>
      <label htmlFor={`${id}-kind`}>Kind</label>
      <select id={`${id}-kind`} value={kind} onChange={(event) => switchKind(event.target.value as Kind)}>
        <option value="bind">Content field (with fallbacks)</option>
        {/* A template makes text: no use for numbers, switches, lists or objects. */}
        {(expected.type === undefined || expected.type === 'string' || kind === 'template') && (
          <option value="template">Template: text with {'{fields}'}</option>
        )}
        {(numeric || kind === 'count') && <option value="count">Number of entries of a list</option>}
      </select>
      {kind === 'bind' && (
        <>
          {[...(paths.length ? paths : ['']), ...(extra ? [''] : [])].map((path, index, all) => (
            <div key={index} className="editor-props-row">
              <FieldPicker
                label={index === 0 ? 'Content field' : 'Or, when empty'}
                fields={fields}
                value={path}
                expected={expected}
                describedBy={describedBy}
                onChange={(next) => {
                  if (index >= paths.length) setExtra(false);
                  const list = all.slice();
                  list[index] = next;
                  onChange({ $bind: bindOf(list), ...withDefault({}, fallback) });
                }}
              />
              {index > 0 && (
                <button
                  type="button"
                  className="editor-props-button"
                  aria-label={`Remove fallback field ${index}`}
                  onClick={() => {
                    if (index >= paths.length) return setExtra(false);
                    onChange({ ...value, $bind: bindOf(paths.filter((_, at) => at !== index)) });
                  }}
                >
                  Remove
                </button>
              )}
            </div>
          ))}
          {!extra && paths.length > 0 && (
            <button type="button" className="editor-props-button" onClick={() => setExtra(true)}>
              Add a field to try when this one is empty
            </button>
          )}
        </>
      )}
      {kind === 'template' && (
        <>
          <label htmlFor={`${id}-template`}>Template</label>
          <input
            id={`${id}-template`}
            type="text"
            value={asText(value.$template)}
            spellCheck={false}
            aria-describedby={describedBy}
            onChange={(event) => onChange({ ...value, $template: event.target.value })}
          />
          <FieldPicker
            label="Insert field"
            fields={fields}
            value=""
            expected={{ type: 'string' }}
            onChange={(path) => path && onChange({ ...value, $template: asText(value.$template) + placeholder(path) })}
          />
          <label className="editor-props-check">
            <input
              type="checkbox"
              checked={value.encode !== false}
              onChange={(event) => {
                const { encode: _encode, ...rest } = value;
                onChange(event.target.checked ? rest : { ...rest, encode: false });
              }}
            />{' '}
            URL-encode inserted values
          </label>
        </>
      )}
      {kind === 'count' && (
        <FieldPicker
          label="List"
          fields={fields}
          value={asText(value.$count)}
          expected={{ list: true }}
          describedBy={describedBy}
          onChange={(path) => onChange({ ...value, $count: path })}
        />
      )}
      <label htmlFor={`${id}-default`}>Fallback (default)</label>
      <input
        id={`${id}-default`}
        type="text"
        value={asText(fallback)}
        aria-describedby={describedBy}
        onChange={(event) => onChange(withDefault(value, event.target.value === '' ? undefined : coerce(event.target.value, schema)))}
      />
      {schemaType(schema) === 'object' && <p className="editor-props-help">The whole object comes from the content field.</p>}
    </div>
  );
}

/** Bindings this editor has no form for ($switch …) are edited as JSON; applied when it parses. */
export function JsonField(props: { label: string; value: unknown; describedBy?: string; onChange: (value: Json) => void }) {
  const { label, value, describedBy, onChange } = props;
  const id = useId();
  const [text, setText] = useState(() => JSON.stringify(value, null, 2));
  const [problem, setProblem] = useState('');
  return (
    <div className="editor-props-json">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={6}
        value={text}
        spellCheck={false}
        aria-invalid={problem ? true : undefined}
        aria-describedby={[describedBy, problem && `${id}-problem`].filter(Boolean).join(' ') || undefined}
        onChange={(event) => {
          setText(event.target.value);
          try {
            const parsed: unknown = JSON.parse(event.target.value);
            if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('Expected a JSON object.');
            setProblem('');
            onChange(parsed as Json);
          } catch (error) {
            setProblem(error instanceof Error ? error.message : String(error));
          }
        }}
      />
      {problem && (
        <p id={`${id}-problem`} className="editor-props-error">
          {problem}
        </p>
      )}
    </div>
  );
}

export function IssueList({ issues, prefix, title }: { issues: EditorIssue[]; prefix: string; title: string }) {
  const id = useId();
  if (!issues.length) return null;
  return (
    <section className="editor-props-issues" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <ul>
        {issues.map((issue, index) => (
          <li key={index}>
            <code>{issue.pointer.slice(prefix.length) || '/'}</code> <span>{issue.message}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Messages({ id, issues }: { id: string; issues: EditorIssue[] }) {
  if (!issues.length) return null;
  return (
    <ul id={id} className="editor-props-errors">
      {issues.map((issue, index) => (
        <li key={index}>{issue.advice ?? issue.message}</li>
      ))}
    </ul>
  );
}

/** A labelled control with its help and the validator's messages for `pointer`. */
export function Row(props: {
  id: string;
  label: string;
  help?: string;
  issues: EditorIssue[];
  pointer: string;
  children: (describedBy?: string) => ReactNode;
}) {
  const { id, label, help, issues, pointer, children } = props;
  const mine = issuesUnder(issues, pointer);
  const describedBy = [help && `${id}-help`, mine.length && `${id}-errors`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="editor-props-field">
      <label htmlFor={id} className="editor-props-label">
        {label}
      </label>
      {children(describedBy)}
      {help && (
        <p id={`${id}-help`} className="editor-props-help">
          {help}
        </p>
      )}
      <Messages id={`${id}-errors`} issues={mine} />
    </div>
  );
}
