import { useState, type HTMLAttributes, type ReactNode } from 'react';
import { useClientRender } from '../client-render.ts';

/**
 * Content that never changes in the browser (a block whose schema says `"x-hydrate": false`, the
 * footer's link columns) keeps its server HTML as it is when the page hydrates (issue 32): React
 * does not hydrate inside an element whose inner HTML it sets, so the first hydration does no work
 * for it and the browser needs none of its code to show it.
 * It is held while `holds` (what it shows: a section's props, a footer column) is the object it
 * hydrated with; a client navigation or revalidation brings a new one from the loader, and from
 * then on it renders as any element. Its links still navigate in the page
 * (every site link is a plain <a> the router follows: ./chrome/site-links.ts).
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
