// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../../tests/helpers/render.tsx';
import { blockComponent } from '../registry.ts';
import { fixture } from './fixture.ts';

// The registry's component: the block's schema defaults apply, as on a page.
const Accordion = await blockComponent('accordion');

describe('accordion', () => {
  it('opens and closes a question by click, announcing its state', () => {
    renderBlock(<Accordion {...fixture} />, '/faq-ccm-platform');
    const question = screen.getByRole('button', { name: 'Which protocols does the gateway support?' });
    expect(question.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Which protocols does the gateway support?' })).toBeNull();
    fireEvent.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('region', { name: 'Which protocols does the gateway support?' }).textContent).toContain('REST, SOAP');
    fireEvent.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps several questions open independently', () => {
    renderBlock(<Accordion {...fixture} openFirst />);
    fireEvent.click(screen.getByRole('button', { name: /workflows/ }));
    expect(screen.getAllByRole('region')).toHaveLength(2);
  });

  it('highlights the category of the current page', () => {
    renderBlock(<Accordion {...fixture} />, '/faq-ccm-platform');
    const nav = screen.getByRole('navigation', { name: 'FAQ topics' });
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('CCM Platform');
    expect(screen.getByRole('link', { name: 'Visit the product wiki (opens in a new tab)' })).toBeTruthy();
  });

  it('leaves out a navigation without links and a link without text: no empty box, no empty landmark (issue 34)', () => {
    const { container } = renderBlock(
      <Accordion
        {...fixture}
        nav={{ links: [{ label: '', href: '/faq-ccm-platform' }] }}
        footerLink={{ label: 'Visit the product wiki', href: '' }}
      />,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(container.querySelector('.accordion--with-nav, .accordion__nav, .accordion__footer')).toBeNull();
    expect(screen.getAllByRole('button')).toHaveLength(fixture.items.length);
  });
});
