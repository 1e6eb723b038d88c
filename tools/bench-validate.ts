/**
 * npm run bench:validate: validates 1,000 generated definitions (variations of the real ones,
 * each on its own route) and reports the time. Target: under 2 s on a 2-core machine.
 */
import { performance } from 'node:perf_hooks';
import { createValidator, loadDefinitionFiles, loadSiteFile } from './lib/project.ts';

const COUNT = 1000;
const TARGET_MS = 2000;

const real = (await loadDefinitionFiles()).filter((f) => !f.text.includes('"notFound"'));
const notFound = (await loadDefinitionFiles()).filter((f) => f.text.includes('"notFound"'));
const files = Array.from({ length: COUNT - notFound.length }, (_v, i) => {
  const source = real[i % real.length];
  const text = source.text.replace(/"route": "\/([^"]*)"/, (_m, rest: string) => `"route": "/bench-${i}/${rest}"`);
  return { file: `bench/page-${i}.json`, text };
}).concat(notFound);

const started = performance.now();
const validator = await createValidator();
const ready = performance.now();
const { issues } = validator.validate(files, await loadSiteFile());
const done = performance.now();

if (issues.length) {
  console.error(`${issues.length} unexpected problems, first: ${issues[0].message}`);
  process.exit(1);
}
const total = done - started;
console.log(`validated ${files.length} definitions`);
console.log(`  schema compilation  ${(ready - started).toFixed(0)} ms`);
console.log(`  validation          ${(done - ready).toFixed(0)} ms (${((done - ready) / files.length).toFixed(2)} ms per definition)`);
console.log(`  total               ${total.toFixed(0)} ms (target < ${TARGET_MS} ms: ${total < TARGET_MS ? 'met' : 'NOT MET'})`);
