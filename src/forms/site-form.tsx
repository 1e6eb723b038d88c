/**
 * A site form generated from its JSON Schema (schemas/forms/) with rjsf and the precompiled
 * validator: exact SPEC §5 messages once a field is touched or changed, submit disabled until
 * the whole form is valid, spinner while sending, 'Thanks' dialog on success (form and captcha
 * reset), and on failure a clear message while everything typed stays for a retry with the same
 * idempotency key (so a retry never creates a duplicate).
 */
import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { use, useContext, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { loadForm, type FormName } from '../generated/forms/index.ts';
import { FormsConfigContext, type SiteFormContext } from './context.ts';
import { fieldErrors, type FieldErrors } from './errors.ts';
import { newIdempotencyKey, submitForm } from './submit.ts';
import { FieldTemplate, NoSubmitButton } from './templates.tsx';
import type { FormDefinition } from './types.ts';
import { CaptchaWidget } from './widgets/captcha.tsx';
import { CvWidget } from './widgets/cv.tsx';
import { BaseInputTemplate, MobileWidget, TermsWidget, TextareaWidget } from './widgets/inputs.tsx';

const widgets = { mobile: MobileWidget, captcha: CaptchaWidget, terms: TermsWidget, cv: CvWidget, TextareaWidget, textarea: TextareaWidget };
const templates = { FieldTemplate, BaseInputTemplate, ButtonTemplates: { SubmitButton: NoSubmitButton } };

/** The honeypot: invisible to people, tempting to bots; the server drops submissions that fill it. */
const HONEYPOT = 'website';

// One promise per form, shared by server render and hydration.
const loading = new Map<string, Promise<FormDefinition>>();
function definitionOf(name: FormName): Promise<FormDefinition> {
  let promise = loading.get(name);
  if (!promise) {
    promise = loadForm[name]();
    loading.set(name, promise);
  }
  return promise;
}

type Data = Record<string, unknown>;

/** rjsf field ids look like <prefix>root_<field>; rjsf may also pass a path array. */
function fieldName(fieldId?: string | string[]): string | undefined {
  if (Array.isArray(fieldId)) return fieldId[0];
  return fieldId?.replace(/^.*?root_/, '') || undefined;
}

function toErrorSchema(errors: FieldErrors, only?: Set<string>): ErrorSchema {
  const out: Record<string, { __errors: string[] }> = {};
  for (const [field, messages] of Object.entries(errors)) {
    if (field && (!only || only.has(field))) out[field] = { __errors: messages };
  }
  return out as ErrorSchema;
}

function initialData(definition: FormDefinition, values?: Record<string, string | number>): Data {
  const data: Data = {};
  for (const [key, property] of Object.entries(definition.schema.properties ?? {})) {
    const def = (property as RJSFSchema).default;
    if (def !== undefined) data[key] = def;
  }
  return { ...data, ...values };
}

export interface SiteFormProps {
  form: FormName;
  /** Fixed values from the definition (e.g. job_code, document id). */
  values?: Record<string, string | number>;
}

export function SiteForm({ form, values }: SiteFormProps) {
  const definition = use(definitionOf(form));
  return <LoadedForm definition={definition} values={values} />;
}

type Status = { state: 'idle' } | { state: 'sending' } | { state: 'failed'; message: string };

function LoadedForm({ definition, values }: { definition: FormDefinition; values?: Record<string, string | number> }) {
  const { captchaSiteKey } = useContext(FormsConfigContext);
  const meta = definition.schema['x-form'];
  const validate = definition.validators[String(definition.schema.$id)];
  const validator = useMemo(() => createPrecompiledValidator(definition.validators, definition.schema) as unknown as ValidatorType, [definition]);
  const [data, setData] = useState<Data>(() => initialData(definition, values));
  const [honeypot, setHoneypot] = useState('');
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const [resetCount, setResetCount] = useState(0);
  const [key, setKey] = useState<string | undefined>();
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const id = useId();

  const valid = validate(data) === true;
  const errors = valid ? {} : fieldErrors(validate.errors);
  const shown: ErrorSchema = { ...toErrorSchema(errors, touched), ...toErrorSchema(serverErrors) };

  const touch = (fieldId?: string) => {
    const field = fieldName(fieldId);
    if (field && !touched.has(field)) setTouched(new Set(touched).add(field));
  };

  const formContext: SiteFormContext = {
    captchaSiteKey,
    resetCount,
    setField: (name, value) => setData((current) => ({ ...current, [name]: value })),
  };

  const send = async () => {
    if (!valid || status.state === 'sending') return;
    // The same key for every retry of this submission; a new one after success.
    const submissionKey = key ?? newIdempotencyKey();
    setKey(submissionKey);
    setStatus({ state: 'sending' });
    setServerErrors({});
    const result = await submitForm(meta.endpoint, { ...data, [HONEYPOT]: honeypot }, submissionKey, fetch, definition.name);
    if (result.ok) {
      setStatus({ state: 'idle' });
      setData(initialData(definition, values));
      setTouched(new Set());
      setResetCount((n) => n + 1);
      setKey(undefined);
      dialog.current?.showModal();
      return;
    }
    if (result.kind === 'invalid') setServerErrors(result.errors);
    setStatus({ state: 'failed', message: result.message });
  };

  return (
    <div className="site-form">
      <Form
        schema={definition.schema}
        uiSchema={{ ...definition.uiSchema, 'ui:submitButtonOptions': { norender: true } }}
        validator={validator}
        formData={data}
        formContext={formContext}
        widgets={widgets}
        templates={templates}
        extraErrors={shown}
        showErrorList={false}
        noHtml5Validate
        idPrefix={`${id.replace(/\W/g, '')}_root`}
        onChange={(event, fieldId) => {
          setData(event.formData as Data);
          touch(fieldId);
          const changed = fieldName(fieldId);
          if (changed) setServerErrors(({ [changed]: _cleared, ...rest }) => rest);
        }}
        onBlur={(fieldId) => touch(fieldId)}
        onSubmit={() => void send()}
      >
        <div className="form-honeypot" aria-hidden="true">
          <label>
            Website
            <input name={HONEYPOT} type="text" tabIndex={-1} autoComplete="off" value={honeypot} onChange={(event) => setHoneypot(event.target.value)} />
          </label>
        </div>
        {status.state === 'failed' ? (
          <p className="form-status form-status--error" role="alert">
            {status.message}
          </p>
        ) : null}
        <p className="form-actions">
          <button type="submit" className="button button--primary" disabled={!valid || status.state === 'sending'} aria-describedby={`${id}-hint`}>
            {status.state === 'sending' ? (
              <>
                <span className="spinner" aria-hidden="true" /> Sending…
              </>
            ) : status.state === 'failed' ? (
              'Try again'
            ) : (
              meta.submitLabel
            )}
          </button>
          <span id={`${id}-hint`} className="form-hint" aria-live="polite">
            {status.state === 'sending' ? 'Sending your details…' : valid ? '' : 'Fill in every required field to send.'}
          </span>
        </p>
      </Form>
      <dialog ref={dialog} className="form-dialog" aria-labelledby={`${id}-thanks`}>
        <h2 id={`${id}-thanks`}>{meta.success.title}</h2>
        <p>{meta.success.text}</p>
        <form method="dialog">
          <button
            type="submit"
            className="button button--primary"
            onClick={() => {
              if (meta.success.redirect) void navigate(meta.success.redirect);
            }}
          >
            {meta.success.confirm}
          </button>
        </form>
      </dialog>
    </div>
  );
}
