/**
 * A binding with a fallback whose path breaks (a source changed under it): the file has a problem,
 * but its section still renders with the fallback; a broken read without a fallback, or a wrong
 * fallback, still skips the section.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadProject, type SourceFile } from '../../../tools/lib/project.ts';
import type { DefinitionValidator } from './validator.ts';

let validator: DefinitionValidator;
let real: SourceFile[];
let site: SourceFile;

beforeAll(async () => {
  ({ validator, definitions: real, site } = await loadProject());
});

/** blog.json with its banner's heading replaced; the validation of that file. */
function blogWithHeading(heading: unknown) {
  const blog = real.find((f) => f.file === 'page-definitions/blog.json')!;
  const definition = JSON.parse(blog.text) as { sections: Record<string, unknown>[] };
  definition.sections[0] = { ...definition.sections[0], heading };
  const file = { file: blog.file, text: JSON.stringify(definition, null, 2) };
  const result = validator.validate(
    real.map((f) => (f.file === file.file ? file : f)),
    site,
  );
  return {
    messages: result.issues.filter((issue) => issue.file === file.file).map((issue) => `${issue.pointer}: ${issue.message}`),
    skipped: [...(result.definitions.find((d) => d.file === file.file)?.invalidSections ?? [])],
  };
}

describe('a broken binding with a fallback', () => {
  it('is a problem of the file, and its section is still rendered (with the fallback)', () => {
    const { messages, skipped } = blogWithHeading({ $bind: 'page.page_data.nmae', default: 'Blog' });
    expect(messages).toEqual([expect.stringMatching(/^\/sections\/0\/heading\/\$bind: GET \/api\/page\/blog has no field "nmae"/)]);
    expect(skipped).toEqual([]);
  });

  it('keeps the section for a template with a default too', () => {
    const { messages, skipped } = blogWithHeading({ $template: 'About {page.nothing}', encode: false, default: 'Blog' });
    expect(messages).toHaveLength(1);
    expect(skipped).toEqual([]);
  });

  it('skips the section without a fallback, or when the fallback itself is wrong', () => {
    expect(blogWithHeading({ $bind: 'page.page_data.nmae' }).skipped).toEqual([0]);
    expect(blogWithHeading({ $bind: 'page.page_data.nmae', default: 3 }).skipped).toEqual([0]);
    // A source the page does not have, with a fallback: the read is the only problem.
    expect(blogWithHeading({ $bind: 'nope.name', default: 'Blog' }).skipped).toEqual([]);
  });
});
