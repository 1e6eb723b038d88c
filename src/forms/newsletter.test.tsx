// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Form } from '../blocks/form/component.tsx';
import { renderBlock } from '../../tests/helpers/render.tsx';

describe('newsletter form', () => {
  it("says 'Official Email required.' and 'Official Email not valid.'", async () => {
    renderBlock(<Form form="newsletter" />);
    const email = await screen.findByLabelText(/^Official Email/, {}, { timeout: 8000 });
    // At the field (the still-needed list next to the button repeats them).
    const at = within(email.closest<HTMLElement>('.form-field')!);
    fireEvent.change(email, { target: { value: 'x' } });
    expect(await at.findByText('Official Email not valid.')).toBeTruthy();
    fireEvent.change(email, { target: { value: '' } });
    expect(await at.findByText('Official Email required.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subscribe' }).getAttribute('aria-disabled')).toBe('true');
  });
});
