/**
 * Every content read a definition (or site.config.json) declares is in the content contract and
 * answered by the reference content service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentService } from '../tools/content-service/server.ts';
import { createValidator, loadDefinitionFiles, loadSiteFile } from '../tools/lib/project.ts';
import { DEFAULT_CONTENT_PASSWORD, DEFAULT_CONTENT_USER } from '../src/server/config.ts';
import { isBinding } from '../src/engine/bindings.ts';
import { sourceParams } from '../src/engine/placeholders.ts';

const validator = await createValidator();
const site = await loadSiteFile();
const { definitions, site: siteConfig, issues } = validator.validate(await loadDefinitionFiles(), site);
const brand = String(siteConfig?.brand);
const sources = [
  ...Object.entries((siteConfig?.layoutSources ?? {}) as Record<string, { path: string; query?: Record<string, unknown> }>).map(
    ([name, s]) => ({ file: 'site.config.json', name, ...s }),
  ),
  ...definitions.flatMap((d) => Object.entries(d.sources).map(([name, s]) => ({ file: d.file, name, ...s }))),
];
let service: { url: string; close(): Promise<void> };
const auth = `Basic ${Buffer.from(`${DEFAULT_CONTENT_USER}:${DEFAULT_CONTENT_PASSWORD}`).toString('base64')}`;

beforeAll(async () => {
  service = await startContentService({ port: 0 });
});
afterAll(async () => {
  await service?.close();
});

describe('content sources of the definitions', () => {
  it('are all in the content contract (the validator reports none missing)', () => {
    expect(issues.filter((i) => i.message.includes('content contract'))).toEqual([]);
    expect(sources.length).toBeGreaterThan(40);
  });

  it.each(sources.filter((s) => !sourceParams(s.path).some((param) => param.root)).map((s) => [`${s.file} ${s.name}`, s] as const))(
    '%s is served by the reference content service',
    async (_label, source) => {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(source.query ?? {})) {
        // Bindings take their default (what a visitor without query string gets).
        const literal = isBinding(value) ? (value as { default?: unknown }).default : value;
        if (literal !== undefined) query.set(key, String(literal));
      }
      const url = `${service.url}${source.path.replaceAll('{brand}', brand)}${query.size ? `?${query}` : ''}`;
      const response = await fetch(url, { headers: { Authorization: auth } });
      expect(response.status, url).toBe(200);
    },
  );
});
