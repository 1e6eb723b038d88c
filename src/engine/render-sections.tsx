import { memo, use, type ComponentType } from 'react';
import { preloadModule } from 'react-dom';
import blockChunks from 'virtual:block-chunks';
import { blockComponent, blockFailed, heldBlocks, isBlockName, type BlockName } from '../blocks/registry.ts';
import { Held } from './held.tsx';
import type { ResolvedSection } from './page-data.ts';

/** Block `name` with `props`: its component once its chunk has loaded (suspends until then, ../blocks/registry.ts). */
export function LoadedBlock({ name, props, priority }: { name: BlockName; props: Record<string, unknown>; priority: boolean }) {
  const Block = use(blockComponent(name)) as ComponentType<Record<string, unknown>>;
  return <Block {...props} priority={priority} />;
}

/**
 * Renders resolved sections in order. An unknown block is logged and skipped, never fatal. A
 * block whose schema says `"x-hydrate": false` keeps its server HTML when the page hydrates
 * (./held.tsx), and so does a block whose chunk failed to load in the browser. Memoised: a
 * router update that brings the same sections (React Router's route discovery after hydration)
 * renders none of them again.
 * On the server, each block the browser will hydrate gets a modulepreload link (its chunk and the
 * chunks it imports, from the client build's manifest: virtual:block-chunks), so its code
 * downloads beside the page's own scripts.
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
        const block = <LoadedBlock name={section.block} props={section.props} priority={index === 0} />;
        const held = heldBlocks.has(section.block);
        if (import.meta.env.SSR && !held) for (const href of blockChunks[section.block] ?? []) preloadModule(href, { as: 'script' });
        // data-block names the block in the DOM: tests, the catalog and the browser's entry find sections by it.
        return held || blockFailed(section.block) ? (
          <Held key={section.key} id={section.id} className="block" data-block={section.block} holds={section.props}>
            {block}
          </Held>
        ) : (
          <div key={section.key} id={section.id} className="block" data-block={section.block}>
            {block}
          </div>
        );
      })}
    </>
  );
});
