// @vitest-environment jsdom
/**
 * The CV widget sends a file's name without the characters the server refuses in it (control
 * characters, markup): a visitor whose system allowed such a name still gets the form sent.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Form } from '../../blocks/form/component.tsx';
import { fillFields, renderBlock, stubShowModal } from '../../../tests/helpers/render.tsx';

stubShowModal();

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CV widget', () => {
  it('sends the chosen file with its name cleaned of control characters and markup', async () => {
    const bodies: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        bodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        return new Response('{"status":"accepted","id":"x"}', { status: 202 });
      }),
    );
    await act(async () => {
      renderBlock(<Form form="career" values={{ job_code: 'J-1' }} />);
    });
    await fillFields({
      Name: 'Ada Lovelace',
      Email: 'ada@example.com',
      Mobile: '9876543210',
      'Current Organisation': 'Analytical Engines',
      Role: 'Engineer',
      Experience: '5 years',
      Message: 'I would like to join.',
    });
    fireEvent.click(screen.getByRole('checkbox', { name: "I'm not a robot" }));
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    const cv = document.querySelector<HTMLInputElement>('input[type=file]')!;
    // Before a choice the widget says so in full, in the field's description (the browser's own text is hidden).
    const state = () => document.getElementById(`${cv.id}__file`)?.textContent;
    expect(cv.getAttribute('aria-describedby')?.split(' ')).toContain(`${cv.id}__file`);
    expect(state()).toBe('No file chosen');
    fireEvent.change(cv, { target: { files: [new File(['%PDF-1.4\n'], 'my\r\ncv<b>.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('Selected: mycvb.pdf')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Submit' });
    await waitFor(() => expect(submit.getAttribute('aria-disabled')).toBeNull(), { timeout: 3000 });
    fireEvent.click(submit);
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ resume_filename: 'mycvb.pdf', resume_base64: Buffer.from('%PDF-1.4\n').toString('base64') });
  }, 30_000);
});
