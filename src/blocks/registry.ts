/**
 * The one list of blocks. A definition's "block" value, schemas/blocks/<name>.schema.json,
 * the folder src/blocks/<name>/ and the key here are the same word (a test checks all four).
 * The `satisfies` clause makes TypeScript fail when a block is missing here or its component's
 * props differ from the props generated from its schema.
 */
import type { ComponentType } from 'react';
import type { BlockPropsByName } from '../generated/blocks.ts';
import { Article } from './article/component.tsx';
import { Banner } from './banner/component.tsx';
import { CardGrid } from './card-grid/component.tsx';
import { Carousel } from './carousel/component.tsx';
import { CategoryTabs } from './category-tabs/component.tsx';
import { ContactDetails } from './contact-details/component.tsx';
import { FlipCards } from './flip-cards/component.tsx';
import { LinkPills } from './link-pills/component.tsx';
import { MediaText } from './media-text/component.tsx';
import { MemberGrid } from './member-grid/component.tsx';
import { Notice } from './notice/component.tsx';
import { Pagination } from './pagination/component.tsx';
import { RichText } from './rich-text/component.tsx';
import type { BlockExtras } from './shared.tsx';

export const blocks = {
  article: Article,
  banner: Banner,
  'card-grid': CardGrid,
  carousel: Carousel,
  'category-tabs': CategoryTabs,
  'contact-details': ContactDetails,
  'flip-cards': FlipCards,
  'link-pills': LinkPills,
  'media-text': MediaText,
  'member-grid': MemberGrid,
  notice: Notice,
  pagination: Pagination,
  'rich-text': RichText,
} as const satisfies { [Name in keyof BlockPropsByName]: ComponentType<BlockPropsByName[Name] & BlockExtras> };

export type BlockName = keyof typeof blocks;

export const blockNames = Object.keys(blocks) as BlockName[];

export function isBlockName(name: string): name is BlockName {
  return Object.hasOwn(blocks, name);
}
