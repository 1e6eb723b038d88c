/**
 * npm run bench:validate: validates 1,000 generated definitions (variations of the real ones,
 * each on its own route) and reports the time. Target: under 2 s on a 2-core machine.
 *   --count N   how many definitions (default 1000; the target is for 1,000)
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { runMain } from './lib/cli.ts';
import { createValidator, loadDefinitionFiles, loadSiteFile } from './lib/project.ts';

const TARGET_MS = 2000;

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { count: { type: 'string', default: '1000' } }, allowPositionals: false });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1) throw new Error(`--count must be a positive whole number, not "${values.count}"`);
  const all = await loadDefinitionFiles();
  const real = all.filter((f) => !f.text.includes('"notFound"'));
  const notFound = all.filter((f) => f.text.includes('"notFound"'));
  const files = Array.from({ length: Math.max(0, count - notFound.length) }, (_v, i) => {
    const def = JSON.parse(real[i % real.length].text) as { route: string | string[] };
    const move = (route: string) => `/bench-${i}${route}`;
    def.route = Array.isArray(def.route) ? def.route.map(move) : move(def.route);
    return { file: `bench/page-${i}.json`, text: JSON.stringify(def, null, 2) };
  }).concat(notFound);

  const started = performance.now();
  const validator = await createValidator();
  const ready = performance.now();
  const { issues } = validator.validate(files, await loadSiteFile());
  const done = performance.now();

  if (issues.length) {
    console.error(`${issues.length} unexpected problems, first: ${issues[0].message}`);
    return 1;
  }
  const total = done - started;
  const verdict = count === 1000 ? ` (target < ${TARGET_MS} ms: ${total < TARGET_MS ? 'met' : 'NOT MET'})` : '';
  console.log(`validated ${files.length} definitions`);
  console.log(`  schema compilation  ${(ready - started).toFixed(0)} ms`);
  console.log(`  validation          ${(done - ready).toFixed(0)} ms (${((done - ready) / files.length).toFixed(2)} ms per definition)`);
  console.log(`  total               ${total.toFixed(0)} ms${verdict}`);
  return 0;
}

runMain(import.meta.url, main);
