import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { FormMeta } from '../generated/form-meta.ts';

/** A compiled form (src/generated/forms/): its bundled schema, whose x-form is a FormMeta (schemas/form-meta.schema.json). */
export interface FormDefinition {
  name: string;
  schema: RJSFSchema & { 'x-form': FormMeta };
  uiSchema: UiSchema;
  validators: ValidatorFunctions;
}
