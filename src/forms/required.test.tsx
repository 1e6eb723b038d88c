// @vitest-environment jsdom
/**
 * Every required control is marked in text (a visible `*` at its label, explained by one line
 * "* required" per form) and programmatically (`required`): the captcha, the terms box and the CV
 * input too, not only the typed fields.
 */
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Form } from '../blocks/form/component.tsx';
import { renderBlock } from '../../tests/helpers/render.tsx';
import { formNames } from '../generated/forms/index.ts';

async function show(form: (typeof formNames)[number]) {
  await act(async () => {
    renderBlock(<Form form={form} values={form === 'pdf-download' ? { id: 1 } : form === 'career' ? { job_code: 'X' } : undefined} />);
  });
  await screen.findAllByRole('textbox', {}, { timeout: 8000 });
}

/** The visible text of a control's label(s), the `*` included. */
const labelText = (control: HTMLInputElement) => [...(control.labels ?? [])].map((label) => label.textContent).join(' ');

describe('required controls', { timeout: 30_000 }, () => {
  it('the career form marks its captcha, terms box and CV as required, in text and programmatically', async () => {
    await show('career');
    const controls = [
      screen.getByRole('checkbox', { name: "I'm not a robot" }),
      screen.getByRole('checkbox', { name: /I agree with the terms/ }),
      document.querySelector<HTMLInputElement>('input[type=file]')!,
    ] as HTMLInputElement[];
    for (const control of controls) {
      expect(control.required, control.id).toBe(true);
      expect(labelText(control), control.id).toMatch(/\*/);
    }
  });

  it.each(formNames)(
    '%s: every control marked * is required, every required one is marked, and one line says what * means',
    async (form) => {
      await show(form);
      const controls = [...document.querySelectorAll<HTMLInputElement>('.site-form input:not([type=hidden]), .site-form textarea')].filter(
        (control) => control.labels?.length && !control.closest('[aria-hidden="true"]'),
      );
      expect(controls.length).toBeGreaterThan(0);
      for (const control of controls) expect(labelText(control).includes('*'), control.id).toBe(control.required);
      expect(within(document.querySelector<HTMLElement>('.site-form')!).getAllByText('* required')).toHaveLength(1);
    },
  );
});
