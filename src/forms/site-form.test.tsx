// @vitest-environment jsdom
/**
 * Nothing a visitor types is lost: no field truncates (a count and the SPEC message show instead),
 * and a disabled submit button says what is still missing.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Form } from '../blocks/form/component.tsx';
import { field, fillFields, renderBlock } from '../../tests/helpers/render.tsx';

/**
 * Pastes as a browser does: a `maxlength` on the control cuts the pasted text at the limit
 * (jsdom does not, so this applies it), then the control reports its new value.
 */
function paste(control: HTMLInputElement | HTMLTextAreaElement, text: string) {
  const room = control.maxLength >= 0 ? Math.max(0, control.maxLength - control.value.length) : Infinity;
  fireEvent.change(control, { target: { value: control.value + text.slice(0, room) } });
}

/** Renders a form and lets its module and definition load (the form suspends meanwhile). */
async function show(ui: ReactElement) {
  await act(async () => {
    renderBlock(ui);
  });
}

const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

/** The box of one field: its label, control and messages (the still-needed list repeats them elsewhere). */
const at = (control: HTMLElement) => within(control.closest<HTMLElement>('.form-field')!);

describe('no field truncates what a visitor pastes', () => {
  it("a 250-character message is kept whole, with 'Not more than 200.' and the count '250 / 200'", async () => {
    await show(<Form form="contact" />);
    const message = (await field('Message')) as HTMLTextAreaElement;
    paste(message, 'a'.repeat(250));
    expect(message.value).toHaveLength(250);
    expect(message.hasAttribute('maxlength')).toBe(false);
    expect(await at(message).findByText('Not more than 200.')).toBeTruthy();
    expect(screen.getByText('250 / 200')).toBeTruthy();
    expect(message.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(message)).toContain('Not more than 200.');
    expect(describedBy(message)).toContain('250 / 200');
  });

  it('shows the count once within 20% of the limit and announces it politely after a pause', async () => {
    await show(<Form form="contact" />);
    const message = (await field('Message')) as HTMLTextAreaElement;
    fireEvent.change(message, { target: { value: 'a'.repeat(159) } });
    await waitFor(() => expect(message.value).toHaveLength(159));
    expect(screen.queryByText('159 / 200')).toBeNull();
    fireEvent.change(message, { target: { value: 'a'.repeat(183) } });
    expect(await screen.findByText('183 / 200')).toBeTruthy();
    expect(describedBy(message)).toContain('183 / 200');
    // No error below the limit.
    expect(screen.queryByText('Not more than 200.')).toBeNull();
    const live = message.closest('.form-field')!.querySelector('[aria-live="polite"].visually-hidden')!;
    await waitFor(() => expect(live.textContent).toBe('183 of 200 characters'), { timeout: 3000 });
  });

  it('other capped text fields take the whole text too (name, 100)', async () => {
    await show(<Form form="contact" />);
    const name = (await field('Name')) as HTMLInputElement;
    paste(name, 'b'.repeat(120));
    expect(name.value).toHaveLength(120);
    expect(await at(name).findByText('Not more than 100.')).toBeTruthy();
    expect(screen.getByText('120 / 100')).toBeTruthy();
  });

  it('a pasted mobile number keeps every digit and says when it is not 10 digits', async () => {
    await show(<Form form="contact" />);
    const mobile = (await field('Mobile')) as HTMLInputElement;
    paste(mobile, '+91 98765 43210');
    expect(mobile.value).toBe('919876543210');
    expect(mobile.hasAttribute('maxlength')).toBe(false);
    expect(await at(mobile).findByText('Phone Number require minimum 10 digit.')).toBeTruthy();
  });
});

/** The items of the "Still needed" list in a submit button's description. */
const stillNeeded = (submit: HTMLElement) =>
  (submit.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .flatMap((id) => [...(document.getElementById(id)?.querySelectorAll('li') ?? [])])
    .map((item) => item.textContent);

describe("SPEC §4: errors show once a field is touched or changed (the footer's 'Get in touch' form)", () => {
  const REQUIRED_MESSAGES = ['Email required.', 'Phone Number is required.', 'Message is required.'];

  it('after typing only the name, the list names the untouched fields by their labels and no field error shows', async () => {
    await show(<Form form="footer-contact" />);
    fireEvent.change(await field('Name'), { target: { value: 'Ada Lovelace' } });
    const submit = screen.getByRole('button', { name: 'Submit' });
    // Each listed name is the label the form shows for that field.
    for (const label of ['Email', 'Mobile', 'Message']) expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeTruthy();
    await waitFor(() => expect(stillNeeded(submit)).toEqual(['Email', 'Mobile', 'Message', 'Captcha', 'Terms and conditions']));
    expect(describedBy(submit)).toContain('Still needed:');
    expect(submit.getAttribute('aria-disabled')).toBe('true');
    for (const message of REQUIRED_MESSAGES) expect(screen.queryByText(message)).toBeNull();
    for (const label of ['Email', 'Mobile', 'Message']) expect((await field(label)).hasAttribute('aria-invalid')).toBe(false);
  });

  it("focusing Email and leaving it empty shows 'Email required.' at Email and in the list; the others stay named", async () => {
    await show(<Form form="footer-contact" />);
    fireEvent.change(await field('Name'), { target: { value: 'Ada Lovelace' } });
    const email = await field('Email');
    act(() => email.focus());
    act(() => email.blur());
    const submit = screen.getByRole('button', { name: 'Submit' });
    await waitFor(() => expect(describedBy(email)).toContain('Email required.'));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.closest('.form-field')!.textContent).toContain('Email required.');
    await waitFor(() => expect(stillNeeded(submit)).toEqual(['Email required.', 'Mobile', 'Message', 'Captcha', 'Terms and conditions']));
    expect(screen.queryByText('Phone Number is required.')).toBeNull();
    expect(screen.queryByText('Message is required.')).toBeNull();
  });
});

describe('a submit attempt while the form is invalid (a script or assistive technology can submit past the disabled button)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('counts every field as touched: each shows its message once, the list names them in SPEC words, nothing is sent, a fix clears its message', async () => {
    await show(<Form form="footer-contact" />);
    fireEvent.change(await field('Name'), { target: { value: 'Ada Lovelace' } });
    const email = await field('Email');
    fireEvent.change(email, { target: { value: 'Not@Valid' } });
    const submit = screen.getByRole('button', { name: 'Submit' });
    await waitFor(() => expect(stillNeeded(submit)).toEqual(['Email not valid.', 'Mobile', 'Message', 'Captcha', 'Terms and conditions']));
    const posted = vi.spyOn(globalThis, 'fetch');
    fireEvent.submit(submit.closest('form')!);
    await waitFor(() =>
      expect(stillNeeded(submit)).toEqual([
        'Email not valid.',
        'Phone Number is required.',
        'Message is required.',
        'The form must be filled out',
        'Check is required.',
      ]),
    );
    expect(posted).not.toHaveBeenCalled();
    const shownAt = (control: HTMLElement) =>
      [...control.closest('.form-field')!.querySelectorAll('.form-error')].map((p) => p.textContent);
    expect(shownAt(email)).toEqual(['Email not valid.']);
    expect(shownAt(await field('Mobile'))).toEqual(['Phone Number is required.']);
    expect(shownAt(await field('Message'))).toEqual(['Message is required.']);
    expect(shownAt(screen.getByRole('checkbox', { name: /I agree/ }))).toEqual(['Check is required.']);

    fireEvent.change(email, { target: { value: 'ada@example.com' } });
    await waitFor(() => expect(stillNeeded(submit)).not.toContain('Email not valid.'));
    expect(shownAt(email)).toEqual([]);
    expect(email.hasAttribute('aria-invalid')).toBe(false);
  });
});

describe('a disabled submit button says what is still missing', () => {
  const fillCareerText = () =>
    fillFields({
      Name: 'Ada Lovelace',
      Email: 'ada@example.com',
      Mobile: '9876543210',
      'Current Organisation': 'Analytical Engines',
      Role: 'Engineer',
      Experience: '5 years',
      Message: 'I would like to join.',
    });

  it('career: with every text field valid, the CV, captcha and terms are listed by short labels next to the button, by their messages once touched', async () => {
    await show(<Form form="career" values={{ job_code: 'J-1' }} />);
    const submit = () => screen.getByRole('button', { name: 'Submit' });
    await field('Name');
    // Nothing touched yet: no list of errors, only the general hint.
    expect(describedBy(submit())).toContain('Fill in every required field to send.');

    await fillCareerText();
    const hint = () =>
      document.getElementById(
        submit()
          .getAttribute('aria-describedby')!
          .split(' ')
          .find((id) => id.endsWith('-hint'))!,
      )!;
    await waitFor(() =>
      expect(
        within(hint())
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['CV', 'Captcha', 'Terms and conditions']),
    );
    expect(submit().getAttribute('aria-disabled')).toBe('true');
    expect(describedBy(submit())).toContain('CV');
    // Their messages show once they are touched or changed (SPEC §4), not before.
    expect(describedBy(submit())).not.toContain('Please upload your resume.');
    // The button sits next to the list.
    expect(submit().parentElement!.contains(hint())).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: "I'm not a robot" }));
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await waitFor(() =>
      expect(
        within(hint())
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['CV']),
    );

    // Focused and left without a file: its message, once (the hidden file name it fills says the same).
    const cv = document.querySelector<HTMLInputElement>('input[type=file]')!;
    act(() => cv.focus());
    act(() => cv.blur());
    await waitFor(() =>
      expect(
        within(hint())
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Please upload your resume.']),
    );

    fireEvent.change(cv, { target: { files: [new File(['%PDF-1.4\n'], 'cv.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(submit().getAttribute('aria-disabled')).toBeNull(), { timeout: 3000 });
    expect(within(hint()).queryAllByRole('listitem')).toEqual([]);
  });

  it('a field left out (never touched) is listed once everything touched is valid', async () => {
    await show(<Form form="partner" />);
    fireEvent.change(await field('Name'), { target: { value: 'Ada Lovelace' } });
    fireEvent.change(await field('Message'), { target: { value: 'We resell towers.' } });
    const submit = screen.getByRole('button', { name: 'Submit' });
    // By its label: SPEC's 'Email required.' shows only once Email is touched.
    await waitFor(() => expect(stillNeeded(submit)).toEqual(['Email', 'Captcha']));
    expect(screen.queryByText('Email required.')).toBeNull();
    expect(describedBy(submit)).toContain('Still needed:');
    expect(submit.getAttribute('aria-disabled')).toBe('true');
  });

  it('while a field shows its error, the hint points to it and the list has its message with the rest', async () => {
    await show(<Form form="partner" />);
    fireEvent.change(await field('Name'), { target: { value: 'Ada Lovelace' } });
    const email = await field('Email');
    fireEvent.change(email, { target: { value: 'Not@Valid' } });
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(await at(email).findByText('Email not valid.')).toBeTruthy();
    await waitFor(() => expect(describedBy(submit)).toContain('Correct the fields marked above to send.'));
    expect(stillNeeded(submit)).toEqual(['Email not valid.', 'Message', 'Captcha']);
    fireEvent.change(email, { target: { value: 'ada@example.com' } });
    await waitFor(() => expect(stillNeeded(submit)).toEqual(['Message', 'Captcha']));
    expect(describedBy(submit)).not.toContain('Correct the fields marked above');
  });
});

describe('what the form says to a screen reader (issue 35, WCAG 3.3.1 and 4.1.3)', () => {
  /** The text of every live region of the form. */
  const spoken = () => [...document.querySelectorAll('.site-form [aria-live]')].map((live) => live.textContent ?? '').filter(Boolean);

  it("a format error is not said at each key; it is said once, with the field's label, when the visitor leaves the field", async () => {
    await show(<Form form="footer-contact" />);
    const email = await field('Email');
    act(() => email.focus());
    fireEvent.change(email, { target: { value: 'j' } });
    expect(await at(email).findByText('Email not valid.')).toBeTruthy();
    expect(spoken()).toEqual([]);
    fireEvent.change(email, { target: { value: 'jo' } });
    expect(spoken()).toEqual([]);
    act(() => email.blur());
    await waitFor(() => expect(spoken().map((text) => text.trim())).toEqual(['Email: Email not valid.']));
    // Back in the field and out again, the same message: nothing new is said.
    act(() => email.focus());
    act(() => email.blur());
    expect(spoken().map((text) => text.trim())).toEqual(['Email: Email not valid.']);
  });
});
