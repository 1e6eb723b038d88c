// @vitest-environment jsdom
/** "New page": the starting blocks go to the planner in the order they were ticked, not the list's (issue 34). */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreatePage, inChosenOrder, shortDescription } from './create-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const blocks = ['accordion', 'banner', 'card-grid', 'form', 'notice'].map((name) => ({ name, description: '' }));

describe('New page', () => {
  it('sends the blocks in the order they were ticked, and says that order', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ errors: ['stop here'] }), { status: 422 }));
    vi.stubGlobal('fetch', fetch);
    render(<CreatePage endpoints={[]} blocks={blocks} layouts={['main']} />);
    fireEvent.change(screen.getByLabelText('Route'), { target: { value: '/industries/tower-companies' } });
    fireEvent.change(screen.getByLabelText('Page title'), { target: { value: 'Tower companies' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'For tower companies:\nleases and billing.' } });
    for (const name of ['banner', 'card-grid', 'notice', 'accordion', 'form']) fireEvent.click(screen.getByRole('checkbox', { name }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'notice' }));
    expect(screen.getByText(/^On the page in this order:/).textContent).toBe(
      'On the page in this order: 1. banner, 2. card-grid, 3. accordion, 4. form',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create page' }));
    await screen.findByText('stop here');
    const body = JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body)) as {
      blocks: string[];
      description: string;
    };
    expect(body.blocks).toEqual(['banner', 'card-grid', 'accordion', 'form']);
    expect(body.description).toBe('For tower companies: leases and billing.');
  });

  it('says what each block is under its name, in one short line (the names alone are technical)', () => {
    const faq = 'Questions that open and close (FAQ), with an optional list of related categories beside them and an optional extra link.';
    render(<CreatePage endpoints={[]} blocks={[{ name: 'accordion', description: faq }]} layouts={['main']} />);
    const box = screen.getByRole('checkbox', { name: 'accordion' });
    expect(
      box
        .getAttribute('aria-describedby')
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent)[0],
    ).toBe('Questions that open and close (FAQ), with an optional list…');
    expect(shortDescription('Full-width page banner. Heading and image.')).toBe('Full-width page banner');
    expect(shortDescription('A menu of sibling pages with icons (e.g. the services), the current one marked.')).toBe(
      'A menu of sibling pages with icons (e.g. the services), the…',
    );
    expect(shortDescription('A single article: category label, title (the page’s h1), date and body.')).toBe(
      'A single article: category label, title (the page’s h1)…',
    );
  });

  it('keeps a block ticked before the page was interactive, last', () => {
    expect(inChosenOrder(['accordion', 'banner', 'form'], ['form', 'banner'])).toEqual(['form', 'banner', 'accordion']);
  });
});
