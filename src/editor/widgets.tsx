/**
 * The editor's inputs for rjsf. rjsf's own point `aria-describedby` at `…__error`, `…__description`
 * and `…__help` whether or not they are on the page; the editor's field template (props-form.tsx)
 * renders a field's help only when it has one, its errors only when there are some, and never a
 * `…__help`. These name exactly what the template renders, through `describedByIds`.
 */
import {
  enumOptionsIndexForValue,
  enumOptionsValueForIndex,
  getInputProps,
  type BaseInputTemplateProps,
  type RJSFSchema,
  type WidgetProps,
} from '@rjsf/utils';

/** The ids of a field's help and errors, as the field template renders them (undefined when neither is there). */
export function describedByIds(id: string, help: unknown, errors: readonly unknown[] | undefined): string | undefined {
  return [help ? `${id}__description` : undefined, errors?.length ? `${id}__error` : undefined].filter(Boolean).join(' ') || undefined;
}

type Props = Pick<WidgetProps, 'id' | 'schema' | 'uiSchema' | 'rawErrors'>;

/** What the field template shows as help: the uiSchema's description, else the schema's. */
export function describedBy({ id, schema, uiSchema, rawErrors }: Props): string | undefined {
  return describedByIds(id, uiSchema?.['ui:description'] ?? schema.description, rawErrors);
}

/** Text, number, URL and the other one-line inputs (rjsf's number field turns the text into a number). */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, value, type, schema, options, placeholder, required, disabled, readonly, autofocus, onChange, onBlur, onFocus } = props;
  return (
    <input
      id={id}
      name={id}
      {...getInputProps(schema, type, options)}
      value={value ?? ''}
      placeholder={placeholder}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus={autofocus}
      aria-describedby={describedBy(props)}
      onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}

/** Long text: an HTML prop's source (./html-widget.tsx). */
export function TextareaWidget(props: WidgetProps) {
  const { id, value, options, placeholder, required, disabled, readonly, onChange, onBlur, onFocus } = props;
  return (
    <textarea
      id={id}
      name={id}
      value={typeof value === 'string' ? value : ''}
      rows={typeof options.rows === 'number' ? options.rows : 5}
      placeholder={placeholder}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      aria-describedby={describedBy(props)}
      onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}

/** One of the schema's values; the empty choice (the placeholder: "Not set", "Default: …") leaves the prop out. */
export function SelectWidget(props: WidgetProps) {
  const { id, value, options, placeholder, disabled, readonly, onChange, onBlur, onFocus } = props;
  const choices = options.enumOptions ?? [];
  const valueAt = (index: string) => (index === '' ? options.emptyValue : enumOptionsValueForIndex(index, choices, options.emptyValue));
  const selected = enumOptionsIndexForValue(value, choices, false);
  return (
    <select
      id={id}
      name={id}
      value={typeof selected === 'string' ? selected : ''}
      disabled={disabled || readonly}
      aria-describedby={describedBy(props)}
      onChange={(event) => onChange(valueAt(event.target.value))}
      onBlur={(event) => onBlur(id, valueAt(event.target.value))}
      onFocus={(event) => onFocus(id, valueAt(event.target.value))}
    >
      <option value="">{placeholder || 'Not set'}</option>
      {choices.map((choice, index) => (
        <option key={index} value={String(index)}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}

/**
 * A yes/no prop: the box alone. The field template gives it its label and help once (rjsf's own
 * checkbox repeats both: "Highlight" and its help showed twice).
 */
export function CheckboxWidget(props: WidgetProps<unknown, RJSFSchema>) {
  const { id, value, disabled, readonly, onChange, onBlur, onFocus } = props;
  return (
    <input
      type="checkbox"
      id={id}
      checked={value === true}
      disabled={disabled || readonly}
      aria-describedby={describedBy(props)}
      onChange={(event) => onChange(event.target.checked)}
      onBlur={(event) => onBlur(id, event.target.checked)}
      onFocus={(event) => onFocus(id, event.target.checked)}
    />
  );
}
