import { useSyncExternalStore } from 'react';

/**
 * False on the server and while React hydrates server HTML, true in a render by the client after
 * that (React reads the server snapshot during hydration, then re-renders with the client's). For
 * what exists in the browser only (Google's captcha), and for what must know whether server HTML
 * is there to keep (src/blocks/island.tsx).
 */
export function useClientRender(): boolean {
  return useSyncExternalStore(noChange, onTheClient, onTheServer);
}

const noChange = () => () => {};
const onTheClient = () => true;
const onTheServer = () => false;
