/**
 * The one list of blocks. A definition's "block" value, schemas/blocks/<name>.schema.json,
 * the folder src/blocks/<name>/ and the key here are the same word: `npm run generate` lists the
 * components from the schemas (./components.generated.ts), and a test checks all four agree.
 * The `satisfies` clause makes TypeScript fail when a block's component is missing or its props
 * differ from the props generated from its schema (with its schema's defaults filled in:
 * `blocks` gives each component its props with the defaults applied, ./defaults.ts).
 */
import type { ComponentType } from 'react';
import type { BlockPropsByName } from '../generated/blocks.ts';
import { blockComponents } from './components.generated.ts';
import { withDefaults, type Resolved } from './defaults.ts';
import type { BlockExtras } from './shared.tsx';

const components = blockComponents satisfies { [Name in keyof BlockPropsByName]: ComponentType<Resolved<Name> & BlockExtras> };

export type BlockName = keyof typeof components;

/** Each block's component, taking its props as a definition gives them (defaults not yet applied). */
export const blocks = Object.fromEntries(
  Object.entries(components).map(([name, component]) => [name, withDefaults(name as BlockName, component as ComponentType<never>)]),
) as { [Name in BlockName]: ComponentType<BlockPropsByName[Name] & BlockExtras> };

export const blockNames = Object.keys(blocks) as BlockName[];

export function isBlockName(name: string): name is BlockName {
  return Object.hasOwn(blocks, name);
}
