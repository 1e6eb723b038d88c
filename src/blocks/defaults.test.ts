import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockDefaults } from '../generated/blocks.ts';
import { fillDefaults } from './defaults.ts';
import { blockNames } from './registry.ts';

describe('block defaults', () => {
  it('fills a prop left out with its default, a nested one when its object is there, and keeps what is given', () => {
    const defaults = blockDefaults.accordion;
    expect(fillDefaults(defaults, { items: [] })).toEqual({ items: [], openFirst: false });
    expect(fillDefaults(defaults, { items: [], nav: { links: [] } })).toEqual({
      items: [],
      openFirst: false,
      nav: { links: [], label: 'Categories' },
    });
    expect(fillDefaults(defaults, { items: [], openFirst: true, nav: { label: 'Topics', links: [] } })).toEqual({
      items: [],
      openFirst: true,
      nav: { label: 'Topics', links: [] },
    });
    expect(fillDefaults(blockDefaults['card-grid'], { items: [], columns: 2 })).toEqual({ items: [], columns: 2, variant: 'article' });
  });

  it('are the schemas’ own: every "default" of a block schema is in the table, and no component states one', () => {
    for (const name of blockNames) {
      const schema = JSON.parse(readFileSync(path.join('schemas/blocks', `${name}.schema.json`), 'utf8')) as {
        properties: Record<string, { default?: unknown; properties?: Record<string, { default?: unknown }> }>;
      };
      for (const [prop, property] of Object.entries(schema.properties)) {
        const table = (blockDefaults[name] as Record<string, unknown>)[prop];
        if ('default' in property) expect(table, `${name}.${prop}`).toEqual(property.default);
        for (const [inner, nested] of Object.entries(property.properties ?? {})) {
          if ('default' in nested) expect((table as Record<string, unknown>)[inner], `${name}.${prop}.${inner}`).toEqual(nested.default);
        }
      }
      // The component's destructured props carry no `= value` of their own.
      const source = readFileSync(path.join('src/blocks', name, 'component.tsx'), 'utf8');
      const props = /export function \w+\(\{([^}]*)\}/.exec(source)?.[1] ?? '';
      expect(props, `${name}: a default written in its component`).not.toMatch(/=/);
    }
  });
});
