/** The validator's warnings on empty navigations and links (./empty-links.ts), and `npm run validate` printing them without failing. */
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadProject, projectRoot, type SourceFile } from '../../../tools/lib/project.ts';
import { formatIssue, formatWarning } from './types.ts';
import type { DefinitionValidator } from './validator.ts';

let validator: DefinitionValidator;
let real: SourceFile[];
let site: SourceFile;

beforeAll(async () => {
  ({ validator, definitions: real, site } = await loadProject());
});

const FILE = 'page-definitions/zz-faq.json';
/** An FAQ whose side links were all removed, with an extra link emptied, and a card grid's "View All" without a target. */
const TEXT = `{
  "$schema": "../schemas/page-definition.schema.json",
  "version": 1,
  "route": "/zz-faq",
  "layout": "main",
  "meta": { "title": "FAQ" },
  "sections": [
    {
      "block": "accordion",
      "nav": { "label": "Categories", "links": [] },
      "items": [{ "question": "Why?", "answer": "<p>Because.</p>" }],
      "footerLink": { "label": "", "href": "https://wiki.example.com" }
    },
    {
      "block": "card-grid",
      "items": [{ "title": "One" }],
      "footerLink": { "label": "View All", "href": " " }
    },
    { "block": "link-pills", "links": [{ "label": "Blog", "href": "/blog" }] }
  ]
}
`;

describe('warnings of the definition validator', () => {
  it('warns, naming file, line and JSON path, on an empty navigation and a link without text or target; no problem', () => {
    const result = validator.validate([...real, { file: FILE, text: TEXT }], site);
    expect(result.issues.map(formatIssue)).toEqual([]);
    expect(result.warnings.map(formatWarning)).toEqual([
      `${FILE}:10:39 /sections/0/nav/links: warning: an empty navigation: it has no links, so the page shows nothing here; add a link or remove it`,
      `${FILE}:12:23 /sections/0/footerLink/label: warning: a link without text: the page does not show it; give it a text or remove the link`,
      `${FILE}:17:44 /sections/1/footerLink/href: warning: a link without a target (href): the page does not show it; give it one or remove the link`,
    ]);
    // The section is still served (a warning never leaves a section out).
    const definition = result.definitions.find((d) => d.file === FILE);
    expect(definition?.invalidSections.size).toBe(0);
  });

  it('has nothing to say about the site’s own definitions, nor about bound links', () => {
    expect(validator.validate(real, site).warnings.map(formatWarning)).toEqual([]);
    const bound = TEXT.replace('"links": []', '"links": { "$each": "site.footer.columns" }');
    expect(validator.validate([...real, { file: FILE, text: bound }], site).warnings.map((w) => w.pointer)).not.toContain(
      '/sections/0/nav/links',
    );
  });

  it('npm run validate prints the warnings and passes', { timeout: 60_000 }, async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'validate-warnings-'));
    try {
      await cp(path.join(projectRoot, 'page-definitions'), dir, { recursive: true });
      await writeFile(path.join(dir, 'zz-faq.json'), TEXT);
      const run = spawnSync('npx', ['tsx', 'tools/validate.ts'], {
        cwd: projectRoot,
        encoding: 'utf8',
        env: { ...process.env, PAGE_DEFINITIONS_DIR: dir },
      });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr).toMatch(/zz-faq\.json:10:39 \/sections\/0\/nav\/links: warning: an empty navigation/);
      expect(run.stdout).toMatch(/definitions valid \(\d+ routes\); 3 warning\(s\)/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
