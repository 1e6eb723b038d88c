import type { FieldTemplateProps, RJSFSchema, SubmitButtonProps } from '@rjsf/utils';
import { descriptionId, errorId } from '@rjsf/utils';

/**
 * What a control's aria-describedby names, all of it rendered by FieldTemplate below: the field's
 * rule (its schema description, when it has one), then its error messages, then `more` (ids the
 * widget renders itself, e.g. a character count).
 */
export function describedBy(id: string, schema: RJSFSchema, ...more: (string | undefined)[]): string {
  return [schema.description ? descriptionId(id) : undefined, errorId(id), ...more].filter(Boolean).join(' ');
}

/** The visible mark of a required control at its label (`required` on the control says it to assistive technology). */
export function RequiredMark() {
  return (
    <span className="form-required-mark" aria-hidden="true">
      {' *'}
    </span>
  );
}

/** What the mark means: one line per form (SiteForm shows it above the fields). */
export function RequiredNote() {
  return <p className="form-hint form-required-note">* required</p>;
}

/**
 * One field: label, the field's rule as a hint (its schema description: "10 digits"), input, and
 * its error messages; the input points to hint and messages with aria-describedby (describedBy).
 * The messages are not a live region: each key typed would be announced ("Email not valid."
 * after the first letter). SiteForm says a field's new message once, when the visitor leaves it,
 * and a failed submit takes focus to the first invalid field, which reads its message.
 */
export function FieldTemplate({ id, label, required, displayLabel, children, rawErrors, hidden, uiSchema, schema }: FieldTemplateProps) {
  if (hidden) return <div hidden>{children}</div>;
  if (id === 'root') return <div className="form-fields">{children}</div>;
  // Checkbox-like widgets carry their own label.
  const ownLabel = uiSchema?.['ui:label'] === false || schema.type === 'boolean';
  // The form itself (an object) has its description from rjsf's own template: only a field shows a hint.
  const hint = schema.type === 'object' ? undefined : schema.description;
  return (
    <div className={rawErrors?.length ? 'form-field form-field--invalid' : 'form-field'}>
      {displayLabel && !ownLabel ? (
        <label htmlFor={id} className="form-label">
          {label}
          {required ? <RequiredMark /> : null}
        </label>
      ) : null}
      {hint ? (
        <p id={descriptionId(id)} className="form-hint form-field-hint">
          {hint}
        </p>
      ) : null}
      {children}
      <div id={errorId(id)} className="form-errors">
        {rawErrors?.map((message) => (
          <p key={message} className="form-error">
            {message}
          </p>
        ))}
      </div>
    </div>
  );
}

/** Submit lives outside rjsf (it depends on our validity and sending state). */
export function NoSubmitButton(_props: SubmitButtonProps) {
  return null;
}
