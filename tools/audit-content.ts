/**
 * npm run audit:content -- --base <content service URL> [--json] [--max-per-route N]
 *
 * Reads every source that the page definitions use from a real content service (Basic
 * credential from CONTENT_API_USER / CONTENT_API_PASSWORD) and reports, per page:
 *   - fields a binding expects that are missing or of the wrong type (error when the content
 *     contract requires the field, when the value's type is wrong, or when a prop the block needs
 *     gets no value; warning when an optional field is absent and the block renders without it),
 *   - lists ($each) that are empty (warning),
 *   - in HTML (props the block schema marks "contentMediaType": "text/html"): <img> without alt
 *     and links without text (errors), the same link text for different targets and headings that
 *     skip a level (warnings),
 *   - links (in HTML and bound or literal hrefs) to site paths no definition answers (errors).
 * Routes with parameters (/blog/:slug) are audited for values found in links of the content
 * (up to --max-per-route, default 3); without any, the page is skipped with a notice.
 * Exit status 1 when there is an error; warnings do not fail. --json prints the report as JSON.
 *
 * The audit itself is tools/audit/: audit.ts (the course over the pages), content.ts (reads, through
 * the site's content client and page loader), walk.ts (the schema walker), lookup.ts, html.ts,
 * links.ts, report.ts.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { auditContent } from './audit/audit.ts';
import { formatReport } from './audit/report.ts';
import { runMain } from './lib/cli.ts';

export { auditContent, formatReport };
export type { AuditOptions, AuditReport, Finding, PageReport, Severity } from './audit/types.ts';

const USAGE =
  'Usage: npm run audit:content -- --base <content service URL> [--json] [--max-per-route 3]\nCredential: CONTENT_API_USER, CONTENT_API_PASSWORD.';

const FLAGS = {
  base: { type: 'string' },
  json: { type: 'boolean' },
  'max-per-route': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} satisfies ParseArgsConfig['options'];

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: FLAGS });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const base = values.base ?? process.env.CONTENT_API_BASE;
  if (!base) {
    console.error('audit:content: give the content service with --base <URL> (or CONTENT_API_BASE)');
    return 2;
  }
  if (!process.env.CONTENT_API_USER || !process.env.CONTENT_API_PASSWORD) {
    console.error('note: CONTENT_API_USER / CONTENT_API_PASSWORD not set: using the reference service’s development credential');
  }
  const report = await auditContent({
    base,
    user: process.env.CONTENT_API_USER || undefined,
    password: process.env.CONTENT_API_PASSWORD || undefined,
    maxPerRoute: values['max-per-route'] ? Number(values['max-per-route']) : undefined,
  });
  console.log(values.json ? JSON.stringify(report, null, 2) : formatReport(report));
  return report.ok ? 0 : 1;
}

runMain(import.meta.url, main);
