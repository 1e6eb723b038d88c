// @vitest-environment jsdom
/** The content field picker: the fields that fit the prop first, each with its type and sample; any other path typed in. */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FieldPicker } from './field-picker.tsx';
import { fields } from '../../tests/helpers/editor-fields.ts';

afterEach(cleanup);

describe('FieldPicker', () => {
  const options = (expected: Parameters<typeof FieldPicker>[0]['expected']) => {
    const { unmount } = render(<FieldPicker label="Content field" fields={fields} expected={expected} onChange={vi.fn()} />);
    const select = screen.getByRole('combobox', { name: 'Content field' });
    const group = (name: string) =>
      within(within(select).getByRole('group', { name }))
        .getAllByRole('option')
        .map((o) => o.textContent);
    const out = { matching: group('Matching fields'), other: group('Other fields') };
    unmount();
    return out;
  };

  it('offers plain text fields first for a text prop, with type and sample; HTML and images among the others', () => {
    const { matching, other } = options({ type: 'string' });
    expect(matching).toEqual([
      'page.page_data.name — string — "About Veltrix"',
      'page.page_data.long — string — "word word word word word word word word…"',
      'page.page_data.tagline — string — "Ahead" (may be missing on the live content service)',
    ]);
    expect(other).toContain('page.page_data.content — HTML — "<p>We build</p>"');
    expect(other).toContain('page.page_data.image — image — "banners/about.svg"');
  });

  it('offers HTML fields first for an HTML prop, image fields for an image prop', () => {
    expect(options({ type: 'string', html: true }).matching[0]).toMatch(/^page\.page_data\.content — HTML/);
    expect(options({ type: 'string', image: true }).matching).toEqual(['page.page_data.image — image — "banners/about.svg"']);
    expect(options({ type: 'integer' }).matching).toEqual(['page.page_data.sort — integer — 3']);
  });

  it('offers only lists for a list, and the lists of content the page does not read yet apart', () => {
    render(
      <FieldPicker
        label="List"
        fields={fields}
        expected={{ list: true }}
        offered={[
          {
            field: { path: 'blogList.list.data', type: 'array' },
            from: '/api/blog_list',
            description: 'Paginated blog cards, newest first (list.data: …)',
          },
        ]}
        onChange={vi.fn()}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'List' });
    const groups = within(select)
      .getAllByRole('group')
      .map((group) => group.getAttribute('label'));
    expect(groups).toEqual(['Matching fields', 'From content this page does not read yet']);
    expect(
      within(select).getByRole('option', { name: /^Paginated blog cards, newest first: blogList\.list\.data — list/ }).textContent,
    ).toBe('Paginated blog cards, newest first: blogList.list.data — list (adds the source /api/blog_list)');
  });

  it('takes a path that is not listed', () => {
    const onChange = vi.fn();
    render(<FieldPicker label="Content field" fields={fields} expected={{ type: 'string' }} onChange={onChange} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Content field' }), { target: { value: '(another path)' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Content field: path' }), { target: { value: 'search.q' } });
    expect(onChange).toHaveBeenLastCalledWith('search.q');
  });
});
