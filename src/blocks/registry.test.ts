/** The block registry's loading promises (src/blocks/registry.ts), as React's `use` reads them. */
import { describe, expect, it } from 'vitest';
import { blockComponent, blockLoaded, blockNames } from './registry.ts';

describe('blockLoaded', () => {
  it('gives a waiting section the same promise before and after its code loads, settled with the component', async () => {
    const [name] = blockNames;
    const waiting = blockLoaded(name);
    const component = await blockComponent(name);
    expect(await waiting).toBe(component);
    // React reads the promise a component suspended on; another one would be "uncached" (a dev error).
    expect(blockLoaded(name)).toBe(waiting);
    expect(waiting).toMatchObject({ status: 'fulfilled', value: component });
  });

  it('gives the loading promise itself once the code is here and nothing waited for it', async () => {
    const name = blockNames[1];
    const loaded = blockComponent(name);
    await loaded;
    expect(blockLoaded(name)).toBe(loaded);
    expect(blockLoaded(name)).toBe(loaded);
  });
});
