/**
 * The field rules as the precompiled validators (src/generated/forms/, used by browser and server
 * alike) apply them: real names and addresses pass (docs/forms.md states how these rules go
 * beyond SPEC §5), and what is still refused gets SPEC's message.
 */
import { describe, expect, it } from 'vitest';
import { sampleBodies } from '../../tests/helpers/submission-samples.ts';
import { form_career } from '../generated/forms/career.validator.js';
import { form_contact } from '../generated/forms/contact.validator.js';
import { form_newsletter } from '../generated/forms/newsletter.validator.js';
import { form_talk_to_sales } from '../generated/forms/talk-to-sales.validator.js';
import { fieldErrors } from './errors.ts';

type Validate = typeof form_contact;
const errorsOf = (validate: Validate, body: Record<string, unknown>) => (validate(body) ? {} : fieldErrors(validate.errors));

const NAMES = [
  'José Müller',
  "Jean-Luc O'Brien",
  'Jean-Luc O’Brien',
  'Zoë Ångström',
  'Łukasz Żółć',
  'Nguyễn Văn An',
  '山田 太郎',
  'Ana María',
];
const ADDRESSES = ['Ada@Example.com', 'ada@example.museum', 'ADA.LOVELACE+site@Mail.Example.CO.UK', 'ada@example.io'];

describe('names', () => {
  it.each(NAMES)('%s is accepted as name, company and role on the contact form', (name) => {
    expect(errorsOf(form_contact, { ...sampleBodies.contact(), name, company_name: name, role: name })).toEqual({});
  });

  it.each(NAMES)('%s is accepted as first and last name where the text rule applies (talk to sales)', (name) => {
    expect(errorsOf(form_talk_to_sales, { ...sampleBodies['talk-to-sales'](), firstname: name, lastnane: name })).toEqual({});
  });

  it('a message and a career experience take the same letters', () => {
    expect(errorsOf(form_contact, { ...sampleBodies.contact(), message: "Grüße from Zoë, it's Jean-Luc’s team!" })).toEqual({});
    expect(errorsOf(form_career, { ...sampleBodies.career(), experience: 'Cinq ans à Orléans' })).toEqual({});
  });

  it.each([
    ['<script>alert(1)</script>'],
    ['Ada@home'],
    ['Ada; DROP TABLE'],
    ['Ada "Countess"'],
    ['Ada\tLovelace'],
    ['Ada_Lovelace'],
    ['Ada (Countess)'],
    ['100% Ada'],
    ['Ada\u202eecalevol'],
    ['Ada 😀'],
  ])('%j is still refused with SPEC’s message', (name) => {
    expect(errorsOf(form_contact, { ...sampleBodies.contact(), name })).toEqual({ name: ['Only text is required.'] });
    expect(errorsOf(form_career, { ...sampleBodies.career(), experience: name })).toEqual({
      experience: ['Only text & number is required.'],
    });
  });
});

describe('e-mail addresses', () => {
  it.each(ADDRESSES)('%s is accepted, whatever its case and the length of its ending', (email) => {
    expect(errorsOf(form_contact, { ...sampleBodies.contact(), email })).toEqual({});
    expect(errorsOf(form_newsletter, { ...sampleBodies.newsletter(), email })).toEqual({});
  });

  it.each([
    'ada@example',
    'ada@example.c',
    'ada@example.c0m',
    'ada.example.com',
    'ada@@example.com',
    'ada lovelace@example.com',
    '<ada>@example.com',
    'José@example.com',
    'ada@exa_mple.com',
    '',
  ])('%j is still refused with SPEC’s message', (email) => {
    expect(errorsOf(form_contact, { ...sampleBodies.contact(), email })).toEqual({ email: ['Email not valid.'] });
    expect(errorsOf(form_newsletter, { ...sampleBodies.newsletter(), email })).toEqual({ email: ['Official Email not valid.'] });
  });
});
