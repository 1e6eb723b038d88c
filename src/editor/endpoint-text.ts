/**
 * A content endpoint as a marketer chooses it: what it is for, from the contract's description (its
 * first clause: "Blog list page", "Paginated blog cards, newest first"), then its path; the field
 * lists, SPEC references and file names that follow in the description are for developers.
 */
import type { EndpointInfo } from './types.ts';

/** The description's first clause (up to the first colon, bracket, semicolon or full stop), else the path. */
export function endpointPurpose(endpoint: Pick<EndpointInfo, 'path' | 'description'>): string {
  const first = (endpoint.description ?? '').split(/[:(;]|\.\s/)[0].trim();
  return first || endpoint.path;
}

/** Said of an endpoint the content service's documentation does not list (x-assumed in the contract). */
export const UNDOCUMENTED = 'may be missing on the live content service';

/** "Blog list page — /api/page/blog", and whether the live service may lack it. */
export function endpointText(endpoint: EndpointInfo): string {
  const purpose = endpointPurpose(endpoint);
  return `${purpose === endpoint.path ? '' : `${purpose} — `}${endpoint.path}${endpoint.assumed ? ` (${UNDOCUMENTED})` : ''}`;
}

/** The help under a chosen endpoint: its purpose, and what an undocumented one means for the page. */
export function endpointHelp(endpoint: EndpointInfo): string {
  const purpose = `${endpointPurpose(endpoint)}.`;
  return endpoint.assumed
    ? `${purpose} The content service's documentation does not list it: it ${UNDOCUMENTED}, so the page must also work without it.`
    : purpose;
}
