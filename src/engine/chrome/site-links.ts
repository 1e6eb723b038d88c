import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { followLinksWith, inPageLinkOf } from '../section-code.ts';

/**
 * Every link to a page of the site is a plain `<a>` (SmartLink, ../../blocks/shared.tsx), in
 * hydrated, held (../held.tsx) and waiting sections alike (issue 32: a React Router Link is two
 * more fibres and about twenty hooks to hydrate per link, and a page has 40–90 links). One listener
 * on the document follows them with the router, as each Link did: in the page (same tab, main
 * button, no modifier key, not a file or another site, not handled by someone else:
 * `inPageLinkOf`); a link to the page shown replaces its history entry. Links in sections still
 * waiting for their code are followed by the same router (../section-code.ts hears those first:
 * React stops events aimed at them).
 *
 * The Links' intent prefetch is not replaced: it fetched nothing here. The page route has a
 * `clientLoader` (it loads the next page's block code with its data), and React Router leaves the
 * data of such a route out of prefetching; the route's code is on every page already.
 */
export function useSiteLinks(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const path = inPageLinkOf(event);
      if (!path) return;
      event.preventDefault();
      const { pathname, search, hash } = window.location;
      void navigate(path, { replace: path === `${pathname}${search}${hash}` });
    };
    document.addEventListener('click', onClick);
    followLinksWith((to) => void navigate(to));
    return () => {
      document.removeEventListener('click', onClick);
      followLinksWith(undefined);
    };
  }, [navigate]);
}
