/**
 * The browser's entry (React Router's default, plus one step): the code of the blocks this page
 * hydrates (its sections not held, src/engine/held.tsx) is loaded first, so that each renders at
 * once; the server sent modulepreload links for those chunks, so they are usually here already.
 * A chunk that fails to load leaves its sections as the server rendered them.
 */
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadBlocks } from './blocks/registry.ts';

const shown = [...document.querySelectorAll<HTMLElement>('[data-block]:not([data-held])')].map((section) => section.dataset.block ?? '');

void loadBlocks(shown).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);
