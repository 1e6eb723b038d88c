import { describe, expect, it } from 'vitest';
import { form_contact as validate } from '../generated/forms/contact.validator.js';
import { fieldErrors } from './errors.ts';

describe('fieldErrors', () => {
  it('puts the message of a missing required field on that field', () => {
    expect(validate({ name: 'Ann' })).toBe(false);
    const errors = fieldErrors(validate.errors);
    expect(errors.email).toEqual(['Email required.']);
    expect(errors.checkBox).toEqual(['Check is required.']);
    expect(errors['']).toBeUndefined();
  });

  it('keeps the exact SPEC messages of invalid values', () => {
    validate({
      name: 'A<b',
      email: 'A@b',
      mobile: '12a',
      company_name: 'X',
      role: 'Y',
      page_type: 'Contact',
      message: 'H',
      recaptcha: 't',
      checkBox: false,
    });
    expect(fieldErrors(validate.errors)).toEqual({
      name: ['Only text is required.'],
      email: ['Email not valid.'],
      mobile: ['Phone Number require minimum 10 digit.', 'Phone Number should be numeric.'],
      message: ['Minimum 2.'],
      checkBox: ['Check is required.'],
    });
  });
});
