import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createValidator, loadDefinitionFiles, loadSiteFile, projectRoot, type SourceFile } from '../../tools/lib/project.ts';
import { formatIssue, type DefinitionValidator } from './validate-definitions.ts';

let validator: DefinitionValidator;
let real: SourceFile[];
let site: SourceFile;

async function fixture(name: string): Promise<SourceFile> {
  const file = `tests/fixtures/broken-definitions/${name}`;
  return { file, text: await readFile(path.join(projectRoot, file), 'utf8') };
}

function messages(files: SourceFile[]) {
  return validator.validate(files, site).issues.map(formatIssue);
}

/** A real definition with one edit, so each test shows one mistake. */
function edited(name: string, from: string, to: string): SourceFile {
  const original = real.find((f) => f.file === `page-definitions/${name}`);
  if (!original?.text.includes(from)) throw new Error(`${name} does not contain ${from}`);
  return { file: original.file, text: original.text.replace(from, to) };
}

function withFile(replacement: SourceFile): SourceFile[] {
  return real.map((f) => (f.file === replacement.file ? replacement : f));
}

beforeAll(async () => {
  validator = await createValidator();
  real = await loadDefinitionFiles();
  site = await loadSiteFile();
});

describe('definition validator', () => {
  it('accepts every definition of the site', () => {
    expect(messages(real)).toEqual([]);
  });

  it('names file, line, column and JSON path, with a suggestion, for a field the content service does not have', async () => {
    const out = messages([...real, await fixture('blog-typo.json')]);
    expect(out).toContain(
      'tests/fixtures/broken-definitions/blog-typo.json:13:17 /sections/0/text/$bind: GET /api/page/blog has no field "sub_tex2" in page_data (did you mean "sub_text2"?)',
    );
  });

  it('rejects unknown props, unknown blocks, fields of list entries and route parameters the route lacks', async () => {
    const out = messages([...real, await fixture('blog-typo.json')]);
    expect(out).toContain(
      'tests/fixtures/broken-definitions/blog-typo.json:14:7 /sections/0/colour: unknown property "colour" (allowed: heading, subheading, text, image, imageMobile, cta, size)',
    );
    expect(out.find((m) => m.includes('/sections/1/block'))).toMatch(
      /^tests\/fixtures\/broken-definitions\/blog-typo\.json:16:7 \/sections\/1\/block: unknown block "hero-banner"/,
    );
    expect(out).toContain(
      'tests/fixtures/broken-definitions/blog-typo.json:19:71 /sections/2/items/map/title/$bind: an entry of page.filter_category has no field "nam" (did you mean "name"?)',
    );
    expect(out).toContain(
      'tests/fixtures/broken-definitions/blog-typo.json:7:15 /sources/post/path: route parameter "slug" is not in /broken-blog',
    );
  });

  it('reports JSON syntax errors with their position', async () => {
    const out = messages([...real, await fixture('bad-json.json')]);
    expect(out[0]).toBe('tests/fixtures/broken-definitions/bad-json.json:5:16 /: invalid JSON: ValueExpected');
  });

  it('checks source paths against the content contract', () => {
    const out = messages(withFile(edited('blog.json', '"/api/blog_list"', '"/api/blog_lists"')));
    expect(out[0]).toMatch(
      /page-definitions\/blog\.json:\d+:\d+ \/sources\/list\/path: GET \/api\/blog_lists is not in the content contract .*\(did you mean "\/api\/blog_list"\?\)/,
    );
  });

  it('checks query parameters and literal values against the schemas', () => {
    expect(messages(withFile(edited('blog.json', '"cat_slug":', '"category":')))[0]).toMatch(
      /\/sources\/list\/query\/category: \/api\/blog_list takes no query parameter "category"/,
    );
    expect(messages(withFile(edited('blog.json', '"variant": "article"', '"variant": "articles"')))[0]).toMatch(
      /\/sections\/2\/variant: must be one of "article", "feature", "pricing", "statement"$/,
    );
  });

  it('rejects a binding whose content type cannot fill the prop', () => {
    const out = messages(withFile(edited('blog.json', '"text": { "$bind": "item.short_description" }', '"text": { "$bind": "item" }')));
    expect(out[0]).toMatch(/\/sections\/2\/items\/map\/text\/\$bind: "item" is object, but this property must be string$/);
  });

  it('rejects two pages on one route and requires exactly one not-found page', () => {
    const duplicate = { file: 'page-definitions/blog-copy.json', text: real.find((f) => f.file === 'page-definitions/blog.json')!.text };
    expect(messages([...real, duplicate]).join('\n')).toMatch(
      /blog-copy\.json:4:3 \/route: route "\/blog" is already defined in page-definitions\/blog\.json/,
    );
    const withoutNotFound = real.filter((f) => !f.file.endsWith('not-found.json'));
    expect(messages(withoutNotFound).join('\n')).toMatch(/exactly one definition must set "notFound": true \(found 0\)/);
  });

  it('requires a route or notFound', () => {
    const out = messages(withFile(edited('privacy-policy.json', '"route": "/privacy-policy",', '')));
    expect(out.join('\n')).toMatch(/privacy-policy\.json:1:1 \/: needs "route" or "notFound"/);
  });

  it('validates site.config.json bindings against the layout sources', () => {
    const broken = { file: 'site.config.json', text: site.text.replace('common.footer.copyright', 'common.footer.copyrigth') };
    const out = validator.validate(real, broken).issues.map(formatIssue);
    expect(out[0]).toMatch(
      /^site\.config\.json:\d+:\d+ \/footer\/copyright\/\$bind: GET \/api\/header_footer_common has no field "copyrigth" in footer \(did you mean "copyright"\?\)$/,
    );
  });
});
