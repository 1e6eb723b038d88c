import type { ComponentType } from 'react';
import { blocks, isBlockName } from '../blocks/registry.ts';
import type { ResolvedSection } from './page-data.ts';

/** Renders resolved sections in order. An unknown block is logged and skipped, never fatal. */
export function Sections({ sections }: { sections: ResolvedSection[] }) {
  return (
    <>
      {sections.map((section, index) => {
        if (!isBlockName(section.block)) {
          console.error(`[renderer] unknown block "${String(section.block)}" skipped`);
          return null;
        }
        // Props were resolved against this block's schema on the server.
        const Block = blocks[section.block] as ComponentType<Record<string, unknown>>;
        // data-block names the block in the DOM: tests and the catalog find sections by it.
        return (
          <div key={section.key} id={section.id} className="block" data-block={section.block}>
            <Block {...section.props} priority={index === 0} />
          </div>
        );
      })}
    </>
  );
}
