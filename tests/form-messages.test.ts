/**
 * SPEC §5's message for a field left empty is written once (issue 21): a shared field's
 * "x-required-message" (schemas/form-fields.schema.json) is lifted by `npm run compile-forms` into
 * every form that requires it; a form states only its own (labels differ: "Name is required.").
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../tools/lib/project.ts';

type Json = Record<string, unknown>;
interface FormSchema {
  required?: string[];
  properties: Record<string, Json>;
  errorMessage?: { required?: Record<string, string> };
}

const read = (file: string) => JSON.parse(readFileSync(path.join(projectRoot, file), 'utf8')) as unknown;
const defs = (read('schemas/form-fields.schema.json') as { $defs: Record<string, Json> }).$defs;
const names = readdirSync(path.join(projectRoot, 'schemas/forms'))
  .filter((file) => file.endsWith('.schema.json'))
  .map((file) => file.replace('.schema.json', ''));

describe('required-field messages', () => {
  it('every required field of every compiled form has its message', () => {
    const missing = names.flatMap((name) => {
      const { schema } = read(`src/generated/forms/${name}.json`) as { schema: FormSchema };
      return (schema.required ?? [])
        .filter((key) => typeof schema.errorMessage?.required?.[key] !== 'string')
        .map((key) => `${name}: ${key}`);
    });
    expect(names.length).toBeGreaterThan(5);
    expect(missing).toEqual([]);
  });

  it("are written once: a shared field's message is in form-fields.schema.json only, and compiled into each form", () => {
    const shared = Object.entries(defs).filter(([, def]) => typeof def['x-required-message'] === 'string');
    expect(shared.map(([name]) => name)).toEqual(expect.arrayContaining(['email', 'mobile', 'message', 'captcha', 'terms']));
    const repeated: string[] = [];
    for (const name of names) {
      const form = read(`schemas/forms/${name}.schema.json`) as FormSchema;
      const compiled = (read(`src/generated/forms/${name}.json`) as { schema: FormSchema }).schema;
      for (const key of form.required ?? []) {
        const def = /#\/\$defs\/(\w+)$/.exec(String(form.properties[key]?.$ref ?? ''))?.[1];
        const message = def ? defs[def]['x-required-message'] : undefined;
        if (typeof message !== 'string') continue;
        if (form.errorMessage?.required?.[key] === message) repeated.push(`${name}: ${key}`);
        // A form may say it its own way ("Official Email required."); otherwise it gets the shared one.
        expect(compiled.errorMessage?.required?.[key]).toBe(form.errorMessage?.required?.[key] ?? message);
      }
      // The mark is consumed: no compiled field carries it.
      expect(JSON.stringify(compiled)).not.toContain('x-required-message');
    }
    expect(repeated).toEqual([]);
  });
});
