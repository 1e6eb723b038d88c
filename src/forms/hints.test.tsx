// @vitest-environment jsdom
/**
 * Each field states its rule before any error: the hint is the field's description in the schema
 * (schemas/form-fields.schema.json), shown under its label and part of its accessible description.
 * Every id a control's aria-describedby names exists.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Form } from '../blocks/form/component.tsx';
import { renderBlock } from '../../tests/helpers/render.tsx';
import { formNames } from '../generated/forms/index.ts';

const TEXT_RULE = "Letters, digits, spaces and . , ! ? - '";

async function show(form: (typeof formNames)[number]) {
  await act(async () => {
    renderBlock(<Form form={form} values={form === 'pdf-download' ? { id: 1 } : form === 'career' ? { job_code: 'X' } : undefined} />);
  });
  await screen.findAllByRole('textbox', {}, { timeout: 8000 });
}

/** The aria-describedby ids of every element of the page that names none that exists. */
const danglingIds = () =>
  [...document.querySelectorAll('[aria-describedby]')].flatMap((element) =>
    element
      .getAttribute('aria-describedby')!
      .split(/\s+/)
      .filter((id) => id && !document.getElementById(id))
      .map((id) => `${element.tagName.toLowerCase()}#${element.id}: ${id}`),
  );

describe('field hints', { timeout: 30_000 }, () => {
  it('each contact field states its rule as its accessible description, before anything is typed', async () => {
    await show('contact');
    for (const [name, rule] of [
      [/^Name/, TEXT_RULE],
      [/^Email/, 'An e-mail address, such as name@example.com'],
      [/^Mobile/, '10 digits'],
      [/^Company Name/, TEXT_RULE],
      [/^Role/, TEXT_RULE],
      [/^Message/, `2 to 200 characters. ${TEXT_RULE}`],
    ] as const) {
      const control = screen.getByRole('textbox', { name });
      expect(screen.getByRole('textbox', { name, description: (text) => text.includes(rule) })).toBe(control);
      expect(control.getAttribute('aria-invalid')).toBeNull();
    }
  });

  it('the hint stays while an error shows, and the error joins it', async () => {
    await show('contact');
    const name = screen.getByRole('textbox', { name: /^Name/ });
    fireEvent.change(name, { target: { value: 'Ada <b>' } });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('textbox', { name: /^Name/, description: `${TEXT_RULE} Only text is required.` })).toBe(name);
  });

  it.each(formNames)('%s: every aria-describedby id exists, and no id is used twice', async (form) => {
    await show(form);
    expect(danglingIds()).toEqual([]);
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });
});
