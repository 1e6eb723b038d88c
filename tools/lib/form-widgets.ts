/**
 * Every widget a form's x-ui-schema may name as "ui:widget" (tools/compile-forms.ts checks them):
 * rjsf's own, the engine's (src/forms/widgets/index.tsx) and the site's own
 * (src/forms/widgets/index.tsx of its folder, over the engine's, as src/forms/site-form.tsx merges them).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RegistryWidgetsType } from '@rjsf/utils';
import { resolveEngineImports } from './engine-alias.ts';
import { projectRoot } from './site-dir.ts';

export async function formWidgets(site: string): Promise<RegistryWidgetsType> {
  const { getDefaultRegistry } = await import('@rjsf/core');
  const { widgets: engine } = await import('../../src/forms/widgets/index.tsx');
  const file = path.join(site, 'src/forms/widgets/index.tsx');
  resolveEngineImports();
  const own =
    path.resolve(site) !== projectRoot && existsSync(file)
      ? ((await import(pathToFileURL(file).href)) as { widgets: RegistryWidgetsType }).widgets
      : {};
  return { ...getDefaultRegistry().widgets, ...engine, ...own };
}
