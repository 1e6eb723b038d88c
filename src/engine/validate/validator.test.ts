import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadProject, projectRoot, type SourceFile } from '../../../tools/lib/project.ts';
import { formatIssue } from './types.ts';
import type { DefinitionValidator } from './validator.ts';

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
  ({ validator, definitions: real, site } = await loadProject());
});

describe('definition validator', () => {
  it('accepts every definition of the site', () => {
    expect(messages(real)).toEqual([]);
  });

  it('accepts them with any brand: {brand} of routes and of the contract’s paths is the site’s', () => {
    const config = JSON.parse(site.text) as Record<string, unknown>;
    const northwind = { file: site.file, text: JSON.stringify({ ...config, brand: 'northwind' }) };
    const result = validator.validate(real, northwind);
    expect(result.issues.map(formatIssue)).toEqual([]);
    const routes = result.definitions.flatMap((d) => d.routes);
    expect(routes).toEqual(expect.arrayContaining(['/why-northwind', '/about-northwind']));
    expect(routes.filter((route) => route.includes(String(config.brand)))).toEqual([]);
    // A source naming another brand's path is not in the contract.
    const other = edited('why-us.json', '/api/page/why-{brand}', `/api/page/why-${String(config.brand)}`);
    expect(validator.validate(withFile(other), northwind).issues.map(formatIssue).join('\n')).toMatch(
      /GET \/api\/page\/why-\w+ is not in the content contract/,
    );
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

  it('suggests the meant name for a misspelt prop in a literal value too (issue 22: "qestion")', () => {
    const typo = edited('white-paper-case-studies.json', '"label": "Case Studies"', '"lable": "Case Studies"');
    expect(messages(withFile(typo))).toContainEqual(
      expect.stringMatching(
        /white-paper-case-studies\.json:\d+:\d+ \/sections\/\d+\/items\/0\/lable: unknown property "lable" \(did you mean "label"\?\)$/,
      ),
    );
  });

  it('reports JSON syntax errors with their position', async () => {
    const out = messages([...real, await fixture('bad-json.json')]);
    expect(out[0]).toBe(
      'tests/fixtures/broken-definitions/bad-json.json:5:16 /: invalid JSON: a value was expected: text in double quotes, a number, true, false, null, an object or a list (ValueExpected)',
    );
    // A comma after the last entry, the usual slip, is named as such (not 'CommaExpected' / 'PropertyNameExpected').
    const trailing = edited('privacy-policy.json', '"path": "/api/page/privacy-policy" }', '"path": "/api/page/privacy-policy", }');
    expect(messages(withFile(trailing))[0]).toMatch(
      /privacy-policy\.json:\d+:\d+ \/: invalid JSON: a comma after the last entry \(JSON allows none before \}\) \(PropertyNameExpected\)$/,
    );
  });

  it('checks source paths against the content contract', () => {
    const out = messages(withFile(edited('blog.json', '"/api/blog_list"', '"/api/blog_lists"')));
    expect(out[0]).toMatch(
      /page-definitions\/blog\.json:\d+:\d+ \/sources\/list\/path: GET \/api\/blog_lists is not in the content contract .*\(did you mean "\/api\/blog_list"\?\)/,
    );
  });

  it('says once that a source path is empty', () => {
    const out = messages(withFile(edited('blog.json', '"/api/blog_list"', '""')));
    expect(out).toEqual([
      expect.stringMatching(/page-definitions\/blog\.json:9:\d+ \/sources\/list\/path: is empty \(expected text matching \^\/api\/.*\)$/),
    ]);
  });

  it('checks query parameters and literal values against the schemas', () => {
    expect(messages(withFile(edited('blog.json', '"cat_slug":', '"category":')))[0]).toMatch(
      /\/sources\/list\/query\/category: \/api\/blog_list takes no query parameter "category"/,
    );
    expect(messages(withFile(edited('blog.json', '"variant": "article"', '"variant": "articles"')))[0]).toMatch(
      /\/sections\/3\/variant: must be one of "article", "feature", "pricing", "statement"$/,
    );
  });

  it("checks a paged sitemap list: the page parameter is the definition's, declared by the contract", () => {
    // The engine knows no paging parameter: "pages" without "pageParam" is refused, by the schema.
    expect(messages(withFile(edited('blog-post.json', ',\n    "pageParam": "page"', '')))).toEqual([
      expect.stringMatching(
        /page-definitions\/blog-post\.json:\d+:\d+ \/sitemap: must have property pageParam when property pages is present$/,
      ),
    ]);
    expect(messages(withFile(edited('blog-post.json', '"pageParam": "page"', '"pageParam": "p"')))).toEqual([
      expect.stringMatching(
        /blog-post\.json:\d+:\d+ \/sitemap\/pageParam: \/api\/blog_list takes no query parameter "p" \(it takes: page, cat_slug\)$/,
      ),
    ]);
  });

  it("checks site.config.json's benchRoutes against the pages' routes", () => {
    const config = JSON.parse(site.text) as Record<string, unknown>;
    const edited = { file: site.file, text: JSON.stringify({ ...config, benchRoutes: ['/', '/blog/:slug', '/blogs'] }, null, 2) };
    expect(validator.validate(real, edited).issues.map(formatIssue)).toEqual([
      expect.stringMatching(
        /^site\.config\.json:\d+:\d+ \/benchRoutes\/2: "\/blogs" is not a route of any page \(did you mean "\/blog"\?\)$/,
      ),
    ]);
  });

  it("checks site.config.json's Web Vitals setting: requireConsent is true or false", () => {
    const config = JSON.parse(site.text) as Record<string, unknown>;
    const withVitals = (vitals: unknown) => ({ file: site.file, text: JSON.stringify({ ...config, vitals }, null, 2) });
    expect(validator.validate(real, withVitals({ requireConsent: false })).issues).toEqual([]);
    const out = validator.validate(real, withVitals({ requireConsent: 'no' })).issues.map(formatIssue);
    expect(out).toEqual([expect.stringMatching(/^site\.config\.json:\d+:\d+ \/vitals\/requireConsent: .*boolean/)]);
  });

  it('rejects a binding whose content type cannot fill the prop', () => {
    const out = messages(withFile(edited('blog.json', '"html": { "$bind": "item.short_description" }', '"text": { "$bind": "item" }')));
    expect(out[0]).toMatch(/\/sections\/3\/items\/map\/text\/\$bind: "item" is object, but this property must be string$/);
  });

  it('rejects binding a field that may carry HTML to a plain-text prop (its tags would show as text)', () => {
    const out = messages(
      withFile(edited('home.json', '"html": { "$bind": "item.short_description" }', '"text": { "$bind": "item.short_description" }')),
    );
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(
      /home\.json:\d+:\d+ \/sections\/\d+\/items\/map\/text\/\$bind: "item\.short_description" may carry HTML, but this property is plain text: bind it to an HTML property of the block$/,
    );
  });

  it('takes "required" on a source, not the old "optional"', () => {
    const out = messages(withFile(edited('home.json', '"path": "/api/page/homepage"', '"path": "/api/page/homepage", "optional": true')));
    expect(out[0]).toMatch(/home\.json:\d+:\d+ \/sources\/page\/optional: unknown property "optional"/);
    expect(
      messages(withFile(edited('home.json', '"path": "/api/page/homepage"', '"path": "/api/page/homepage", "required": true'))),
    ).toEqual([]);
  });

  it('checks $count (a list, into a number) and list-control anchors', () => {
    const pagination = (props: string) =>
      edited(
        'home.json',
        '{ "block": "rich-text", "html": { "$bind": "page.page_data.content" } },',
        `{ "block": "pagination", ${props} },`,
      );
    expect(messages(withFile(pagination('"pageSize": 3, "itemCount": { "$count": "page.homepage.resources_section_loop" }')))).toEqual([]);
    expect(messages(withFile(pagination('"itemCount": { "$count": "page.page_data.name" }')))[0]).toMatch(
      /\/itemCount\/\$count: "page\.page_data\.name" is not a list \(it is string\)$/,
    );
    expect(messages(withFile(pagination('"label": { "$count": "page.homepage.resources_section_loop" }')))[0]).toMatch(
      /\/label: \$count makes a number, but this property must be string$/,
    );
    expect(messages(withFile(pagination('"anchor": "nowhere"')))[0]).toMatch(/\/anchor: no section has the id "nowhere"$/);
  });

  it('checks $join (parts of text, lists of text entries) and the bound values of a where', () => {
    expect(
      messages(
        withFile(edited('blog.json', '"item.slug": { "$bind": "search.cat_slug" }', '"item.slug": { "$bind": "serch.cat_slug" }')),
      ).join('\n'),
    ).toMatch(
      /blog\.json:\d+:\d+ \/meta\/title\/\$join\/0\/where\/item\.slug\/\$bind: "serch" is not a source of this page \(did you mean "search"\?\)/,
    );
    expect(
      messages(withFile(edited('blog.json', '"map": { "$bind": "item.name" }', '"map": { "$bind": "item.nmae" }'))).join('\n'),
    ).toMatch(/\/meta\/title\/\$join\/0\/map\/\$bind: an entry of page\.filter_category has no field "nmae" \(did you mean "name"\?\)/);
    expect(messages(withFile(edited('blog.json', '{ "$bind": "page.page_data.page_title" }', '{ "a": 1 }'))).join('\n')).toMatch(
      /\/meta\/title\/\$join\/2: must be string,number,array/,
    );
    expect(
      messages(
        withFile(
          edited(
            'home.json',
            '{ "block": "rich-text", "html": { "$bind": "page.page_data.content" } },',
            '{ "block": "pagination", "pageSize": { "$join": ["a", "b"] } },',
          ),
        ),
      )[0],
    ).toMatch(/\/pageSize: \$join makes text, but this property must be integer or number$/);
  });

  it('lists the bindings that read what SPEC does not document (npm run validate -- --assumptions)', () => {
    const { assumptions } = validator.validate(real, site);
    const company = assumptions.filter((a) => a.file === 'page-definitions/company.json');
    expect(company[0]).toMatchObject({ pointer: '/sources/page/path', path: '/api/page/company' });
    expect(company[0].reasons[0]).toMatch(/^GET \/api\/page\/company: SPEC/);
    const about = assumptions.filter((a) => a.path.startsWith('page.homepage.home_about'));
    expect(about.length).toBeGreaterThan(0);
    expect(about[0].reasons.join(' ')).toMatch(/page\.homepage\.home_about\.\w+: /);
    // Documented fields of documented endpoints are not listed.
    const home = assumptions.filter((a) => a.file === 'page-definitions/home.json');
    expect(home.some((a) => a.path.startsWith('page.page_data.') || a.path.startsWith('page.homepage.security_section'))).toBe(false);
  });

  it('leaves out a definition whose shape is broken (its route is a 404, never a page without its layout)', () => {
    const broken = withFile(edited('privacy-policy.json', '"layout": "main"', '"layout": "mian"'));
    const { issues, definitions } = validator.validate(broken, site);
    expect(issues.map(formatIssue)[0]).toMatch(
      /privacy-policy\.json:\d+:\d+ \/layout: must be one of "main", "form", "campaign", "standalone"/,
    );
    expect(definitions.some((d) => d.file.endsWith('privacy-policy.json'))).toBe(false);
    expect(definitions.length).toBe(real.length - 1);
  });

  it('rejects two pages on one route and requires exactly one not-found page', () => {
    const duplicate = { file: 'page-definitions/blog-copy.json', text: real.find((f) => f.file === 'page-definitions/blog.json')!.text };
    // Both files are told, each naming the other (the one just edited may sort first or last).
    const out = messages([duplicate, ...real]).join('\n');
    expect(out).toMatch(
      /blog-copy\.json:4:3 \/route: route "\/blog" is also defined in page-definitions\/blog\.json: two pages cannot share a route/,
    );
    expect(out).toMatch(
      /blog\.json:4:3 \/route: route "\/blog" is also defined in page-definitions\/blog-copy\.json: two pages cannot share a route/,
    );
    const withoutNotFound = real.filter((f) => !f.file.endsWith('not-found.json'));
    expect(messages(withoutNotFound).join('\n')).toMatch(/exactly one definition must set "notFound": true \(found 0\)/);
  });

  it('takes only single-slash routes (issue 31: "//evil.example" rendered at /evil.example while sitemap.xml listed //evil.example)', () => {
    const rule =
      'is not a route: each segment is a slash and letters, digits, - _ . or a :param, like /blog/:slug (no //, no / at the end, no . or .. segment)';
    const refused = (route: string) => {
      const { issues, definitions } = validator.validate(
        withFile(edited('privacy-policy.json', '"route": "/privacy-policy"', `"route": ${JSON.stringify(route)}`)),
        site,
      );
      // Left out, as any definition of a broken shape: neither served nor listed in sitemap.xml.
      const served = definitions.some((d) => d.file.endsWith('privacy-policy.json'));
      expect(served, route).toBe(false);
      return issues.map(formatIssue);
    };
    expect(refused('//evil.example')).toEqual([`page-definitions/privacy-policy.json:4:3 /route: "//evil.example" ${rule}`]);
    expect(refused('/privacy//policy')).toEqual([`page-definitions/privacy-policy.json:4:3 /route: "/privacy//policy" ${rule}`]);
    expect(refused('/privacy-policy/')).toEqual([`page-definitions/privacy-policy.json:4:3 /route: "/privacy-policy/" ${rule}`]);
    expect(refused('/legal/../privacy-policy')).toEqual([
      `page-definitions/privacy-policy.json:4:3 /route: "/legal/../privacy-policy" ${rule}`,
    ]);
    // One of several routes: named by its index.
    const several = withFile(edited('campaign-ccm.json', '"/campaignccm"', '"//campaignccm"'));
    expect(validator.validate(several, site).issues.map(formatIssue)).toEqual([
      `page-definitions/campaign-ccm.json:4:30 /route/1: "//campaignccm" ${rule}`,
    ]);
    // A dot inside a name, parameters and a splat are routes ("/" too: home.json, accepted above).
    for (const route of ['/.well-known/privacy', '/privacy/:lang', '/:lang?/privacy-policy', '/privacy/*'])
      expect(messages(withFile(edited('privacy-policy.json', '"/privacy-policy"', JSON.stringify(route)))), route).toEqual([]);
  });

  it('requires a route or notFound', () => {
    const out = messages(withFile(edited('privacy-policy.json', '"route": "/privacy-policy",', '')));
    expect(out.join('\n')).toMatch(/privacy-policy\.json:1:1 \/: needs "route" or "notFound"/);
  });

  it("takes a definition's missing meta from defaultMeta of site.config.json: the site's convention, not the engine's", () => {
    const config = JSON.parse(site.text) as Record<string, unknown>;
    const withSite = (defaultMeta: unknown) => ({
      file: site.file,
      text: JSON.stringify({ ...config, defaultMeta }),
    });
    const noMeta = real.filter((f) => !f.text.includes('"meta"') && !f.text.includes('"notFound"'));
    expect(noMeta.length).toBeGreaterThan(5);
    // Another shape of content: the title bound to another field the page source has.
    expect(validator.validate(real, withSite({ title: { $bind: 'page.page_data.name' } })).issues.map(formatIssue)).toEqual([]);
    // Bound to a source the pages do not have: each page without meta is told.
    const other = validator.validate(real, withSite({ title: { $bind: 'doc.title' } })).issues.map(formatIssue);
    expect(other).toHaveLength(noMeta.length);
    expect(other[0]).toMatch(/no "meta" given and no source named "doc" to take doc\.title from: add one of them/);
    // None at all: the page must give its own.
    const { defaultMeta: _none, ...without } = config;
    const bare = validator.validate(real, { file: site.file, text: JSON.stringify(without) }).issues.map(formatIssue);
    expect(bare).toHaveLength(noMeta.length);
    expect(bare[0]).toMatch(/no "meta" given and site\.config\.json has no defaultMeta title: add "meta"/);
  });

  it('validates site.config.json bindings against the layout sources', () => {
    const broken = { file: 'site.config.json', text: site.text.replace('common.footer.copyright', 'common.footer.copyrigth') };
    const out = validator.validate(real, broken).issues.map(formatIssue);
    expect(out[0]).toMatch(
      /^site\.config\.json:\d+:\d+ \/footer\/copyright\/\$bind: GET \/api\/header_footer_common has no field "copyrigth" in footer \(did you mean "copyright"\?\)$/,
    );
  });
});
