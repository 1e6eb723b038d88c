/**
 * Inputs for rjsf: every input is linked to its rule and its error text (aria-describedby) and says when it
 * is invalid (aria-invalid). No input truncates what a visitor types or pastes (no `maxlength`):
 * a field with a schema maxLength shows a count near its limit and, over it, the SPEC message of
 * the validator. The mobile input accepts digits only however they arrive (typing, paste,
 * autofill) and never uses type=number.
 */
import type { BaseInputTemplateProps, WidgetProps } from '@rjsf/utils';
import type { ChangeEvent } from 'react';
import { describedBy, RequiredMark } from '../templates.tsx';
import { CharacterCount, characterCount } from './character-count.tsx';

export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, value, type, autofocus, options, placeholder, schema } = props;
  const count = characterCount(id, value, schema);
  return (
    <>
      <input
        {...textProps(props, count)}
        className="form-input"
        type={(options.inputType as string | undefined) ?? type ?? 'text'}
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus={autofocus}
        placeholder={placeholder}
        autoComplete={(props.uiSchema?.['ui:autocomplete'] as string | undefined) ?? 'off'}
      />
      <CharacterCount count={count} />
    </>
  );
}

export function TextareaWidget(props: WidgetProps) {
  const count = characterCount(props.id, props.value, props.schema);
  return (
    <>
      <textarea {...textProps(props, count)} className="form-input form-textarea" rows={4} />
      <CharacterCount count={count} />
    </>
  );
}

type ControlProps = Pick<WidgetProps, 'id' | 'value' | 'disabled' | 'readonly' | 'rawErrors' | 'onBlur' | 'onFocus' | 'schema'>;

/** What every control here carries: its id as name, the disabled state, the hint and error link and rjsf's focus callbacks. */
function controlProps({ id, value, disabled, readonly, rawErrors, onBlur, onFocus, schema }: ControlProps, countId?: string) {
  return {
    id,
    name: id,
    disabled: disabled || readonly,
    'aria-invalid': rawErrors?.length ? true : undefined,
    'aria-describedby': describedBy(id, schema, countId),
    onBlur: () => onBlur(id, value),
    onFocus: () => onFocus(id, value),
  } as const;
}

/** A text control's: those, plus its value (an empty text is the field's emptyValue) and the character count's link. */
function textProps(props: ControlProps & Pick<WidgetProps, 'required' | 'onChange' | 'options'>, count: ReturnType<typeof characterCount>) {
  const { value, required, onChange, options } = props;
  return {
    ...controlProps(props, count?.shown ? count.id : undefined),
    value: value ?? '',
    required,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange(event.target.value === '' ? options.emptyValue : event.target.value),
  };
}

/**
 * Keeps the digits, all of them: covers typing, paste and browser autofill alike. A number with
 * more than 10 digits stays whole and gets the SPEC message, never silently cut to a wrong one.
 */
export function digitsOnly(text: string): string {
  return text.replace(/\D/g, '');
}

export function MobileWidget(props: WidgetProps) {
  const { value, required, onChange } = props;
  return (
    <input
      {...controlProps(props)}
      className="form-input"
      type="text"
      inputMode="numeric"
      autoComplete="tel-national"
      pattern="[0-9]*"
      value={value ?? ''}
      required={required}
      onKeyDown={(event) => {
        // Block non-digit keys up front (SPEC §5); editing keys and shortcuts still work.
        if (event.key.length === 1 && !/\d/.test(event.key) && !event.ctrlKey && !event.metaKey) event.preventDefault();
      }}
      onChange={(event) => {
        const digits = digitsOnly(event.target.value);
        onChange(digits === '' ? undefined : digits);
      }}
    />
  );
}

export function TermsWidget(props: WidgetProps) {
  const { id, value, onChange, schema, required } = props;
  return (
    <label className="form-check" htmlFor={id}>
      <input
        {...controlProps(props)}
        // Said outright, false too: a native `required` box is otherwise invalid to assistive
        // technology before any input (SPEC §4 shows a field's errors once touched; issue 35).
        aria-invalid={props.rawErrors?.length ? true : false}
        type="checkbox"
        required={required}
        checked={value === true}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>
        {schema.title}
        {required ? <RequiredMark /> : null}
      </span>
    </label>
  );
}
