/** The audit report: findings repeated per list entry folded into one, totals, and the text form. */
import type { AuditReport, Finding, PageReport } from './types.ts';

/** Findings repeated for every entry of a list become one, naming how many entries have it. */
export function collapse(findings: Finding[]): Finding[] {
  const norm = (s?: string) => (s ?? '').replace(/\.\d+(?=\.|$|")/g, '.#');
  const groups = new Map<string, { finding: Finding; entries: string[] }>();
  for (const finding of findings) {
    const key = `${finding.severity}|${finding.pointer}|${norm(finding.path)}|${norm(finding.message)}`;
    const index = /\.(\d+)(?:\.|$)/.exec(finding.path ?? '')?.[1];
    const group = groups.get(key);
    if (group) {
      if (index !== undefined) group.entries.push(index);
    } else groups.set(key, { finding: { ...finding }, entries: index !== undefined ? [index] : [] });
  }
  return [...groups.values()].map(({ finding, entries }) =>
    entries.length > 1
      ? {
          ...finding,
          message: `${finding.message} (in ${entries.length} entries: ${entries.slice(0, 8).join(', ')}${entries.length > 8 ? ', …' : ''})`,
        }
      : finding,
  );
}

/** The report of the pages audited, with its totals. */
export function summarize(base: string, pages: PageReport[], notices: string[], requests: number): AuditReport {
  const all = pages.flatMap((p) => p.findings);
  const errors = all.filter((f) => f.severity === 'error').length;
  return { base, pages, notices, requests, errors, warnings: all.length - errors, ok: errors === 0 };
}

export function formatReport(report: AuditReport): string {
  const lines: string[] = [`Content audit of ${report.base}: ${report.pages.length} page(s), ${report.requests} content read(s)`];
  let clean = 0;
  for (const page of report.pages) {
    if (page.skipped) continue;
    if (!page.findings.length) {
      clean++;
      continue;
    }
    lines.push('', `${page.file}  ${page.url ?? '(not-found page)'}`);
    for (const f of page.findings) {
      const source = f.source && !f.message.includes(f.source) ? `  [${f.source}]` : '';
      lines.push(`  ${f.severity.padEnd(7)} ${f.pointer}${f.path ? `  ${f.path}` : ''}${source}`, `          ${f.message}`);
    }
  }
  if (report.notices.length) lines.push('', ...report.notices.map((n) => `note: ${n}`));
  lines.push('', `${clean} page(s) without findings. ${report.errors} error(s), ${report.warnings} warning(s).`);
  return lines.join('\n');
}
