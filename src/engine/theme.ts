/**
 * The site's design tokens (site.config.json `theme`) as one CSS rule on :root, over the engine's
 * defaults in src/styles/tokens.css. The site schema allows only custom-property names and plain
 * values; entries that do not fit it are left out here too, so nothing can close the style element.
 */
const NAME = /^--[a-z][a-z0-9-]*$/;
const VALUE = /^[^;{}<>\\]+$/;

export function themeCss(theme: Record<string, string> | undefined): string {
  const entries = Object.entries(theme ?? {}).filter(([name, value]) => NAME.test(name) && typeof value === 'string' && VALUE.test(value));
  return entries.length ? `:root{${entries.map(([name, value]) => `${name}:${value}`).join(';')}}` : '';
}
