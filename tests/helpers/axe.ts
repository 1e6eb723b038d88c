/** axe-core in a page (and its frames): the serious and critical violations, in a readable form. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { projectRoot } from '../../tools/lib/project.ts';

const axeSource = readFileSync(path.join(projectRoot, 'node_modules/axe-core/axe.min.js'), 'utf8');

export interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

/**
 * Runs axe on the page's document; `exclude` (CSS selectors) leaves parts out, e.g. a frame checked
 * elsewhere. axe runs in every frame it audits, so it is put in each of them first, but not in an
 * excluded frame: that one may be navigating (the editor's preview reloads on each draft change),
 * and putting axe into a document that is going away fails the run ("Execution context was destroyed").
 */
export async function seriousViolations(page: Page, exclude: string[] = []): Promise<Violation[]> {
  for (const frame of page.frames()) {
    const element = frame === page.mainFrame() ? undefined : await frame.frameElement();
    if (element && (await element.evaluate((el, selectors) => selectors.some((s) => (el as Element).matches(s)), exclude))) continue;
    await frame.evaluate(axeSource);
  }
  const violations = await page.evaluate(async (excluded) => {
    type Result = { violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run(context: object, options: object): Promise<Result> } }).axe;
    const result = await axe.run({ include: [['html']], exclude: excluded.map((selector) => [selector]) }, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  }, exclude);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
