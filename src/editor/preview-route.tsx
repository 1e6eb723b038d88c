/**
 * The page editor's live preview (development only, see src/routes.ts):
 *   /__preview/<draft>/<path>   the page a draft definition makes at <path>, rendered by the
 *                               page route's own component from the same page loader, with live
 *                               content; nothing is saved.
 * Inside the editor's frame, a click on a section selects it in the outline (postMessage to the
 * parent) instead of following links, and the editor's selection is outlined here.
 */
import { useEffect } from 'react';
import { data, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { blockNames, loadBlocks } from '../blocks/registry.ts';
import type { SiteLoadContext } from '../load-context.ts';
import { positionOfKey, type LeftOutSection, type PageData } from '../engine/page-data.ts';
import Page, { ErrorBoundary as PageErrorBoundary, meta as pageMeta } from '../engine/page-route.tsx';
import { pathsOfText } from './inline.ts';
import type { PreviewMessage } from './types.ts';

// Typed without React Router's typegen on purpose (like catalog-route.tsx): typegen resolves
// routes.ts as a production build does, so it never sees this module.
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const editor = (context as { site: SiteLoadContext }).site.editor;
  if (import.meta.env.PROD || !editor || !params.draft) throw data('Not found', { status: 404 });
  await loadBlocks(blockNames);
  return editor.preview(params.draft, request);
}

export function meta(args: MetaArgs) {
  return [...(pageMeta(args as Parameters<typeof pageMeta>[0]) ?? []), { name: 'robots', content: 'noindex' }];
}

/** The sections' elements in render order (Sections wraps each in one .block). */
function renderedSections(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('main .block')].filter((el) => !el.parentElement?.closest('.block'));
}

/** A rendered section's position in the definition: its loader key starts with it. */
function positionOf(element: Element, sections: PageData['sections']): number | undefined {
  let block = element.closest<HTMLElement>('.block');
  while (block?.parentElement?.closest('.block')) block = block.parentElement.closest<HTMLElement>('.block');
  const key = block ? sections[renderedSections().indexOf(block)]?.key : undefined;
  return key === undefined ? undefined : positionOfKey(key);
}

const post = (message: PreviewMessage) => window.parent.postMessage(message, window.location.origin);

function useEditorBridge(sections: PageData['sections'], leftOut: LeftOutSection[]) {
  useEffect(() => {
    // The editor marks these in its outline: a section that is not shown never just vanishes.
    if (window.parent !== window) post({ type: 'editor:left-out', sections: leftOut });
  }, [leftOut]);
  useEffect(() => {
    if (window.parent === window) return;
    const onClick = (event: MouseEvent) => {
      const position = event.target instanceof Element ? positionOf(event.target, sections) : undefined;
      if (position === undefined) return;
      // The preview is for looking: a click picks the section instead of leaving the draft.
      if ((event.target as Element).closest('a, button, summary, label')) event.preventDefault();
      post({ type: 'editor:select', position });
    };
    // Inline editing (editor/inline.ts): a double-click asks the editor which prop shows the text.
    let asked: { element: HTMLElement; position: number } | undefined;
    const onDoubleClick = (event: MouseEvent) => {
      const element = event.target instanceof HTMLElement ? event.target : undefined;
      const position = element ? positionOf(element, sections) : undefined;
      const text = element?.textContent?.trim();
      if (!element || position === undefined || !text || element.isContentEditable) return;
      event.preventDefault();
      const props = sections.find((section) => positionOfKey(section.key) === position)?.props;
      asked = { element, position };
      post({ type: 'editor:inline', position, text, shownAt: pathsOfText(props, text).map((path) => [...path]) });
    };
    const edit = (element: HTMLElement, position: number, pointer: string) => {
      const before = element.textContent ?? '';
      element.contentEditable = 'plaintext-only';
      element.classList.add('editor-preview--editing');
      element.focus();
      getSelection()?.selectAllChildren(element);
      const finish = (commit: boolean) => {
        element.removeEventListener('keydown', onKey);
        element.removeEventListener('blur', onBlur);
        element.removeAttribute('contenteditable');
        element.classList.remove('editor-preview--editing');
        const value = (element.textContent ?? '').trim();
        if (!commit || !value) element.textContent = before;
        else if (value !== before.trim()) post({ type: 'editor:inline-commit', position, pointer, value });
        post({ type: 'editor:inline-end' });
      };
      const onKey = (event: KeyboardEvent) => {
        if (event.key === 'Enter' || event.key === 'Escape') {
          event.preventDefault();
          finish(event.key === 'Enter');
        }
      };
      const onBlur = () => finish(true);
      element.addEventListener('keydown', onKey);
      element.addEventListener('blur', onBlur);
    };
    const onMessage = (event: MessageEvent<PreviewMessage>) => {
      const message = event.data;
      if (event.origin !== window.location.origin) return;
      if (message?.type === 'editor:inline-open' && asked?.position === message.position) {
        edit(asked.element, message.position, message.pointer);
        asked = undefined;
        return;
      }
      if (message?.type !== 'editor:highlight') return;
      renderedSections().forEach((el, index) => {
        const key = sections[index]?.key;
        const selected = key !== undefined && positionOfKey(key) === message.position;
        el.classList.toggle('editor-preview--selected', selected);
        // Brought into view only when none of it is in view: a section clicked in the preview (or
        // partly shown) stays where it is, so the second click of a double-click lands on the same
        // text (it scrolled by 472 px under the pointer).
        const box = el.getBoundingClientRect();
        if (selected && (box.bottom <= 0 || box.top >= window.innerHeight)) el.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
      });
    };
    document.addEventListener('click', onClick, true);
    document.addEventListener('dblclick', onDoubleClick, true);
    window.addEventListener('message', onMessage);
    return () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('dblclick', onDoubleClick, true);
      window.removeEventListener('message', onMessage);
    };
  }, [sections]);
}

const NO_SECTION: LeftOutSection[] = [];

/** What the page leaves out, said above it (a dev page: inline styles are fine here). */
function LeftOut({ sections }: { sections: LeftOutSection[] }) {
  if (!sections.length) return null;
  return (
    <aside
      aria-label="Sections not shown"
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 1000,
        padding: '0.5rem 1rem',
        background: '#fff4d6',
        borderBottom: '2px solid #b25e00',
        color: '#1b2433',
        font: '14px/1.4 system-ui, sans-serif',
      }}
    >
      <strong>Not shown on this page:</strong>
      <ul style={{ margin: '0.25rem 0 0', paddingLeft: '1.25rem' }}>
        {sections.map((section) => (
          <li key={section.position}>
            Section {section.position + 1} ({section.block}): {section.reason}.
          </li>
        ))}
      </ul>
    </aside>
  );
}

/**
 * The site's cookie notice is answered ("deny") for the preview frames only: the preview is the
 * editor's view of a draft, not a visit, and the notice (fixed at the bottom right, up to half the
 * window) covered the sections being edited. A session cookie with path /__preview, set before
 * the page's code runs (the notice reads it when it hydrates): the site's own pages, in this dev
 * server too, still ask, and "deny" keeps the preview out of the Web Vitals reporting.
 */
function ConsentForPreview({ cookieName }: { cookieName?: string }) {
  if (!cookieName) return null;
  const cookie = JSON.stringify(`${cookieName}=deny; path=/__preview; SameSite=Lax`).replace(/</g, '\\u003c');
  return <script dangerouslySetInnerHTML={{ __html: `document.cookie=${cookie};` }} />;
}

export default function Preview(props: { loaderData: PageData }) {
  const leftOut = props.loaderData.leftOut ?? NO_SECTION;
  useEditorBridge(props.loaderData.sections, leftOut);
  return (
    <>
      <ConsentForPreview cookieName={props.loaderData.chrome?.cookieConsent?.cookieName} />
      {/* Outline of the section selected in the editor (a dev page: an inline style is fine here). */}
      <style>
        {'.editor-preview--selected{outline:3px dashed #e2007a;outline-offset:-3px}' +
          '.editor-preview--editing{outline:3px solid #e2007a;outline-offset:2px;background:#fff;color:#1b2433;cursor:text}'}
      </style>
      <LeftOut sections={leftOut} />
      <Page {...(props as Parameters<typeof Page>[0])} />
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
