/**
 * The one list of blocks. A definition's "block" value, schemas/blocks/<name>.schema.json,
 * the folder src/blocks/<name>/ and the key here are the same word (a test checks all four).
 * The `satisfies` clause makes TypeScript fail when a block is missing here or its component's
 * props differ from the props generated from its schema (with its schema's defaults filled in:
 * `blocks` gives each component its props with the defaults applied, ./defaults.ts).
 */
import type { ComponentType } from 'react';
import type { BlockPropsByName } from '../generated/blocks.ts';
import { Accordion } from './accordion/component.tsx';
import { Article } from './article/component.tsx';
import { Banner } from './banner/component.tsx';
import { CardGrid } from './card-grid/component.tsx';
import { Carousel } from './carousel/component.tsx';
import { CategoryTabs } from './category-tabs/component.tsx';
import { ContactDetails } from './contact-details/component.tsx';
import { DocumentGrid } from './document-grid/component.tsx';
import { FilterSelect } from './filter-select/component.tsx';
import { FilterableGrid } from './filterable-grid/component.tsx';
import { FlipCards } from './flip-cards/component.tsx';
import { Form } from './form/component.tsx';
import { IconTabs } from './icon-tabs/component.tsx';
import { JobList } from './job-list/component.tsx';
import { LinkPills } from './link-pills/component.tsx';
import { MediaText } from './media-text/component.tsx';
import { MemberGrid } from './member-grid/component.tsx';
import { Notice } from './notice/component.tsx';
import { OfficeTabs } from './office-tabs/component.tsx';
import { Pagination } from './pagination/component.tsx';
import { RichText } from './rich-text/component.tsx';
import { SideMenu } from './side-menu/component.tsx';
import { TileTabs } from './tile-tabs/component.tsx';
import { withDefaults, type Resolved } from './defaults.ts';
import type { BlockExtras } from './shared.tsx';

const components = {
  accordion: Accordion,
  article: Article,
  banner: Banner,
  'card-grid': CardGrid,
  carousel: Carousel,
  'category-tabs': CategoryTabs,
  'contact-details': ContactDetails,
  'document-grid': DocumentGrid,
  'filter-select': FilterSelect,
  'filterable-grid': FilterableGrid,
  'flip-cards': FlipCards,
  form: Form,
  'icon-tabs': IconTabs,
  'job-list': JobList,
  'link-pills': LinkPills,
  'media-text': MediaText,
  'member-grid': MemberGrid,
  notice: Notice,
  'office-tabs': OfficeTabs,
  pagination: Pagination,
  'rich-text': RichText,
  'side-menu': SideMenu,
  'tile-tabs': TileTabs,
} as const satisfies { [Name in keyof BlockPropsByName]: ComponentType<Resolved<Name> & BlockExtras> };

export type BlockName = keyof typeof components;

/** Each block's component, taking its props as a definition gives them (defaults not yet applied). */
export const blocks = Object.fromEntries(
  Object.entries(components).map(([name, component]) => [name, withDefaults(name as BlockName, component as ComponentType<never>)]),
) as { [Name in BlockName]: ComponentType<BlockPropsByName[Name] & BlockExtras> };

export const blockNames = Object.keys(blocks) as BlockName[];

export function isBlockName(name: string): name is BlockName {
  return Object.hasOwn(blocks, name);
}
