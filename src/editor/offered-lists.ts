/**
 * Lists the page could show from content it does not read yet (src/editor/api/context.ts offers
 * them with every draft check): the list picker shows them, and choosing one adds its source with
 * the section's change (one undo step), so a marketer need not know which endpoint has the posts.
 */
import { createContext } from 'react';
import type { FieldInfo, OfferedList } from './types.ts';

export interface OfferedLists {
  lists: OfferedList[];
  /** The list's source is added to the page with the section's next change. */
  take: (list: OfferedList) => void;
}

export const OfferedListsContext = createContext<OfferedLists>({ lists: [], take: () => {} });

/** The offer of the list at `path`, if it is one. */
export const offerAt = (offered: OfferedLists, path: string): OfferedList | undefined =>
  offered.lists.find((list) => list.field.path === path);

/** The fields a list choice may look into: the page's and the offered lists. */
export const withOffered = (fields: FieldInfo[], offered: OfferedLists): FieldInfo[] =>
  offered.lists.length ? [...fields, ...offered.lists.map((list) => list.field)] : fields;
