// Writes the sample content (data/**.json) and placeholder images (uploads/**.svg)
// from the compact sources in ./sample. Edit the sources, then run:
//   npx tsx tools/content-service/generate-sample.ts
// The generated files are committed; a test checks they match this output.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runMain } from '../lib/cli.ts';
import { SERVICE_DIR } from './contract.ts';
import { buildBlog } from './sample/blog.ts';
import { buildCompanyResourcesSample } from './sample/company-resources.ts';
import { buildImages } from './sample/images.ts';
import { PRIVACY_POLICY, TERMS_AND_CONDITIONS } from './sample/legal.ts';
import { buildOfferingPages } from './sample/offerings.ts';
import {
  buildAboutUs,
  buildBlogPage,
  buildHeaderFooterCommon,
  buildHomepage,
  buildTeam,
  buildTestimonials,
  legalPage,
} from './sample/pages.ts';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Every generated file, keyed by its path relative to tools/content-service/. */
export function buildSample(): Map<string, string> {
  const files = new Map<string, string>();
  const { collection, posts } = buildBlog();
  files.set('data/header_footer_common.json', json(buildHeaderFooterCommon()));
  files.set('data/page/homepage.json', json(buildHomepage(collection.slice(0, 2))));
  files.set('data/page/testimonials.json', json(buildTestimonials()));
  files.set('data/page/blog.json', json(buildBlogPage()));
  files.set('data/page/about-us.json', json(buildAboutUs()));
  files.set('data/page/team.json', json(buildTeam()));
  files.set('data/page/privacy-policy.json', json(legalPage('privacy-policy', PRIVACY_POLICY)));
  files.set('data/page/terms-and-conditions.json', json(legalPage('terms-and-conditions', TERMS_AND_CONDITIONS)));
  files.set('data/collections/blog-posts.json', json(collection));
  for (const [slug, post] of Object.entries(posts)) files.set(`data/blog/${slug}.json`, json(post));
  for (const [file, value] of Object.entries(buildOfferingPages())) files.set(`data/${file}`, json(value));
  for (const [file, content] of buildCompanyResourcesSample()) files.set(file, content);
  for (const [file, svg] of Object.entries(buildImages())) files.set(`uploads/${file}`, svg);
  return files;
}

/** Lists files below dir as paths relative to base, with forward slashes. */
export function listFiles(dir: string, base: string = dir): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? listFiles(full, base) : [path.relative(base, full).split(path.sep).join('/')];
  });
}

export function writeSample(root: string = SERVICE_DIR): { written: number; removed: string[] } {
  const files = buildSample();
  for (const [rel, content] of files) {
    const target = path.join(root, rel);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
  // Drop stale outputs (e.g. a renamed post) so the service never serves orphans.
  const removed = ['data', 'uploads']
    .flatMap((dir) => listFiles(path.join(root, dir)).map((f) => `${dir}/${f}`))
    .filter((rel) => !files.has(rel));
  for (const rel of removed) rmSync(path.join(root, rel));
  return { written: files.size, removed };
}

runMain(import.meta.url, async () => {
  const { written, removed } = writeSample();
  console.log(`Wrote ${written} sample files${removed.length ? `, removed ${removed.join(', ')}` : ''}`);
  return 0;
});
