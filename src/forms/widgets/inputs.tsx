/**
 * Inputs for rjsf: every input is linked to its error text (aria-describedby) and says when it
 * is invalid (aria-invalid). No input truncates what a visitor types or pastes (no `maxlength`):
 * a field with a schema maxLength shows a count near its limit and, over it, the SPEC message of
 * the validator. The mobile input accepts digits only however they arrive (typing, paste,
 * autofill) and never uses type=number.
 */
import type { BaseInputTemplateProps, WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds } from '@rjsf/utils';
import type { ChangeEvent } from 'react';
import { CharacterCount, characterCount } from './character-count.tsx';

export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, value, type, required, disabled, readonly, autofocus, onChange, onBlur, onFocus, rawErrors, options, placeholder, schema } =
    props;
  const inputType = (options.inputType as string | undefined) ?? type ?? 'text';
  const count = characterCount(id, value, schema);
  return (
    <>
      <input
        id={id}
        name={id}
        className="form-input"
        type={inputType}
        value={value ?? ''}
        required={required}
        disabled={disabled || readonly}
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus={autofocus}
        placeholder={placeholder}
        autoComplete={(props.uiSchema?.['ui:autocomplete'] as string | undefined) ?? 'off'}
        aria-invalid={rawErrors?.length ? true : undefined}
        aria-describedby={describedBy(id, count)}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      <CharacterCount count={count} />
    </>
  );
}

export function TextareaWidget({
  id,
  value,
  required,
  disabled,
  readonly,
  onChange,
  onBlur,
  onFocus,
  rawErrors,
  schema,
  options,
}: WidgetProps) {
  const count = characterCount(id, value, schema);
  return (
    <>
      <textarea
        id={id}
        name={id}
        className="form-input form-textarea"
        value={value ?? ''}
        required={required}
        disabled={disabled || readonly}
        rows={4}
        aria-invalid={rawErrors?.length ? true : undefined}
        aria-describedby={describedBy(id, count)}
        onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      <CharacterCount count={count} />
    </>
  );
}

/** The error text, plus the count while it shows. */
function describedBy(id: string, count: ReturnType<typeof characterCount>): string {
  return count?.shown ? `${ariaDescribedByIds(id)} ${count.id}` : ariaDescribedByIds(id);
}

/**
 * Keeps the digits, all of them: covers typing, paste and browser autofill alike. A number with
 * more than 10 digits stays whole and gets the SPEC message, never silently cut to a wrong one.
 */
export function digitsOnly(text: string): string {
  return text.replace(/\D/g, '');
}

export function MobileWidget({ id, value, required, disabled, readonly, onChange, onBlur, onFocus, rawErrors }: WidgetProps) {
  return (
    <input
      id={id}
      name={id}
      className="form-input"
      type="text"
      inputMode="numeric"
      autoComplete="tel-national"
      pattern="[0-9]*"
      value={value ?? ''}
      required={required}
      disabled={disabled || readonly}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onKeyDown={(event) => {
        // Block non-digit keys up front (SPEC §5); editing keys and shortcuts still work.
        if (event.key.length === 1 && !/\d/.test(event.key) && !event.ctrlKey && !event.metaKey) event.preventDefault();
      }}
      onChange={(event) => {
        const digits = digitsOnly(event.target.value);
        onChange(digits === '' ? undefined : digits);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

export function TermsWidget({ id, value, disabled, readonly, onChange, onBlur, onFocus, rawErrors, schema }: WidgetProps) {
  return (
    <label className="form-check" htmlFor={id}>
      <input
        id={id}
        name={id}
        type="checkbox"
        checked={value === true}
        disabled={disabled || readonly}
        aria-invalid={rawErrors?.length ? true : undefined}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      <span>{schema.title}</span>
    </label>
  );
}
