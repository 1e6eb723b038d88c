/**
 * An HTML prop (an FAQ answer, a rich-text body) edited as formatted text: paragraphs, bold,
 * italic, links and lists, from the toolbar or the usual keys (Ctrl+B, Ctrl+I), with the HTML
 * itself one button away. What it writes is the HTML the site renders: unsafe markup removed
 * (the server sanitises again before a page shows it), <b>/<i> written as <strong>/<em>, the
 * browser's inline styles dropped; any other markup the file has is kept as it is. A paste keeps
 * the pasted text's structure, not its looks (`pastedHtml`).
 */
import type { WidgetProps } from '@rjsf/utils';
import DOMPurify from 'dompurify';
import { useLayoutEffect, useRef, useState, type ClipboardEvent } from 'react';
import { describedBy, TextareaWidget } from './widgets.tsx';

const RENAMED: Record<string, string> = { B: 'strong', I: 'em' };
/** Content without text. */
const MEDIA = 'img, iframe, video, audio, hr';

/** The HTML as the prop keeps it; '' when it holds no text (an emptied box leaves `<p><br></p>`). */
export function tidyHtml(html: string): string {
  const fragment = DOMPurify.sanitize(html, { RETURN_DOM_FRAGMENT: true, FORBID_ATTR: ['style'] });
  for (const element of [...fragment.querySelectorAll('b, i, span, font')]) {
    const name = RENAMED[element.tagName];
    if (!name && element.attributes.length) continue;
    const replacement = name ? element.ownerDocument.createElement(name) : element.ownerDocument.createDocumentFragment();
    if (name) for (const attribute of [...element.attributes]) (replacement as Element).setAttribute(attribute.name, attribute.value);
    replacement.append(...element.childNodes);
    element.replaceWith(replacement);
  }
  // Paragraphs and list items left empty (a list made of one, a line just started, Enter twice in
  // a list) are no text of the page; nor is a list left without items.
  for (const element of [...fragment.querySelectorAll('p, li')])
    if (!element.textContent?.trim() && !element.querySelector(MEDIA)) element.remove();
  for (const list of [...fragment.querySelectorAll('ul, ol')]) if (!list.querySelector('li')) list.remove();
  const box = fragment.ownerDocument.createElement('div');
  box.append(fragment);
  return box.textContent?.trim() || box.querySelector(MEDIA) ? box.innerHTML : '';
}

/** What a paste keeps: the text's structure (paragraphs, headings, lists, quotes, links, emphasis). */
const PASTED = {
  ALLOWED_TAGS: ['p', 'br', 'strong', 'em', 'b', 'i', 'a', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote'],
  ALLOWED_ATTR: ['href'],
};

/**
 * HTML pasted from a word processor, a web page or another editor, as the prop keeps it: its
 * structure without its looks (no classes, ids, languages, styles, fonts, Word's <o:p> or
 * comments; a title becomes a section heading). Bold and italic said by a style (Google Docs'
 * spans) are kept as <strong> and <em>; the <b> of normal weight Google Docs wraps a whole paste
 * in is not bold.
 */
export function pastedHtml(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  // The page's own heading is its banner's: a pasted title is a section heading.
  for (const heading of [...body.querySelectorAll('h1, h5, h6')]) {
    const renamed = body.ownerDocument.createElement(heading.tagName === 'H1' ? 'h2' : 'h4');
    renamed.append(...heading.childNodes);
    heading.replaceWith(renamed);
  }
  for (const element of [...body.querySelectorAll<HTMLElement>('[style]')]) {
    const { fontWeight, fontStyle } = element.style;
    const weight = fontWeight === 'bold' ? 700 : fontWeight === 'normal' ? 400 : Number(fontWeight);
    if (element.tagName === 'B' && weight > 0 && weight < 600) {
      element.replaceWith(...element.childNodes);
      continue;
    }
    const wrappers = [
      weight >= 600 && !element.closest('b, strong, h2, h3, h4') && 'strong',
      fontStyle === 'italic' && !element.closest('i, em') && 'em',
    ];
    for (const name of wrappers) {
      if (!name) continue;
      const wrapper = element.ownerDocument.createElement(name);
      wrapper.append(...element.childNodes);
      element.append(wrapper);
    }
  }
  return tidyHtml(DOMPurify.sanitize(body.innerHTML, PASTED));
}

const TOOLS = [
  { label: 'Bold', command: 'bold', keys: 'Control+B' },
  { label: 'Italic', command: 'italic', keys: 'Control+I' },
  { label: 'Bulleted list', command: 'insertUnorderedList' },
  { label: 'Numbered list', command: 'insertOrderedList' },
] as const;

export function HtmlWidget(props: WidgetProps) {
  const { id, value, options, placeholder, disabled, readonly, onChange, onBlur, onFocus } = props;
  const html = typeof value === 'string' ? value : '';
  const [source, setSource] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  // The HTML this box last wrote: a value from elsewhere (undo, a reload) replaces what it shows.
  const written = useRef<string | undefined>(undefined);
  const editable = !disabled && !readonly;

  useLayoutEffect(() => {
    const element = box.current;
    if (!element || html === written.current) return;
    element.innerHTML = DOMPurify.sanitize(html, { FORBID_ATTR: ['style'] });
    written.current = html;
  }, [html, source]);

  const write = () => {
    const next = tidyHtml(box.current?.innerHTML ?? '');
    written.current = next;
    onChange(next === '' ? options.emptyValue : next);
  };
  const apply = (command: string, argument?: string) => {
    box.current?.focus();
    document.execCommand(command, false, argument);
    write();
  };
  const link = () => {
    const selected = window.getSelection()?.toString() ?? '';
    const href = window.prompt('Link address (https://…, /a-page or mailto:…)', 'https://');
    if (!href || href === 'https://') return;
    if (selected) return apply('createLink', href);
    // Nothing selected: the address itself is the link's text.
    const anchor = document.createElement('a');
    anchor.href = href;
    anchor.textContent = href;
    apply('insertHTML', anchor.outerHTML);
  };
  const paste = (event: ClipboardEvent<HTMLDivElement>) => {
    // Pasted text keeps its structure (paragraphs, lists, links, emphasis), never its looks or scripts.
    const pasted = event.clipboardData.getData('text/html');
    if (!pasted) return;
    event.preventDefault();
    apply('insertHTML', pastedHtml(pasted));
  };

  return (
    <div className="editor-html">
      <div className="editor-html__tools" role="toolbar" aria-label="Formatting" aria-controls={id}>
        {TOOLS.map((tool) => (
          <button
            key={tool.command}
            type="button"
            className="editor__button"
            disabled={source || !editable}
            aria-keyshortcuts={'keys' in tool ? tool.keys : undefined}
            // Keeps the selection in the text while the button is pressed.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => apply(tool.command)}
          >
            {tool.label}
          </button>
        ))}
        <button
          type="button"
          className="editor__button"
          disabled={source || !editable}
          onMouseDown={(event) => event.preventDefault()}
          onClick={link}
        >
          Link
        </button>
        <button
          type="button"
          className="editor__button"
          aria-pressed={source}
          onClick={() => {
            // The formatted box is drawn anew: it must show the value, whoever wrote it last.
            written.current = undefined;
            setSource(!source);
          }}
        >
          Edit as HTML
        </button>
      </div>
      {source ? (
        <TextareaWidget {...props} />
      ) : (
        <div
          ref={box}
          id={id}
          className="editor-html__text"
          role="textbox"
          aria-multiline="true"
          aria-labelledby={`${id}__label`}
          aria-describedby={describedBy(props)}
          aria-placeholder={placeholder || undefined}
          aria-readonly={!editable || undefined}
          contentEditable={editable}
          suppressContentEditableWarning
          tabIndex={0}
          onInput={write}
          onPaste={paste}
          onBlur={() => onBlur(id, html)}
          onFocus={() => {
            // A new line is a paragraph (Chromium's default is a <div>).
            document.execCommand?.('defaultParagraphSeparator', false, 'p');
            onFocus(id, html);
          }}
        />
      )}
    </div>
  );
}
