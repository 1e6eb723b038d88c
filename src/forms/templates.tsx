import type { FieldTemplateProps, SubmitButtonProps } from '@rjsf/utils';
import { errorId } from '@rjsf/utils';

/**
 * One field: label, input, and its error messages in an element the input points to with
 * aria-describedby; the messages are announced as they appear.
 */
export function FieldTemplate({ id, label, required, displayLabel, children, rawErrors, hidden, uiSchema, schema }: FieldTemplateProps) {
  if (hidden) return <div hidden>{children}</div>;
  if (id === 'root') return <div className="form-fields">{children}</div>;
  // Checkbox-like widgets carry their own label.
  const ownLabel = uiSchema?.['ui:label'] === false || schema.type === 'boolean';
  return (
    <div className={rawErrors?.length ? 'form-field form-field--invalid' : 'form-field'}>
      {displayLabel && !ownLabel ? (
        <label htmlFor={id} className="form-label">
          {label}
          {required ? <span aria-hidden="true"> *</span> : null}
        </label>
      ) : null}
      {children}
      <div id={errorId(id)} className="form-errors" aria-live="polite">
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
