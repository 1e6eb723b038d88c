import { useEffect, useRef, useState, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { usedBeforeHydration } from '../forms/replay.ts';
import { useClientRender } from '../client-render.ts';

/**
 * Server-rendered content whose code loads when the visitor reaches for it (issue 19): pointer,
 * focus, a key or input in it (before the page's code ran, too), or, once the visitor has
 * scrolled (before or after it hydrated), coming within 400 px of the viewport.
 * A page that opens with it in view loads nothing for it until it is used.
 *
 * The server renders the content whole, so it has its final size from the first paint and
 * nothing moves when its code arrives; until then it is the server HTML the visitor sees and
 * types in (the form replays what was typed once hydrated, ../forms/replay.ts). The page's root
 * keeps that HTML as it is (an element whose inner HTML React sets is not hydrated inside) and
 * the content hydrates later in a React root of its own, on the same DOM nodes: focus, caret,
 * typed text and chosen files stay. Being outside the page's root, nothing waits for it: a
 * navigation started meanwhile does not wait for this code (a held Suspense boundary of the page's
 * root would make it wait). The content therefore must not read the page's contexts: what it needs
 * is provided inside `children`.
 *
 * Mounted after the page's first hydration (a client navigation), there is no server HTML:
 * `children` render at once, as any block.
 */
export function ReachIsland({ className, children }: { className?: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  // Decided once, at mount: only a hydration has server HTML to keep.
  const clientRender = useClientRender();
  const [held] = useState(!clientRender && typeof document !== 'undefined');
  const root = useRef<Root | null>(null);
  // The content as first rendered: it hydrates against the server HTML of that. It is not updated
  // afterwards (an update before hydration ends would make React throw the server HTML away):
  // key the island by what it shows, so other content is a new island.
  const [content] = useState(() => children);

  useEffect(() => {
    const element = box.current;
    if (!held || !element) return;
    let observer: IntersectionObserver | undefined;
    const stop = () => {
      for (const type of REACH) element.removeEventListener(type, reach);
      window.removeEventListener('scroll', watch);
      observer?.disconnect();
    };
    // Hydrating at once, before the code is here: React then holds back the events aimed at the
    // content (a click on a widget) and replays them once it has hydrated, so none is lost. (It
    // stops their propagation meanwhile: page-wide listeners listen in the capture phase.)
    function reach() {
      if (root.current || !element) return;
      stop();
      root.current = hydrateRoot(element, content);
    }
    function watch() {
      observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && reach(), {
        rootMargin: '400px',
      });
      observer.observe(element!);
    }
    for (const type of REACH) element.addEventListener(type, reach, { passive: true });
    // Hydrated once the visitor has scrolled (its section waited for its code until it came near,
    // src/engine/section-code.ts): it watches at once; a page opening with it in view waits for a scroll.
    if (window.scrollY > 0) watch();
    else window.addEventListener('scroll', watch, { once: true, passive: true });
    // Reached for before the page's code ran: focus is in it, something was typed or chosen, or a field was left.
    if (element.contains(document.activeElement) || usedBeforeHydration(element)) reach();
    return () => {
      stop();
      const live = root.current;
      root.current = null;
      // Not while the page's root is committing.
      if (live) setTimeout(() => live.unmount(), 0);
    };
  }, [held, content]);

  if (!held) return <div className={className}>{children}</div>;
  return <div ref={box} className={className} dangerouslySetInnerHTML={SERVER_HTML} suppressHydrationWarning />;
}

/** What counts as reaching for the content, besides scrolling near it (input: autofill). */
const REACH = ['pointerdown', 'focusin', 'keydown', 'input'] as const;

/** The same object on every render: React leaves the element's content alone. */
const SERVER_HTML = { __html: '' };
