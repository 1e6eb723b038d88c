import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import type { PageData } from '../page-data.ts';

/**
 * After a client-side navigation to a page whose definition has "scrollTo", scroll to that
 * section, leaving `offset` px for the sticky header. Runs once the new content is rendered
 * (no fixed delay); back/forward keeps the restored position.
 */
export function useScrollToSection(target: PageData['scrollTo']) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const section = target?.section;
  const offset = target?.offset ?? 72;
  useEffect(() => {
    if (!section || navigationType === 'POP' || location.hash) return;
    const element = document.getElementById(section);
    if (!element) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    window.scrollTo({ top: element.getBoundingClientRect().top + window.scrollY - offset, behavior: reduced ? 'auto' : 'smooth' });
  }, [location.key, location.hash, navigationType, section, offset]);
}
