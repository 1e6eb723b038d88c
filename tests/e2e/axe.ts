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
 * elsewhere. A run that throws because the page changed under it (a node left the document
 * mid-audit, axe-core#4624: a late response re-rendering a status line) is run again once the
 * document has not changed for 300 ms, twice at most; the third error fails with its message.
 */
export async function seriousViolations(page: Page, exclude: string[] = []): Promise<Violation[]> {
  for (const frame of page.frames()) await frame.evaluate(axeSource);
  const violations = await page.evaluate(async (excluded) => {
    type Result = { violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run(context: object, options: object): Promise<Result> } }).axe;
    const settled = () =>
      new Promise<void>((resolve) => {
        let timer = setTimeout(done, 300);
        const deadline = setTimeout(done, 5_000);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, 300);
        });
        observer.observe(document, { subtree: true, childList: true, characterData: true });
        function done() {
          observer.disconnect();
          clearTimeout(timer);
          clearTimeout(deadline);
          resolve();
        }
      });
    const context = { include: [['html']], exclude: excluded.map((selector) => [selector]) };
    for (let attempt = 1; ; attempt++) {
      if (attempt > 1) await settled();
      try {
        const result = await axe.run(context, { resultTypes: ['violations'] });
        return result.violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
        }));
      } catch (error) {
        if (attempt === 3) throw new Error(`axe failed ${attempt} times on ${location.href}: ${String(error)}`);
      }
    }
  }, exclude);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
