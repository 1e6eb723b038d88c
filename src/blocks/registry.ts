/**
 * The one list of blocks. A definition's "block" value, schemas/blocks/<name>.schema.json,
 * the folder src/blocks/<name>/ and the key here are the same word: `npm run generate` lists the
 * components from the schemas (./components.generated.ts), and a test checks all four agree.
 * The `satisfies` clause makes TypeScript fail when a block's component is missing or its props
 * differ from the props generated from its schema (with its schema's defaults filled in:
 * `blockComponent` gives each component its props with the defaults applied, ./defaults.ts).
 *
 * Each block's code is a chunk of its own, loaded when a page shows the block (issue 30's budget,
 * issue 32's low-tier phone): the server's loaders load every block (once) before a page renders;
 * in the browser a section's code loads when the section comes near or is reached for
 * (src/engine/section-code.ts), and a client navigation loads the next page's blocks with its data
 * (src/engine/page-route.tsx). A block that is not loaded yet suspends its render (`use`).
 *
 * A site folder may bring blocks (docs/sites.md): its src/blocks/components.generated.ts (written by
 * `SITE_DIR=<site> npm run generate`, the same three exports as ours) lists its own blocks and its
 * components for ours; imported as @site/…, its entries replace ours by name. For the main site, or
 * a site without blocks (tools/lib/site-dir.ts siteAlias), and for TypeScript and tools run by tsx
 * (tsconfig paths), that import is our own list: the merge changes nothing. Site block names are
 * typed as BlockName too; the site's generated list checks their props against their schemas.
 */
import type { ComponentType } from 'react';
import type { BlockPropsByName } from '../generated/blocks.ts';
import * as site from '@site/src/blocks/components.generated.ts';
import { blockDefaults, blockLoaders, heldBlocks as engineHeld } from './components.generated.ts';
import { withDefaultsOf, type Resolved } from './defaults.ts';
import type { BlockExtras } from './shared.tsx';

const engineLoaders = blockLoaders satisfies {
  [Name in keyof BlockPropsByName]: () => Promise<ComponentType<Resolved<Name> & BlockExtras>>;
};
const loaders: typeof engineLoaders = { ...engineLoaders, ...site.blockLoaders };
const defaults: Readonly<Record<string, object>> = { ...blockDefaults, ...site.blockDefaults };

/** Blocks kept as the server rendered them at hydration (../engine/held.tsx): by the schema of each, the site's or ours. */
export const heldBlocks: ReadonlySet<string> = new Set([
  ...[...engineHeld].filter((name) => !Object.hasOwn(site.blockLoaders, name) && !Object.hasOwn(site.blockDefaults, name)),
  ...site.heldBlocks,
]);

export type BlockName = keyof typeof loaders;
/** A block's component, taking its props as a definition gives them (defaults not yet applied). */
export type BlockComponent<Name extends BlockName = BlockName> = ComponentType<BlockPropsByName[Name] & BlockExtras>;

export const blockNames = Object.keys(loaders).sort() as BlockName[];

export function isBlockName(name: string): name is BlockName {
  return Object.hasOwn(loaders, name);
}

/**
 * A promise React's `use` reads without suspending once it has settled (it looks at `status`
 * and `value`/`reason`, as React's own thenables carry them).
 */
type Tracked<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

const loading = new Map<BlockName, Tracked<BlockComponent>>();
/** `blockLoaded` promises, and what tells them a load started. */
const awaited = new Map<BlockName, Promise<BlockComponent>>();
const startedLoading = new Map<BlockName, (tracked: Promise<BlockComponent>) => void>();

/** Block `name`'s component (defaults applied), loading its chunk on first call; the same promise every time. */
export function blockComponent<Name extends BlockName>(name: Name): Promise<BlockComponent<Name>> {
  let promise = loading.get(name);
  if (!promise) {
    const tracked: Tracked<BlockComponent> = loaders[name]().then(
      (component) => withDefaultsOf(defaults[name] ?? {}, component as ComponentType<never>) as BlockComponent,
    );
    // Block bodies: returning `tracked` itself (Object.assign's result) would chain its rejection
    // into this promise, an unhandled one, when the chunk fails to load.
    tracked.then(
      (value) => {
        Object.assign(tracked, { status: 'fulfilled', value });
      },
      (reason: unknown) => {
        Object.assign(tracked, { status: 'rejected', reason });
      },
    );
    loading.set(name, tracked);
    startedLoading.get(name)?.(tracked);
    startedLoading.delete(name);
    promise = tracked;
  }
  return promise as Promise<BlockComponent<Name>>;
}

/**
 * Loads the blocks named (unknown names are skipped) and settles when each has loaded or failed:
 * a failed chunk is not retried here; a section whose block failed keeps its server HTML.
 */
export async function loadBlocks(names: Iterable<string>): Promise<void> {
  const wanted = [...new Set(names)].filter(isBlockName);
  await Promise.allSettled(wanted.map((name) => blockComponent(name)));
}

/** Whether block `name`'s code is here (its chunk loaded). */
export function blockReady(name: BlockName): boolean {
  return loading.get(name)?.status === 'fulfilled';
}

/**
 * Block `name`'s component once something has loaded it (`blockComponent`), without starting the
 * load: what a section waiting to hydrate reads (src/engine/section-code.ts decides when its code
 * loads). If the chunk fails, it never settles: the section keeps its server HTML.
 */
export function blockLoaded<Name extends BlockName>(name: Name): Promise<BlockComponent<Name>> {
  // Once a section waited on a promise, it is the one it gets every time after: React reads the
  // value of the promise a component suspended on (another one, even settled, is "uncached").
  const waited = awaited.get(name);
  if (waited) return waited as Promise<BlockComponent<Name>>;
  const started = loading.get(name);
  if (started?.status === 'fulfilled') return started as Promise<BlockComponent<Name>>;
  const promise: Tracked<BlockComponent> = new Promise<BlockComponent>((resolve) => {
    const settle = (tracked: Promise<BlockComponent>) =>
      tracked.then(
        (value) => {
          Object.assign(promise, { status: 'fulfilled', value });
          resolve(value);
        },
        (error: unknown) =>
          console.error(`[renderer] the code of block "${name}" did not load; its sections stay as the server rendered them`, error),
      );
    if (started) settle(started);
    else startedLoading.set(name, settle);
  });
  awaited.set(name, promise);
  return promise as Promise<BlockComponent<Name>>;
}
