/**
 * npm run validate: checks every page definition and site.config.json.
 *   --format github   also print GitHub Actions annotations (::error file=…,line=…,col=…::)
 *   --assumptions     also list every binding that reads an endpoint or field SPEC does not document
 *                     (`x-assumed` in schemas/content/), with file:line:col and the reasons
 * Exit status 1 when anything is wrong (an unknown option too). Warnings (an empty navigation, a
 * link without text or target: the page shows nothing there) are printed, located like problems,
 * and do not fail the run.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { formatIssue, formatWarning, type Issue } from '../src/engine/validate/types.ts';
import { runMain } from './lib/cli.ts';
import { createValidator, loadDefinitionFiles, loadSiteFile } from './lib/project.ts';

const FORMATS = ['text', 'github'] as const;

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { format: { type: 'string', default: 'text' }, assumptions: { type: 'boolean', default: false } },
    allowPositionals: false,
  });
  if (!(FORMATS as readonly string[]).includes(values.format))
    throw new Error(`--format must be ${FORMATS.join(' or ')}, not "${values.format}"`);
  const started = performance.now();
  const validator = await createValidator();
  const files = await loadDefinitionFiles();
  const { issues, warnings, definitions, assumptions } = validator.validate(files, await loadSiteFile());

  const annotate = (kind: 'error' | 'warning', issue: Issue) => {
    if (values.format !== 'github') return;
    const text = `${issue.pointer || '/'}: ${issue.message}`.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
    console.log(`::${kind} file=${issue.file},line=${issue.line},col=${issue.column}::${text}`);
  };
  for (const warning of warnings) {
    console.warn(formatWarning(warning));
    annotate('warning', warning);
  }
  for (const issue of issues) {
    console.error(formatIssue(issue));
    annotate('error', issue);
  }
  const ms = Math.round(performance.now() - started);
  if (issues.length) {
    console.error(
      `\n${issues.length} problem(s) in ${new Set(issues.map((i) => i.file)).size} file(s); ${files.length} definitions checked in ${ms} ms.`,
    );
    return 1;
  }
  if (values.assumptions) {
    for (const a of assumptions)
      console.log(`${a.file}:${a.line}:${a.column} ${a.pointer}: ${a.path}\n    assumed: ${a.reasons.join('\n    assumed: ')}`);
    const inFiles = new Set(assumptions.map((a) => a.file)).size;
    console.log(
      `\n${assumptions.length} binding(s) in ${inFiles} file(s) read what SPEC does not document (see docs/content-api.md, "Assumptions").`,
    );
  }
  const routes = definitions.flatMap((d) => d.routes).length;
  const warned = warnings.length ? `; ${warnings.length} warning(s)` : '';
  console.log(`${files.length} definitions valid (${routes} routes)${warned} in ${ms} ms.`);
  return 0;
}

runMain(import.meta.url, main);
