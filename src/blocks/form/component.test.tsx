// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formNames } from '../../generated/forms/index.ts';
import blockSchema from '../../../schemas/blocks/form.schema.json';
import { field, fillFields, renderBlock, stubShowModal } from '../../../tests/helpers/render.tsx';
import { blockComponent } from '../registry.ts';
import { fixture } from './fixture.ts';
import { loadSchemas } from '../../../tools/lib/project.ts';

// The registry's component: the block's schema defaults apply, as on a page.
const Form = await blockComponent('form');

stubShowModal();
afterEach(() => vi.unstubAllGlobals());

describe('form block', () => {
  it('offers exactly the forms of schemas/forms/', async () => {
    const loaded = (await loadSchemas()).find((schema) => schema.$id === blockSchema.$id);
    expect(blockSchema.properties.form).not.toHaveProperty('enum');
    expect(loaded?.properties?.form.enum).toEqual([...formNames].sort());
  });

  it('renders the form from its schema with submit unavailable while empty', async () => {
    renderBlock(<Form {...fixture} />);
    expect(await field('Name')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('checkbox', { name: "I'm not a robot" })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'By clicking on the submit button, I agree with the terms & conditions.' })).toBeTruthy();
  });

  it('shows the SPEC message once a field is changed, linked to its input', async () => {
    renderBlock(<Form {...fixture} />);
    const email = await field('Email');
    fireEvent.change(email, { target: { value: 'Not@Valid' } });
    // At the field (the still-needed list next to the button repeats it).
    const message = await within(email.closest<HTMLElement>('.form-field')!).findByText('Email not valid.');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toContain(message.parentElement!.id);
    // Untouched fields stay quiet.
    expect(screen.queryByText('Name is required.')).toBeNull();
  });

  it('keeps letters out of the mobile number, and every digit in', async () => {
    renderBlock(<Form {...fixture} />);
    const mobile = (await field('Mobile')) as HTMLInputElement;
    fireEvent.change(mobile, { target: { value: '98a7-65 43210999' } });
    // Never cut to 10: a number with too many digits stays whole and gets the SPEC message.
    expect(mobile.value).toBe('9876543210999');
    expect(mobile.getAttribute('inputmode')).toBe('numeric');
    expect(mobile.getAttribute('type')).toBe('text');
  });

  it('sends the contract body once valid, shows Thanks and resets; on failure keeps the data', async () => {
    const calls: { body: Record<string, unknown>; key: string }[] = [];
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        calls.push({
          body: JSON.parse(String(init.body)) as Record<string, unknown>,
          key: (init.headers as Record<string, string>)['Idempotency-Key'],
        });
        return new Response('{}', { status: fail ? 503 : 202 });
      }),
    );
    renderBlock(<Form {...fixture} />);
    await fillFields({
      Name: 'Ada Lovelace',
      Email: 'ada@example.com',
      Mobile: '9876543210',
      'Company Name': 'Analytical Engines',
      Role: 'Engineer',
      Message: 'Please call me about towers.',
    });
    fireEvent.click(screen.getByRole('checkbox', { name: "I'm not a robot" }));
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    const submit = screen.getByRole('button', { name: 'Submit' });
    await waitFor(() => expect(submit.getAttribute('aria-disabled')).toBeNull());

    fireEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toContain('Nothing you entered has been lost');
    expect(((await field('Name')) as HTMLInputElement).value).toBe('Ada Lovelace');

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Thanks' });
    expect(
      screen.getByText('Your query has been submitted and will be responded to as soon as possible. Thank you for contacting.'),
    ).toBeTruthy();
    expect(calls).toHaveLength(2);
    expect(calls[0].key).toBe(calls[1].key);
    expect(Object.keys(calls[1].body).sort()).toEqual([
      'checkBox',
      'company_name',
      'email',
      'message',
      'mobile',
      'name',
      'page_type',
      'recaptcha',
      'role',
      'website',
    ]);
    expect(calls[1].body.page_type).toBe('Contact');
    expect(((await field('Name')) as HTMLInputElement).value).toBe('');
  });
});
