import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import contract from '../../../schemas/content/contract.json' with { type: 'json' };
import type { ContentContract } from '../../generated/content-contract.ts';
import { formNames } from '../../generated/forms/index.ts';
import { checkForms, loadEndpoints } from './forms.ts';
import { sampleBodies } from '../../../tests/helpers/submission-samples.ts';

const requestSchemas = import.meta.glob<object>('../../../schemas/content/post-*.schema.json', { eager: true, import: 'default' });
const contractEndpoints = (contract as ContentContract).endpoints;
const endpoints = loadEndpoints();
const byPath = new Map(endpoints.map((e) => [e.path, e]));

describe('submission endpoints', () => {
  it('are the six POST paths of the content contract, derived from the forms', () => {
    const posts = contractEndpoints.filter((e) => e.method === 'POST').map((e) => e.path);
    expect([...byPath.keys()].sort()).toEqual(posts.sort());
    expect(byPath.get('/api/contact_form')!.forms.map((f) => f.name)).toEqual(['contact', 'footer-contact']);
    expect(byPath.get('/api/schedule_form')!.forms).toHaveLength(4);
  });

  it('add ip where the contract has it, and strip what x-form.strip names', () => {
    const addIp = Object.fromEntries(endpoints.map((e) => [e.path, e.addIp]));
    expect(addIp).toEqual({
      '/api/contact_form': true,
      '/api/schedule_form': true,
      '/api/career_form': true,
      '/api/partner_form': false,
      '/api/download_form': false,
      '/api/newsletter_post': false,
    });
    expect(byPath.get('/api/partner_form')!.strip).toEqual(['recaptcha']);
  });

  it('find uploaded files in the schema (x-max-file-bytes), with their name field: the router knows no form by its fields', () => {
    const files = Object.fromEntries(
      endpoints.flatMap((e) => e.forms).map((f) => [f.name, f.files.map(({ field, nameField }) => [field, nameField])]),
    );
    expect(files.career).toEqual([['resume_base64', 'resume_filename']]);
    expect(Object.entries(files).filter(([name, list]) => name !== 'career' && list.length > 0)).toEqual([]);
  });

  it('tell the contact forms apart by page_type', () => {
    const contact = byPath.get('/api/contact_form')!;
    const footer = sampleBodies['footer-contact']();
    const asFooter = checkForms(contact, footer);
    expect(asFooter.form.name).toBe('footer-contact');
    expect(asFooter.errors).toBeUndefined();
    // Valid as a footer body, but the contact page's form requires company and role.
    const asContact = checkForms(contact, { ...footer, page_type: 'Contact' });
    expect(asContact.form.name).toBe('contact');
    expect(asContact.errors?.length).toBeGreaterThan(0);
  });

  it.each(formNames.filter((n) => sampleBodies[n]))('a valid %s body, as sent on, matches the content contract', (name) => {
    const body = sampleBodies[name]();
    const endpoint = endpoints.find((e) => e.forms.some((f) => f.name === name))!;
    expect(checkForms(endpoint, body).errors).toBeUndefined();
    const sent: Record<string, unknown> = Object.fromEntries(Object.entries(body).filter(([k]) => !endpoint.strip.includes(k)));
    if (endpoint.addIp) sent.ip = '203.0.113.5';
    const entry = contractEndpoints.find((e) => e.path === endpoint.path && e.method === 'POST')!;
    const validate = new Ajv({ allErrors: true, allowUnionTypes: true }).compile(
      requestSchemas[`../../../schemas/content/${entry.requestSchema}`],
    );
    expect(validate(sent), JSON.stringify(validate.errors)).toBe(true);
  });

  it('has a sample for every form', () => {
    expect(formNames.filter((n) => !sampleBodies[n])).toEqual([]);
  });
});

describe('Form-Name picks the rules of one of the forms sharing an endpoint', () => {
  it('applies the CCM campaign text pattern when the campaign form posts', () => {
    const endpoint = loadEndpoints().find((e) => e.path === '/api/schedule_form')!;
    const body = {
      firstname: 'Ada<',
      lastnane: 'Lovelace',
      email: 'ada@example.com',
      mobile: '9876543210',
      company_name: 'Engines',
      job_title: 'Engineer',
      recaptcha: 'local-token',
      checkBox: true,
    };
    expect(checkForms(endpoint, body, 'schedule-demo').errors).toBeUndefined();
    expect(checkForms(endpoint, body, 'campaign-ccm').errors?.length).toBeGreaterThan(0);
    // An unknown name falls back to any form of the endpoint.
    expect(checkForms(endpoint, body, 'nonsense').errors).toBeUndefined();
  });
});
