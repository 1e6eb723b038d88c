import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import type { PageData } from '../page-data.ts';

/** False until the first page of this document has run its effects. */
let hydrated = false;

/**
 * On a page whose definition has "scrollTo", scroll to that section, leaving `offset` px for the
 * sticky header: after a client-side navigation, and on a direct load too unless the visitor (or
 * the browser restoring a reload) has already scrolled. Runs once the content is rendered (no
 * fixed delay); back/forward keeps the restored position.
 */
export function useScrollToSection(target: PageData['scrollTo']) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const section = target?.section;
  const offset = target?.offset ?? 72;
  useEffect(() => {
    const firstLoad = !hydrated;
    hydrated = true;
    if (!section || location.hash) return;
    // The document's own first load also counts as POP: tell it from back/forward by "first".
    if (firstLoad ? window.scrollY > 0 : navigationType === 'POP') return;
    const element = document.getElementById(section);
    if (!element) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    window.scrollTo({ top: element.getBoundingClientRect().top + window.scrollY - offset, behavior: reduced ? 'auto' : 'smooth' });
  }, [location.key, location.hash, navigationType, section, offset]);
}
