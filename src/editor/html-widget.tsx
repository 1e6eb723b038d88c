/**
 * An HTML prop (an FAQ answer, a rich-text body) edited as formatted text: paragraphs, bold,
 * italic, links and lists, from the toolbar or the usual keys (Ctrl+B, Ctrl+I), with the HTML
 * itself one button away. What it writes is the HTML the site renders: unsafe markup removed
 * (the server sanitises again before a page shows it), <b>/<i> written as <strong>/<em>, the
 * browser's inline styles dropped; any other markup the file has is kept as it is. A paste keeps
 * the pasted text's structure, not its looks (./html-text.ts).
 */
import type { WidgetProps } from '@rjsf/utils';
import DOMPurify from 'dompurify';
import { useLayoutEffect, useRef, useState, type ClipboardEvent } from 'react';
import { pastedHtml, tidyHtml } from './html-text.ts';
import { describedBy, TextareaWidget } from './widgets.tsx';

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
