/**
 * Picks the content field a prop is bound to: a native <select> (keyboard and screen readers work
 * as everywhere) grouped into the fields that fit the prop and the others, each with its type and
 * what the content service returned there; "Another path…" allows a path the list does not have.
 */
import { useId, useState } from 'react';
import { endpointPurpose, UNDOCUMENTED } from './endpoint-text.ts';
import type { Expected } from './schema-ui.ts';
import type { FieldInfo } from './types.ts';

export interface FieldPickerProps {
  label: string;
  fields: FieldInfo[];
  value?: string;
  expected: Expected;
  onChange: (path: string) => void;
  /** Ids of help and error texts of the field the picker belongs to. */
  describedBy?: string;
  /** Fields of content the page does not read yet (a list of another endpoint): listed apart, said so. */
  offered?: { field: FieldInfo; from: string; description?: string }[];
}

/** "Paginated blog cards, newest first: blogList.list.data — list (adds the source /api/blog_list)". */
export function offeredText({ field, from, description }: { field: FieldInfo; from: string; description?: string }): string {
  const purpose = endpointPurpose({ path: from, description });
  return `${purpose === from ? '' : `${purpose}: `}${optionText(field)} (adds the source ${from})`;
}

const OTHER = '(another path)';

/** 0: does not fit; higher: offered earlier among the matching fields. */
export function fitOf(field: FieldInfo, expected: Expected): number {
  if (expected.list) return field.type === 'array' ? 2 : 0;
  if (field.type === 'array' || field.type === 'object') return field.type === expected.type ? 2 : 0;
  if (expected.image) return field.image ? 2 : 0;
  if (expected.html) return field.html ? 2 : field.type === 'string' && !field.image ? 1 : 0;
  switch (expected.type) {
    case undefined:
      return 1;
    case 'string':
      return field.type === 'string' && !field.html && !field.image ? 1 : 0;
    case 'number':
    case 'integer':
      return field.type === 'number' || field.type === 'integer' ? 1 : 0;
    default:
      return field.type === expected.type ? 1 : 0;
  }
}

/** Matching fields (best first, otherwise in the given order), then the rest. */
export function rankFields(fields: FieldInfo[], expected: Expected): { matching: FieldInfo[]; other: FieldInfo[] } {
  const scored = fields.map((field, index) => ({ field, index, fit: fitOf(field, expected) }));
  const matching = scored.filter((entry) => entry.fit > 0).sort((a, b) => b.fit - a.fit || a.index - b.index);
  return { matching: matching.map((entry) => entry.field), other: scored.filter((entry) => !entry.fit).map((entry) => entry.field) };
}

const cut = (text: string, length = 40) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

function sampleText(sample: unknown): string | undefined {
  if (sample === undefined) return undefined;
  if (typeof sample === 'string') return JSON.stringify(cut(sample.replace(/\s+/g, ' ')));
  return cut(JSON.stringify(sample));
}

/** `page.page_data.name — string — "About us"`, and a word when the content documentation does not name the field. */
export function optionText(field: FieldInfo): string {
  const type = field.html ? 'HTML' : field.image ? 'image' : field.type === 'array' ? 'list' : field.type;
  const sample = sampleText(field.sample);
  return [field.path, type, sample].filter(Boolean).join(' — ') + (field.assumed ? ` (${UNDOCUMENTED})` : '');
}

export function FieldPicker({ label, fields, value = '', expected, onChange, describedBy, offered = [] }: FieldPickerProps) {
  const id = useId();
  const [typing, setTyping] = useState(false);
  // An offered list chosen stays offered until the check that brings its source's fields.
  const fromOthers = offered.filter((each) => !fields.some((field) => field.path === each.field.path));
  const listed = [...fields, ...fromOthers.map((each) => each.field)].some((field) => field.path === value);
  const custom = typing || (value !== '' && !listed);
  const { matching, other } = rankFields(fields, expected);
  const option = (field: FieldInfo) => (
    <option key={field.path} value={field.path} title={field.description}>
      {optionText(field)}
    </option>
  );
  return (
    <div className="editor-props-picker">
      <label htmlFor={`${id}-select`}>{label}</label>
      <select
        id={`${id}-select`}
        value={custom ? OTHER : value}
        aria-describedby={describedBy}
        onChange={(event) => {
          const next = event.target.value;
          setTyping(next === OTHER);
          if (next !== OTHER) onChange(next);
        }}
      >
        <option value="">Choose a field…</option>
        {matching.length > 0 && <optgroup label="Matching fields">{matching.map(option)}</optgroup>}
        {fromOthers.length > 0 && (
          <optgroup label="From content this page does not read yet">
            {fromOthers.map((each) => (
              <option key={each.field.path} value={each.field.path} title={each.description}>
                {offeredText(each)}
              </option>
            ))}
          </optgroup>
        )}
        {/* A list takes a list: single texts and objects would only lengthen the choice (a trial: ~40 entries). */}
        {other.length > 0 && !expected.list && <optgroup label="Other fields">{other.map(option)}</optgroup>}
        <option value={OTHER}>Another path…</option>
      </select>
      {custom && (
        <>
          <label htmlFor={`${id}-path`} className="editor-props-sublabel">
            {label}: path
          </label>
          <input
            id={`${id}-path`}
            type="text"
            value={value}
            list={`${id}-paths`}
            spellCheck={false}
            placeholder="source.field"
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.value.trim())}
          />
          <datalist id={`${id}-paths`}>
            {fields.map((field) => (
              <option key={field.path} value={field.path} />
            ))}
          </datalist>
        </>
      )}
    </div>
  );
}
