import { describe, expect, it } from 'vitest';
import siteSchema from '../../schemas/site-config.schema.json' with { type: 'json' };
import { themeCss } from './theme.ts';

describe('themeCss', () => {
  it("sets the site's tokens on :root", () => {
    expect(themeCss({ '--primary': '#1f6f43', '--font': "Georgia, 'Times New Roman', serif" })).toBe(
      ":root{--primary:#1f6f43;--font:Georgia, 'Times New Roman', serif}",
    );
    expect(themeCss(undefined)).toBe('');
  });

  it('leaves out what could end the rule or the style element, as the site schema refuses it', () => {
    const hostile = { '--primary': 'red;} body{display:none', '--x': '</style><script>', color: 'red', '--ok': '4px' };
    expect(themeCss(hostile)).toBe(':root{--ok:4px}');
    const { propertyNames, additionalProperties } = siteSchema.properties.theme;
    expect(Object.keys(hostile).filter((name) => new RegExp(propertyNames.pattern).test(name))).toEqual(['--primary', '--x', '--ok']);
    expect(Object.values(hostile).filter((value) => new RegExp(additionalProperties.pattern).test(value))).toEqual(['red', '4px']);
  });
});
