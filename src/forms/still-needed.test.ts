import { describe, expect, it } from 'vitest';
import { stillNeeded, type Naming } from './still-needed.ts';
import { characterCount, spokenCount } from './widgets/character-count.tsx';

describe('stillNeeded', () => {
  const order = ['name', 'email', 'resume_base64', 'resume_filename', 'recaptcha', 'checkBox'];
  // Name and Email are typed in; the CV, captcha and terms box are used; the file name is hidden.
  const labels: Record<string, string> = { name: 'Name', email: 'Email' };
  const naming = (shown: (field: string) => boolean = () => false): Naming => ({ shownAtField: shown, labelOf: (f) => labels[f], order });

  it('names the widgets used rather than typed by their messages, in the form order and once each', () => {
    const errors = {
      checkBox: ['Check is required.'],
      resume_filename: ['Please upload your resume.'],
      recaptcha: ['The form must be filled out'],
      resume_base64: ['Please upload your resume.'],
    };
    expect(stillNeeded(errors, naming())).toEqual({
      missing: ['Please upload your resume.', 'The form must be filled out', 'Check is required.'],
      marked: false,
    });
  });

  it('names an untouched typed field by its label, never by the message it does not show yet', () => {
    const errors = { email: ['Email required.'], name: ['Name is required.'], recaptcha: ['The form must be filled out'] };
    expect(stillNeeded(errors, naming())).toEqual({ missing: ['Name', 'Email', 'The form must be filled out'], marked: false });
  });

  it('lists what a field already shows in its words, and says that some field is marked', () => {
    const errors = {
      email: ['Email not valid.'],
      name: ['Name is required.'],
      resume_base64: ['Please upload your resume.'],
      resume_filename: ['Please upload your resume.'],
    };
    const shown = (field: string) => field === 'email' || field === 'resume_base64';
    expect(stillNeeded(errors, naming(shown))).toEqual({
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
