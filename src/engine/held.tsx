import { useEffect, useState, type HTMLAttributes, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { followLinksWith, inPageLinkOf } from './section-code.ts';
import { useClientRender } from '../client-render.ts';

/**
 * Content that never changes in the browser (a block whose schema says `"x-hydrate": false`, the
 * footer's link columns) keeps its server HTML as it is when the page hydrates (issue 32): React
 * does not hydrate inside an element whose inner HTML it sets, so the first hydration does no work
 * for it and the browser needs none of its code to show it.
 * It is held while `holds` (what it shows: a section's props, a footer column) is the object it
 * hydrated with; a client navigation or revalidation brings a new one from the loader, and from
 * then on it renders as any element. Its links still navigate in the page (useHeldLinks).
 */
export function Held({
  as: Tag = 'div',
  holds,
  children,
  ...attributes
}: { as?: 'div' | 'nav'; holds: unknown; children: ReactNode } & HTMLAttributes<HTMLElement>) {
  const clientRender = useClientRender();
  // Decided at mount: only a hydration has server HTML to keep.
  const [serverContent] = useState(() => (clientRender || typeof document === 'undefined' ? NOT_HELD : holds));
  if (serverContent === holds) return <Tag {...attributes} data-held="" dangerouslySetInnerHTML={SERVER_HTML} suppressHydrationWarning />;
  return (
    <Tag {...attributes} data-held="">
      {children}
    </Tag>
  );
}

const NOT_HELD = Symbol('not held');
/** The same object on every render: React leaves the element's content alone. */
const SERVER_HTML = { __html: '' };

/**
 * Links in held content are plain HTML (no React Link was hydrated): one listener on the document
 * follows the site's own pages with the router, as a Link would (same tab, no modifier key, not
 * handled by someone else); anchors, files and other sites keep the browser's behaviour. The
 * same router follows links in sections still waiting for their code (./section-code.ts).
 */
export function useHeldLinks(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const path = event.target instanceof Element && event.target.closest('[data-held]') ? inPageLinkOf(event) : undefined;
      if (!path) return;
      event.preventDefault();
      void navigate(path);
    };
    document.addEventListener('click', onClick);
    followLinksWith((to) => void navigate(to));
    return () => {
      document.removeEventListener('click', onClick);
      followLinksWith(undefined);
    };
  }, [navigate]);
}
