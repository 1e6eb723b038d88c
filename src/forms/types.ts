import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';

export interface FormSuccess {
  title: string;
  text: string;
  confirm: string;
  /** Where 'Ok' goes (the PDF form returns to /download). */
  redirect?: string;
}

/** x-form of a form schema: how the form is sent and what the visitor sees afterwards. */
export interface FormMeta {
  endpoint: string;
  submitLabel: string;
  success: FormSuccess;
  /** Keys checked by the server but not part of the content-service contract (e.g. recaptcha on the partner form). */
  strip?: string[];
}

export interface FormDefinition {
  name: string;
  schema: RJSFSchema & { 'x-form': FormMeta };
  uiSchema: UiSchema;
  validators: ValidatorFunctions;
}
