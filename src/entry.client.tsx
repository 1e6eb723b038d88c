/**
 * The browser's entry: React Router's default, after one step. Each section the page hydrates
 * waits for its block's code, which loads as the section comes near or is reached for
 * (src/engine/section-code.ts); the rest of the page hydrates at once.
 */
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadSectionsWhenNear } from './engine/section-code.ts';

loadSectionsWhenNear();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
