import { describe, expect, it } from 'vitest';
import { shiftHeadings } from './shared.tsx';

describe('shiftHeadings', () => {
  it('moves the highest heading to the given level and keeps the others relative to it', () => {
    expect(shiftHeadings('<h3 id="a">A</h3><p>x</p><h4>B</h4><h3>C</h3>', 2)).toBe('<h2 id="a">A</h2><p>x</p><h3>B</h3><h2>C</h2>');
    expect(shiftHeadings('<h1>A</h1><h2>B</h2>', 2)).toBe('<h2>A</h2><h3>B</h3>');
  });

  it('leaves HTML without headings, or already at that level, as it is, and never goes past h6', () => {
    expect(shiftHeadings('<header><hr><p>h3</p></header>', 2)).toBe('<header><hr><p>h3</p></header>');
    expect(shiftHeadings('<h2>A</h2><h4>B</h4>', 2)).toBe('<h2>A</h2><h4>B</h4>');
    expect(shiftHeadings('<h1>A</h1><h6>B</h6>', 3)).toBe('<h3>A</h3><h6>B</h6>');
  });
});
