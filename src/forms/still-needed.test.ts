import { describe, expect, it } from 'vitest';
import career from '../generated/forms/career.json' with { type: 'json' };
import contact from '../generated/forms/contact.json' with { type: 'json' };
import { fieldLabels, stillNeeded, type Naming } from './still-needed.ts';
import { characterCount, spokenCount } from './widgets/character-count.tsx';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';

describe('stillNeeded', () => {
  const order = ['name', 'email', 'resume_base64', 'resume_filename', 'job_code', 'recaptcha', 'checkBox'];
  // Every field a visitor uses has a label; the CV's file name (hidden) has the CV's; the job code (hidden, set by the page) none.
  const labels: Record<string, string> = {
    name: 'Name',
    email: 'Email',
    resume_base64: 'CV',
    resume_filename: 'CV',
    recaptcha: 'Captcha',
    checkBox: 'Terms and conditions',
  };
  const naming = (shown: (field: string) => boolean = () => false): Naming => ({ shownAtField: shown, labelOf: (f) => labels[f], order });

  it('names the CV, captcha and terms box by their labels, never by the messages they do not show yet, in the form order and once each', () => {
    const errors = {
      checkBox: ['Check is required.'],
      resume_filename: ['Please upload your resume.'],
      recaptcha: ['The form must be filled out'],
      resume_base64: ['Please upload your resume.'],
    };
    expect(stillNeeded(errors, naming())).toEqual({ missing: ['CV', 'Captcha', 'Terms and conditions'], marked: false });
  });

  it('names a field the page fills, which never shows its errors, by its messages', () => {
    expect(stillNeeded({ job_code: ['Job code is required.'], name: ['Name is required.'] }, naming()).missing).toEqual([
      'Name',
      'Job code is required.',
    ]);
  });

  it('names an untouched typed field by its label, never by the message it does not show yet', () => {
    const errors = { email: ['Email required.'], name: ['Name is required.'], recaptcha: ['The form must be filled out'] };
    expect(stillNeeded(errors, naming())).toEqual({ missing: ['Name', 'Email', 'Captcha'], marked: false });
  });

  it('lists what a field already shows in its words, and says that some field is marked', () => {
    const errors = {
      email: ['Email not valid.'],
      name: ['Name is required.'],
      resume_base64: ['Please upload your resume.'],
      resume_filename: ['Please upload your resume.'],
    };
    const shown = (field: string) => field === 'email' || field === 'resume_base64';
    // The form names the hidden file name by its messages too once the CV is touched (its labelOf).
    const cvTouched: Naming = { ...naming(shown), labelOf: (f) => (f === 'resume_filename' ? undefined : labels[f]) };
    expect(stillNeeded(errors, cvTouched)).toEqual({
      missing: ['Name', 'Email not valid.', 'Please upload your resume.'],
      marked: true,
    });
  });

  it('keeps errors about the form as a whole, last', () => {
    expect(stillNeeded({ '': ['must NOT have additional properties'], name: ['Name is required.'] }, naming()).missing).toEqual([
      'Name',
      'must NOT have additional properties',
    ]);
  });
});

describe('fieldLabels', () => {
  const of = (form: { schema: unknown; uiSchema: unknown }) => fieldLabels(form.schema as RJSFSchema, form.uiSchema as UiSchema);

  it('gives the terms box, the captcha and the CV short labels from the schema, the typed fields the labels the form shows', () => {
    const { labels } = of(career);
    expect(Object.fromEntries(labels)).toEqual({
      name: 'Name',
      email: 'Email',
      mobile: 'Mobile',
      current_org: 'Current Organisation',
      current_designation: 'Role',
      experience: 'Experience',
      message: 'Message',
      resume_base64: 'CV',
      resume_filename: 'CV',
      recaptcha: 'Captcha',
      checkBox: 'Terms and conditions',
    });
    expect(of(contact).labels.get('checkBox')).toBe('Terms and conditions');
    // The form itself still shows the full label at the box.
    expect((contact.schema.properties.checkBox as { title: string }).title).toMatch(/I agree with the terms/);
  });

  it('knows which widget fills a hidden field; fields the page fills have no label', () => {
    const { labels, filledBy } = of(career);
    expect(Object.fromEntries(filledBy)).toEqual({ resume_filename: 'resume_base64' });
    expect(labels.has('job_code')).toBe(false);
    expect(of(contact).labels.has('page_type')).toBe(false);
  });
});

describe('characterCount', () => {
  const schema = { type: 'string' as const, maxLength: 200 };

  it('shows from 80% of the limit and is over past it', () => {
    expect(characterCount('m', 'a'.repeat(159), schema)).toMatchObject({ shown: false, over: false });
    expect(characterCount('m', 'a'.repeat(160), schema)).toMatchObject({ id: 'm__count', length: 160, shown: true, over: false });
    expect(characterCount('m', 'a'.repeat(250), schema)).toMatchObject({ length: 250, shown: true, over: true });
    expect(characterCount('m', 'x', { type: 'string' })).toBeUndefined();
  });

  it('speaks the count in words', () => {
    expect(spokenCount(characterCount('m', 'a'.repeat(183), schema)!)).toBe('183 of 200 characters');
    expect(spokenCount(characterCount('m', 'a'.repeat(250), schema)!)).toBe('250 of 200 characters, 50 too many');
    expect(spokenCount(characterCount('m', 'a', schema)!)).toBe('');
  });
});
