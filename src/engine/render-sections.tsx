import { memo, type ComponentType } from 'react';
import { heldBlocks } from '../blocks/components.generated.ts';
import { blocks, isBlockName } from '../blocks/registry.ts';
import { Held } from './held.tsx';
import type { ResolvedSection } from './page-data.ts';

/**
 * Renders resolved sections in order. An unknown block is logged and skipped, never fatal. A
 * block whose schema says `"x-hydrate": false` keeps its server HTML when the page hydrates
 * (./held.tsx). Memoised: a router update that brings the same sections (React Router's route
 * discovery after hydration) renders none of them again.
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
        const Block = blocks[section.block] as ComponentType<Record<string, unknown>>;
        const block = <Block {...section.props} priority={index === 0} />;
        // data-block names the block in the DOM: tests and the catalog find sections by it.
        return heldBlocks.has(section.block) ? (
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
