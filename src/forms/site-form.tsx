/**
 * A site form generated from its JSON Schema (schemas/forms/) with rjsf and the precompiled
 * validator: exact SPEC §5 messages once a field is touched or changed, submit unavailable
 * (aria-disabled, still a focus stop) until the whole form is valid (next to it, what is still
 * needed: untouched fields by (short) label), spinner
 * while sending, 'Thanks' dialog on success (form and captcha reset), and on failure a clear
 * message while everything typed stays for a retry with the same idempotency key (so a retry
 * never creates a duplicate). No field truncates what is typed or pasted (widgets/inputs.tsx).
 */
import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { use, useContext, useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { HONEYPOT_FIELD as HONEYPOT, loadForm } from '@site/src/generated/forms/index.ts';
import { FormNavigateContext, FormsConfigContext, type SiteFormContext } from './context.ts';
import { fieldErrors, type FieldErrors } from './errors.ts';
import { replayBeforeHydration } from './replay.ts';
import { fieldLabels, hiddenFields, stillNeeded, type StillNeeded } from './still-needed.ts';
import { newIdempotencyKey, submitForm } from './submit.ts';
import { FieldTemplate, NoSubmitButton, RequiredNote } from './templates.tsx';
import type { FormDefinition } from '@site/src/generated/forms/index.ts';
import { widgets as engineWidgets } from './widgets/index.tsx';
import { BaseInputTemplate } from './widgets/inputs.tsx';
import { widgets as siteWidgets } from '@site/src/forms/widgets/index.tsx';

// rjsf's widget registry by name: the site's widgets over the engine's (./widgets/index.tsx).
const widgets = { ...engineWidgets, ...siteWidgets };
const templates = { FieldTemplate, BaseInputTemplate, ButtonTemplates: { SubmitButton: NoSubmitButton } };

// One promise per form, shared by server render and hydration. Marked as React's `use` marks
// what it has read, so a form whose definition is here renders without suspending.
const loading = new Map<string, Promise<FormDefinition>>();
const forms: Record<string, (() => Promise<FormDefinition>) | undefined> = loadForm;
function definitionOf(name: string): Promise<FormDefinition> {
  let promise = loading.get(name);
  if (!promise) {
    // The definitions name only the site's forms (the validator fills the block's list from them).
    const loaded = forms[name]?.() ?? Promise.reject(new Error(`no form "${name}" in this site's schemas/forms/`));
    promise = loaded;
    void loaded.then(
      (value) => Object.assign(loaded, { status: 'fulfilled', value }),
      () => undefined,
    );
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

/** The fields in the order the form shows them (ui:order, then the schema's order). */
function fieldOrder(definition: FormDefinition): string[] {
  const order = (definition.uiSchema['ui:order'] as string[] | undefined) ?? [];
  return [...new Set([...order.filter((field) => field !== '*'), ...Object.keys(definition.schema.properties ?? {})])];
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
  /** One of the site's forms (schemas/forms/ of the site folder). */
  form: string;
  /** Fixed values from the definition (e.g. job_code, document id). */
  values?: Record<string, string | number>;
  /**
   * The base of every id in the form, from the block around it (its useId): the form may hydrate
   * in a React root of its own (../blocks/island.tsx), where its own useId would differ from the
   * server's.
   */
  idBase: string;
}

export function SiteForm({ form, values, idBase }: SiteFormProps) {
  const definition = use(definitionOf(form));
  return <LoadedForm definition={definition} values={values} id={idBase} />;
}

/**
 * Next to the unavailable submit button, why it is unavailable: before the visitor starts, a general
 * hint; then what is still needed (./still-needed.ts), led, while a field shows its error, by a
 * pointer to it.
 */
function StillNeededHint({ id, needed, started }: { id: string; needed: StillNeeded; started: boolean }) {
  if (!started || !needed.missing.length) return <>Fill in every required field to send.</>;
  return (
    <>
      {needed.marked ? <>Correct the fields marked above to send. </> : null}
      <span id={id}>Still needed:</span>
      <ul className="form-missing" aria-labelledby={id}>
        {needed.missing.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </>
  );
}

type Status = { state: 'idle' } | { state: 'sending' } | { state: 'failed'; message: string };

function LoadedForm({ definition, values, id }: { definition: FormDefinition; values?: Record<string, string | number>; id: string }) {
  const { captchaSiteKey } = useContext(FormsConfigContext);
  const meta = definition.schema['x-form'];
  const validate = definition.validators[String(definition.schema.$id)];
  const validator = useMemo(
    () => createPrecompiledValidator(definition.validators, definition.schema) as unknown as ValidatorType,
    [definition],
  );
  const uiSchema = useMemo(() => ({ ...definition.uiSchema, 'ui:submitButtonOptions': { norender: true } }), [definition]);
  const order = useMemo(() => fieldOrder(definition), [definition]);
  const hidden = useMemo(() => hiddenFields(definition.schema, definition.uiSchema), [definition]);
  const { labels, filledBy } = useMemo(() => fieldLabels(definition.schema, definition.uiSchema), [definition]);
  // rjsf owns the field values (uncontrolled): it queues changes made milliseconds apart (autofill,
  // a widget setting two fields) so none is lost, which a formData prop echoed back cannot promise.
  // `data` mirrors what it reports, for validity and sending; a reset remounts it with fresh values.
  const [initial, setInitial] = useState<Data>(() => initialData(definition, values));
  const [data, setData] = useState<Data>(initial);
  const [honeypot, setHoneypot] = useState('');
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const [resetCount, setResetCount] = useState(0);
  const [key, setKey] = useState<string | undefined>();
  const formRef = useRef<Form<Data, RJSFSchema>>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const navigate = useContext(FormNavigateContext);

  // In the hydration commit, before any re-render could overwrite what was typed meanwhile.
  useLayoutEffect(() => {
    if (!wrapper.current) return;
    replayBeforeHydration(wrapper.current);
    // For tools and tests: from here on the form reacts to every keystroke.
    wrapper.current.dataset.hydrated = 'true';
  }, []);

  const valid = validate(data) === true;
  const blocked = !valid || status.state === 'sending';
  // Enter in a field submits the form only when the button is available (HTML's implicit
  // submission, as a disabled default button would block it): SPEC §4 shows a field's errors once
  // it is touched, not on a stray Enter.
  const isBlocked = useEffectEvent(() => blocked);
  useEffect(() => {
    const root = wrapper.current;
    if (!root) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && event.target instanceof HTMLInputElement && isBlocked()) event.preventDefault();
    };
    root.addEventListener('keydown', onKeyDown);
    return () => root.removeEventListener('keydown', onKeyDown);
  }, []);

  const errors = valid ? {} : fieldErrors(validate.errors);
  // Why the button is still unavailable. SPEC §4: errors show once a field is touched or changed
  // (blurred or changed here, or replayed from before hydration: changed, or left, ./replay.ts);
  // until then the list names a field by its label, a hidden one by the label of the widget that fills it.
  const needed = stillNeeded(errors, {
    shownAtField: (field) => touched.has(field) && !hidden.has(field),
    labelOf: (field) => (touched.has(filledBy.get(field) ?? field) ? undefined : labels.get(field)),
    order,
  });
  const shownKey = JSON.stringify([toErrorSchema(errors, touched), toErrorSchema(serverErrors)]);
  // Same content, same object: rjsf re-derives its state whenever a prop deep-changes.
  const shown = useMemo(() => {
    const [client, server] = JSON.parse(shownKey) as [ErrorSchema, ErrorSchema];
    return { ...client, ...server } as ErrorSchema;
  }, [shownKey]);

  const touch = (fieldId?: string) => {
    const field = fieldName(fieldId);
    if (field) setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
  };

  // What the form says to assistive technology, once (WCAG 3.3.1, issue 35): a field's new message
  // when the visitor leaves the field (not at every key), nothing more after a failed submit, whose
  // focus on the first invalid field reads that field's message.
  const [announcement, setAnnouncement] = useState('');
  const announced = useRef(new Map<string, string>());
  const announceLeaving = (fieldId?: string) => {
    const field = fieldName(fieldId);
    if (!field) return;
    const message = (errors[field] ?? []).join(' ');
    if (!message) announced.current.delete(field);
    else if (announced.current.get(field) !== message) {
      announced.current.set(field, message);
      // A trailing space toggled: the same words for another field are still a change to announce.
      setAnnouncement((before) => `${labels.get(field) ?? field}: ${message}${before.endsWith(' ') ? '' : ' '}`);
    }
  };
  const focusFirstInvalid = useRef(false);
  useEffect(() => {
    if (!focusFirstInvalid.current) return;
    focusFirstInvalid.current = false;
    wrapper.current?.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus();
  }, [touched]);

  const formContext = useMemo<SiteFormContext>(
    () => ({ captchaSiteKey, setField: (name, value) => formRef.current?.setFieldValue(name, value as Data) }),
    [captchaSiteKey],
  );

  const send = async () => {
    if (status.state === 'sending') return;
    // A press of the unavailable button (keyboard, pointer, an assistive technology) touches
    // every field, so each shows what it still needs.
    if (!valid) {
      for (const [field, messages] of Object.entries(errors)) announced.current.set(field, messages.join(' '));
      focusFirstInvalid.current = true;
      return setTouched(new Set(order));
    }
    // The same key for every retry of this submission; a new one after success.
    const submissionKey = key ?? newIdempotencyKey();
    setKey(submissionKey);
    setStatus({ state: 'sending' });
    setServerErrors({});
    const result = await submitForm(meta.endpoint, { ...data, [HONEYPOT]: honeypot }, submissionKey, fetch, definition.name);
    if (result.ok) {
      const fresh = initialData(definition, values);
      setStatus({ state: 'idle' });
      setInitial(fresh);
      setData(fresh);
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
    <div className="site-form" ref={wrapper}>
      {definition.schema.required?.length ? <RequiredNote /> : null}
      <Form
        schema={definition.schema}
        key={resetCount}
        ref={formRef}
        uiSchema={uiSchema}
        validator={validator}
        initialFormData={initial}
        formContext={formContext}
        widgets={widgets}
        templates={templates}
        extraErrors={shown}
        showErrorList={false}
        noHtml5Validate
        // rjsf does not validate on its own (on submit it would show its errors beside ours, and keep
        // them after a fix): every field error comes from `shown`, by the touched rule above.
        noValidate
        idPrefix={`${id.replace(/\W/g, '')}_root`}
        onChange={(event, fieldId) => {
          setData(event.formData as Data);
          touch(fieldId);
          const changed = fieldName(fieldId);
          if (changed) setServerErrors(({ [changed]: _cleared, ...rest }) => rest);
        }}
        onBlur={(fieldId) => {
          touch(fieldId);
          announceLeaving(fieldId);
        }}
        onSubmit={() => void send()}
      >
        <div className="form-honeypot" aria-hidden="true">
          <label>
            Website
            <input
              name={HONEYPOT}
              type="text"
              tabIndex={-1}
              autoComplete="off"
              value={honeypot}
              onChange={(event) => setHoneypot(event.target.value)}
            />
          </label>
        </div>
        {status.state === 'failed' ? (
          <p className="form-status form-status--error" role="alert">
            {status.message}
          </p>
        ) : null}
        <div className="form-actions">
          {/* Unavailable, not disabled: it stays a focus stop, so keyboard and screen reader users
              reach it and hear why (its description: what is still needed). Pressing it then
              shows every field's message (send); Enter in a field submits nothing meanwhile. */}
          <button type="submit" className="button button--primary" aria-disabled={blocked || undefined} aria-describedby={`${id}-hint`}>
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
          <div id={`${id}-hint`} className="form-hint">
            <span aria-live="polite">{status.state === 'sending' ? 'Sending your details…' : ''}</span>
            <span className="visually-hidden" aria-live="polite">
              {announcement}
            </span>
            {status.state === 'sending' || valid ? null : (
              <StillNeededHint id={`${id}-missing`} needed={needed} started={touched.size > 0} />
            )}
          </div>
        </div>
      </Form>
      <dialog
        ref={dialog}
        className="form-dialog"
        aria-labelledby={`${id}-thanks`}
        aria-describedby={`${id}-thanks-text`}
        onClose={() => {
          // The reset leaves the submit button unavailable again, nothing to go back to: focus
          // goes to the form's first field instead, ready for the next entry. A redirect
          // takes focus to the new page's heading (the router's focus management).
          if (meta.success.redirect) return;
          dialog.current?.parentElement
            ?.querySelector<HTMLElement>('input:not([type=hidden]):not([tabindex="-1"]), select, textarea')
            ?.focus();
        }}
      >
        <h2 id={`${id}-thanks`}>{meta.success.title}</h2>
        <p id={`${id}-thanks-text`}>{meta.success.text}</p>
        <form method="dialog">
          <button
            type="submit"
            className="button button--primary"
            onClick={() => {
              if (meta.success.redirect) navigate(meta.success.redirect);
            }}
          >
            {meta.success.confirm}
          </button>
        </form>
      </dialog>
    </div>
  );
}
