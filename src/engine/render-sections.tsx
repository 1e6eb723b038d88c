import { memo, Suspense, use, useEffect, type ComponentType } from 'react';
import { preloadModule } from 'react-dom';
import blockChunks from 'virtual:block-chunks';
import { blockComponent, blockLoaded, heldBlocks, isBlockName, type BlockName } from '../blocks/registry.ts';
import { useClientRender } from '../client-render.ts';
import { Held } from './held.tsx';
import type { ResolvedSection } from './page-data.ts';
import { sectionHydrated } from './section-code.ts';

/**
 * Sections whose blocks' code the server asks the browser to download with the page's own
 * scripts (modulepreload): the opening screen. The others' code loads as they come near
 * (./section-code.ts).
 */
const FIRST_SCREEN = 2;

/**
 * Block `name` with `props`. While the page hydrates it waits (suspends) until something has
 * loaded its code (./section-code.ts decides when); rendered by the client afterwards, it loads
 * its code itself (a navigation's loader has usually done so, ./page-route.tsx).
 */
export function LoadedBlock({ name, props, priority }: { name: BlockName; props: Record<string, unknown>; priority: boolean }) {
  const clientRender = useClientRender();
  const hydrating = !clientRender && typeof document !== 'undefined';
  const Block = use(hydrating ? blockLoaded(name) : blockComponent(name)) as ComponentType<Record<string, unknown>>;
  return <Rendered Block={Block} props={props} priority={priority} />;
}

/**
 * The block itself, rendered again only when what it shows changes: right after hydrating,
 * LoadedBlock renders once more (useClientRender turns true) with the same block and props, and
 * the block's whole tree need not render again for that (issue 32: one task less on a slow phone).
 */
const Rendered = memo(function Rendered({
  Block,
  props,
  priority,
}: {
  Block: ComponentType<Record<string, unknown>>;
  props: Record<string, unknown>;
  priority: boolean;
}) {
  return <Block {...props} priority={priority} />;
});

/** Tells ./section-code.ts that a section of block `name` has hydrated (or rendered). */
function Hydrated({ name }: { name: BlockName }) {
  useEffect(() => sectionHydrated(name), [name]);
  return null;
}

/**
 * Block `name` in a Suspense boundary of its own: while the page hydrates it keeps its server HTML
 * until its code is here, then hydrates on its own (./section-code.ts). Its element (the caller's)
 * carries `data-block` (a section) or `data-waits-for` (a block in the chrome: the footer's forms).
 */
// Memoised: a boundary still waiting for its code must not be rendered again with new props (React
// would then render it afresh, dropping its server HTML and loading its code): the caller keeps
// `props` the same object while what it shows is the same.
export const OwnBoundary = memo(function OwnBoundary({
  name,
  props,
  priority = false,
}: {
  name: BlockName;
  props: Record<string, unknown>;
  priority?: boolean;
}) {
  return (
    <Suspense>
      <LoadedBlock name={name} props={props} priority={priority} />
      <Hydrated name={name} />
    </Suspense>
  );
});

/**
 * Renders resolved sections in order. An unknown block is logged and skipped, never fatal. A
 * block whose schema says `"x-hydrate": false` keeps its server HTML when the page hydrates
 * (./held.tsx); any other hydrates on its own once its code is here (a Suspense boundary each).
 * Memoised: a router update that brings the same sections (a revalidation) renders none of them
 * again; a section still waiting for its code must not be rendered with other props (OwnBoundary).
 * On the server, the blocks of the opening screen get modulepreload links (their chunks and the
 * chunks they import, from the client build's manifest: virtual:block-chunks).
 */
export const Sections = memo(function Sections({ sections }: { sections: ResolvedSection[] }) {
  return (
    <>
      {sections.map((section, index) => {
        if (!isBlockName(section.block)) {
          console.error(`[renderer] unknown block "${String(section.block)}" skipped`);
          return null;
        }
        // Props were resolved against this block's schema on the server.
        // data-block names the block in the DOM: tests, the catalog and ./section-code.ts find sections by it.
        if (heldBlocks.has(section.block))
          return (
            <Held key={section.key} id={section.id} className="block" data-block={section.block} holds={section.props}>
              <LoadedBlock name={section.block} props={section.props} priority={index === 0} />
            </Held>
          );
        if (import.meta.env.SSR && index < FIRST_SCREEN)
          for (const href of blockChunks[section.block] ?? []) preloadModule(href, { as: 'script' });
        return (
          <div key={section.key} id={section.id} className="block" data-block={section.block}>
            <OwnBoundary name={section.block} props={section.props} priority={index === 0} />
          </div>
        );
      })}
    </>
  );
});
