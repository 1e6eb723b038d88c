// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Form } from '../blocks/form/component.tsx';
import { renderBlock } from '../blocks/test-utils.tsx';

describe('newsletter form', () => {
  it("says 'Official Email required.' and 'Official Email not valid.'", async () => {
    renderBlock(<Form form="newsletter" />);
    const email = await screen.findByLabelText(/^Official Email/, {}, { timeout: 8000 });
    fireEvent.change(email, { target: { value: 'x' } });
    expect(await screen.findByText('Official Email not valid.')).toBeTruthy();
    fireEvent.change(email, { target: { value: '' } });
    expect(await screen.findByText('Official Email required.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subscribe' }).hasAttribute('disabled')).toBe(true);
  });
});
