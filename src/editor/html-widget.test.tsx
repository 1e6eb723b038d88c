// @vitest-environment jsdom
/** An HTML prop in the section editor: formatted text, its HTML one button away (./html-widget.tsx). */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blockInfos } from './api/schemas.ts';
import { loadSchemas } from '../../tools/lib/project.ts';
import { SchemaStore } from '../engine/schema-store.ts';
import { SectionEditor } from '../../tests/helpers/section-editor.tsx';
import { tidyHtml } from './html-text.ts';
import type { SectionDraft } from './types.ts';
import { fields } from '../../tests/helpers/editor-fields.ts';

afterEach(cleanup);

const blocks = Object.fromEntries(
  (await blockInfos(new SchemaStore(await loadSchemas()))).map((info) => [info.name, { ...info, fixture: {} }]),
);
const last = (mock: ReturnType<typeof vi.fn>) => mock.mock.calls.at(-1)?.[0] as unknown;

function edit(initial: SectionDraft) {
  const onChange = vi.fn();
  render(<SectionEditor initial={initial} block={blocks[initial.block]} fields={fields} onChange={onChange} />);
  return onChange;
}

/** What a visitor's typing leaves in the box, as the browser tells it: the box's content, then an input event. */
function type(box: HTMLElement, html: string) {
  box.innerHTML = html;
  fireEvent.input(box);
}

describe('an HTML prop', () => {
  it('is a text box named by its label, showing the text formatted, with unsafe markup left out', () => {
    edit({ block: 'rich-text', html: '<p>Founded in <b>2009</b>.</p><img src="x" onerror="alert(1)"><script>alert(2)</script>' });
    const box = screen.getByRole('textbox', { name: 'HTML' });
    expect(box.getAttribute('contenteditable')).toBe('true');
    expect(box.textContent).toBe('Founded in 2009.');
    expect(box.querySelector('b')?.textContent).toBe('2009');
    expect(box.innerHTML).not.toMatch(/onerror|script/);
    // Its help is on the page (the schema's description).
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toMatch(/^Formatted text in HTML/);
    const tools = within(screen.getByRole('toolbar', { name: 'Formatting' }));
    expect(tools.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Bold',
      'Italic',
      'Bulleted list',
      'Numbered list',
      'Link',
      'Edit as HTML',
    ]);
  });

  it('writes what was typed as the site keeps it: <strong> and <em>, no inline styles; emptied, the prop is left out', () => {
    const onChange = edit({ block: 'rich-text', html: '<p>Founded in 2009.</p>' });
    const box = screen.getByRole('textbox', { name: 'HTML' });
    type(
      box,
      '<p>Founded in <b>2009</b>, <i>here</i>.</p><p><span style="font-size: 13px">Since then</span> <a href="/about" class="more">more</a></p>',
    );
    expect(last(onChange)).toEqual({
      block: 'rich-text',
      html: '<p>Founded in <strong>2009</strong>, <em>here</em>.</p><p>Since then <a href="/about" class="more">more</a></p>',
    });
    type(box, '<p><br></p>');
    expect(last(onChange)).toEqual({ block: 'rich-text' });
  });

  it('shows its HTML to edit as text and back, the same value either way', () => {
    const onChange = edit({ block: 'rich-text', html: '<p>Founded in 2009.</p>' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit as HTML', pressed: false }));
    const source = screen.getByRole('textbox', { name: 'HTML' });
    expect(source.tagName).toBe('TEXTAREA');
    expect((source as HTMLTextAreaElement).value).toBe('<p>Founded in 2009.</p>');
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveProperty('disabled', true);
    fireEvent.change(source, { target: { value: '<p>Founded in <em>2009</em>.</p>' } });
    expect(last(onChange)).toEqual({ block: 'rich-text', html: '<p>Founded in <em>2009</em>.</p>' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit as HTML', pressed: true }));
    expect(screen.getByRole('textbox', { name: 'HTML' }).innerHTML).toBe('<p>Founded in <em>2009</em>.</p>');
    // Typed here, then looked at as HTML and back without a change: still there.
    type(screen.getByRole('textbox', { name: 'HTML' }), '<p>Founded in 2010.</p>');
    fireEvent.click(screen.getByRole('button', { name: 'Edit as HTML', pressed: false }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit as HTML', pressed: true }));
    expect(screen.getByRole('textbox', { name: 'HTML' }).innerHTML).toBe('<p>Founded in 2010.</p>');
  });
});

describe('a paste', () => {
  // What Word puts on the clipboard for a heading, a paragraph with bold, a link and a list item
  // (its classes, language spans, <o:p> and conditional comments), and what Google Docs puts there.
  const WORD =
    '<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><meta charset="utf-8"><style>p.MsoNormal{margin:0}</style></head>' +
    '<body><!--StartFragment--><h1 class="MsoTitle">Our network</h1><p class="MsoNormal"><span lang="EN-GB" style="font-family:Calibri">Towers in <b>12</b> countries, ' +
    '<a href="https://example.com/map" class="MsoHyperlink" id="map">see the map</a>.<o:p></o:p></span></p>' +
    '<ul><li class="MsoListParagraph" style="mso-list:l0 level1 lfo1">Fibre</li></ul><!--EndFragment--></body></html>';
  const DOCS =
    '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1a2b"><p dir="ltr" style="line-height:1.38">' +
    '<span style="font-size:11pt;font-weight:400">Uptime of </span><span style="font-weight:700">99.99 %</span>' +
    '<span style="font-style:italic"> on average</span></p></b>';

  function paste(html: string) {
    const onChange = edit({ block: 'rich-text', html: '<p>Intro.</p>' });
    const box = screen.getByRole('textbox', { name: 'HTML' });
    // jsdom has no editing commands: the browser's insertHTML, at the end of the box.
    document.execCommand = (command: string, _ui?: boolean, value?: string) => {
      if (command !== 'insertHTML') return false;
      box.insertAdjacentHTML('beforeend', value ?? '');
      return true;
    };
    fireEvent.paste(box, { clipboardData: { getData: (type: string) => (type === 'text/html' ? html : '') } });
    return last(onChange);
  }

  it("keeps the pasted text's structure and emphasis, not its looks (Word)", () => {
    expect(paste(WORD)).toEqual({
      block: 'rich-text',
      html: '<p>Intro.</p><h2>Our network</h2><p>Towers in <strong>12</strong> countries, <a href="https://example.com/map">see the map</a>.</p><ul><li>Fibre</li></ul>',
    });
  });

  it("makes Word's lists real lists, without their bullets and numbers", () => {
    const item = (list: string, marker: string, text: string) =>
      `<p class="MsoListParagraphCxSpMiddle" style="text-indent:-18.0pt;mso-list:${list} level1 lfo1"><!--[if !supportLists]-->` +
      `<span style="font-family:Symbol"><span style="mso-list:Ignore">${marker}<span style="font:7.0pt &quot;Times New Roman&quot;">&nbsp;&nbsp;&nbsp; </span></span></span>` +
      `<!--[endif]-->${text}<o:p></o:p></p>`;
    const word = [
      '<p class="MsoNormal">Our services:</p>',
      item('l0', '·', 'Operation'),
      item('l0', '·', '<b>Assurance</b>'),
      '<p class="MsoNormal">Steps:</p>',
      item('l1', '1.', 'Plan'),
      item('l1', '2.', 'Migrate'),
    ].join('\n');
    expect(paste(word)).toEqual({
      block: 'rich-text',
      html: '<p>Intro.</p><p>Our services:</p><ul><li>Operation</li><li><strong>Assurance</strong></li></ul><p>Steps:</p><ol><li>Plan</li><li>Migrate</li></ol>',
    });
  });

  it("keeps bold and italic said by a style, and nothing else of Google Docs' markup", () => {
    expect(paste(DOCS)).toEqual({
      block: 'rich-text',
      html: '<p>Intro.</p><p>Uptime of <strong>99.99 %</strong><em> on average</em></p>',
    });
  });
});

describe('tidyHtml', () => {
  it('keeps the markup it does not write itself, and media without text', () => {
    expect(tidyHtml('<h3 id="x">Title</h3><ul><li>One</li></ul><table><tbody><tr><td>1</td></tr></tbody></table>')).toBe(
      '<h3 id="x">Title</h3><ul><li>One</li></ul><table><tbody><tr><td>1</td></tr></tbody></table>',
    );
    expect(tidyHtml('<p><img src="/a.png" alt="A"></p>')).toBe('<p><img src="/a.png" alt="A"></p>');
    expect(tidyHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(tidyHtml('  ')).toBe('');
    // What Chromium leaves around a paragraph made a list.
    expect(tidyHtml('<p>Intro</p><p></p><ul><li>First point</li></ul><p><br></p>')).toBe('<p>Intro</p><ul><li>First point</li></ul>');
    // Enter pressed in a list: empty items, and a list of nothing but those.
    expect(tidyHtml('<ul><li>One</li><li><br></li></ul><ol><li><br></li></ol><p>End</p>')).toBe('<ul><li>One</li></ul><p>End</p>');
  });
});
