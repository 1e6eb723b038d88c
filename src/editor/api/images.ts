/**
 * The editor's image picker: the images an author can choose for an image prop.
 * - Content images: what the configured content service returns today, at every field its contract
 *   marks as an image (`format: image-path` or `image`), read from each endpoint that needs no
 *   route parameter. The value is the path as the service gives it (the site puts IMAGE_BASE_URL
 *   before it, as it does for bound images).
 * - Site images: the files of `public/` (logo, placeholders, …), by their path from the site root.
 * Endpoints that fail to answer only leave their images out.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ContentContract } from '../../generated/content-contract.ts';
import { withBrand } from '../../engine/brand.ts';
import { pathParams } from '../../engine/contract-paths.ts';
import type { ImageChoice } from '../types.ts';
import { imageUrl } from '../../engine/page-loader/transform.ts';
import type { Located, SchemaStore } from '../../engine/schema-store.ts';
import { readableEndpoints, responseSchema } from '../../authoring/workbench.ts';
import type { Read } from './context.ts';
import { isImageField } from './schemas.ts';

const IMAGE_FILE = /\.(?:avif|gif|jpe?g|png|svg|webp)$/i;
/** Enough for any page's choice; a service with more images lists its first ones. */
const MAX_CHOICES = 400;

/** Every string of `value` that its schema marks as an image, lists walked whole. */
export function imagesIn(store: SchemaStore, loc: Located, value: unknown, found: (image: string) => void, depth = 0): void {
  if (depth > 12) return;
  if (typeof value === 'string') {
    if (value && isImageField(store, loc)) found(value);
    return;
  }
  if (Array.isArray(value)) {
    const items = store.items(loc);
    if (items) for (const entry of value) imagesIn(store, items, entry, found, depth + 1);
    return;
  }
  if (value && typeof value === 'object') {
    const fields = store.fields(loc);
    for (const [key, entry] of Object.entries(value)) {
      const field = fields.get(key);
      if (field) imagesIn(store, field, entry, found, depth + 1);
    }
  }
}

async function publicImages(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && IMAGE_FILE.test(entry.name))
    .map((entry) => `/${path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`)
    .sort();
}

export interface ImageSources {
  store: SchemaStore;
  contract: ContentContract;
  brand: string;
  read: Read;
  imageBaseUrl: string;
  /** The site's public/ folder: its images are offered too. */
  publicDir: string;
}

export async function imageChoices({ store, contract, brand, read, imageBaseUrl, publicDir }: ImageSources): Promise<ImageChoice[]> {
  const choices = new Map<string, ImageChoice>();
  const endpoints = readableEndpoints(contract).filter((endpoint) => pathParams(endpoint.path).length === 0);
  const answers = await Promise.all(
    endpoints.map(async (endpoint) => {
      const loc = responseSchema(store, endpoint);
      const concrete = withBrand(endpoint.path, brand);
      const value = loc ? await read(concrete, new URLSearchParams()).catch(() => undefined) : undefined;
      return { loc, value, from: `content: GET ${concrete}` };
    }),
  );
  for (const { loc, value, from } of answers) {
    if (!loc || value === undefined) continue;
    imagesIn(store, loc, value, (image) => {
      if (!choices.has(image)) choices.set(image, { value: image, preview: imageUrl(image, imageBaseUrl), from });
    });
  }
  for (const image of await publicImages(publicDir)) {
    if (!choices.has(image)) choices.set(image, { value: image, preview: image, from: `site: public${image}` });
  }
  return [...choices.values()].slice(0, MAX_CHOICES);
}
