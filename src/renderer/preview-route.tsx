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
import type { SiteLoadContext } from '../load-context.ts';
import { positionOfKey, type PageData } from './page-data.ts';
import Page, { ErrorBoundary as PageErrorBoundary, meta as pageMeta } from './page-route.tsx';
import type { PreviewMessage } from './editor/types.ts';

// Typed without React Router's typegen on purpose (like catalog-route.tsx): typegen resolves
// routes.ts as a production build does, so it never sees this module.
export function loader({ params, request, context }: LoaderFunctionArgs) {
  const editor = (context as { site: SiteLoadContext }).site.editor;
  if (import.meta.env.PROD || !editor || !params.draft) throw data('Not found', { status: 404 });
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

function useEditorBridge(sections: PageData['sections']) {
  useEffect(() => {
    if (window.parent === window) return;
    const post = (message: PreviewMessage) => window.parent.postMessage(message, window.location.origin);
    const onClick = (event: MouseEvent) => {
      const position = event.target instanceof Element ? positionOf(event.target, sections) : undefined;
      if (position === undefined) return;
      // The preview is for looking: a click picks the section instead of leaving the draft.
      if ((event.target as Element).closest('a, button, summary, label')) event.preventDefault();
      post({ type: 'editor:select', position });
    };
    const onMessage = (event: MessageEvent<PreviewMessage>) => {
      if (event.origin !== window.location.origin || event.data?.type !== 'editor:highlight') return;
      renderedSections().forEach((el, index) => {
        const key = sections[index]?.key;
        const selected = key !== undefined && positionOfKey(key) === event.data.position;
        el.classList.toggle('editor-preview--selected', selected);
        if (selected) el.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
      });
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('message', onMessage);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('message', onMessage);
    };
  }, [sections]);
}

export default function Preview(props: { loaderData: PageData }) {
  useEditorBridge(props.loaderData.sections);
  return (
    <>
      {/* Outline of the section selected in the editor (a dev page: an inline style is fine here). */}
      <style>{'.editor-preview--selected{outline:3px dashed #e2007a;outline-offset:-3px}'}</style>
      <Page {...(props as Parameters<typeof Page>[0])} />
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
