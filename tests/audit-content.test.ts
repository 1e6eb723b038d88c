/**
 * The live-content audit (tools/audit-content.ts) against the reference content service: it
 * passes on the sample content, and reports a deliberately broken copy (served by a small proxy
 * in this test that corrupts two responses; the shared sample data is not touched) with page,
 * JSON path and reason.
 */
import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentService, type RunningContentService } from '../tools/content-service/server.ts';
import { auditContent, formatReport, type AuditReport, type Finding } from '../tools/audit-content.ts';
import { projectRoot } from '../tools/lib/project.ts';

const BROKEN_HTML =
  '<h2>Broken on purpose</h2><h4>Skipped a level</h4><p><img src="uploads/x.png"> See <a href="/no-such-route">our missing page</a>, <a href="/contact"></a>' +
  ' and <a href="/blog">More</a> or <a href="/careers">More</a>.</p>';

let content: RunningContentService;
let proxy: http.Server;
let proxyUrl: string;

/** Forwards to the reference service; corrupts /api/page/blog and /api/page/privacy-policy. */
function corruptingProxy(target: string): http.Server {
  return http.createServer((req, res) => {
    void (async () => {
      const upstream = await fetch(`${target}${req.url}`, { headers: { Authorization: req.headers.authorization ?? '' } });
      const path = (req.url ?? '').split('?')[0];
      let text = await upstream.text();
      if (upstream.ok && path === '/api/page/blog') {
        const body = JSON.parse(text) as { page_data: Record<string, unknown> };
        delete body.page_data.name;
        text = JSON.stringify(body);
      }
      if (upstream.ok && path === '/api/page/privacy-policy') {
        const body = JSON.parse(text) as { page_data: { content: string } };
        body.page_data.content += BROKEN_HTML;
        text = JSON.stringify(body);
      }
      res.writeHead(upstream.status, { 'Content-Type': upstream.headers.get('content-type') ?? 'application/json' }).end(text);
    })().catch((error: unknown) => res.writeHead(500).end(String(error)));
  });
}

beforeAll(async () => {
  content = await startContentService({ port: 0, log: false });
  proxy = corruptingProxy(content.url);
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
  await content?.close();
});

function findingsOf(report: AuditReport, file: string): Finding[] {
  return report.pages.filter((p) => p.file === file).flatMap((p) => p.findings);
}

describe('npm run audit:content', { timeout: 60_000 }, () => {
  it('passes on the real sample content, auditing every page (routes with parameters through values found in links)', async () => {
    const report = await auditContent({ base: content.url });
    const errors = report.pages.flatMap((p) =>
      p.findings.filter((f) => f.severity === 'error').map((f) => ({ file: p.file, url: p.url, ...f })),
    );
    expect(errors, formatReport(report)).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.pages.length).toBeGreaterThan(40);
    // /blog/:slug is audited with slugs from the blog list, not skipped.
    const posts = report.pages.filter((p) => p.file === 'page-definitions/blog-post.json');
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.every((p) => !p.skipped && /^\/blog\/[a-z0-9-]+$/.test(p.url ?? ''))).toBe(true);
  });

  it('reports a broken sample with page, JSON path and reason', async () => {
    const report = await auditContent({ base: proxyUrl });
    expect(report.ok).toBe(false);

    // page_data.name removed from /api/page/blog: the banner heading binds it.
    expect(findingsOf(report, 'page-definitions/blog.json')).toContainEqual(
      expect.objectContaining({
        severity: 'error',
        pointer: '/sections/0/heading/$bind/0',
        path: 'page.page_data.name',
        message: expect.stringMatching(
          /^missing: GET \/api\/page\/blog has no "name" in page\.page_data, though the content contract requires it/,
        ),
      }),
    );

    const privacy = findingsOf(report, 'page-definitions/privacy-policy.json');
    const at = { pointer: '/sections/1/html', path: 'page.page_data.content' };
    expect(privacy).toContainEqual(
      expect.objectContaining({ ...at, severity: 'error', message: expect.stringMatching(/<img src="uploads\/x\.png"> has no alt text/) }),
    );
    expect(privacy).toContainEqual(
      expect.objectContaining({
        ...at,
        severity: 'error',
        message: expect.stringMatching(/links to \/no-such-route, which no page definition answers/),
      }),
    );
    expect(privacy).toContainEqual(expect.objectContaining({ ...at, severity: 'error', message: 'the link to /contact has no text' }));
    expect(privacy).toContainEqual(
      expect.objectContaining({
        ...at,
        severity: 'warning',
        message: expect.stringMatching(/heading <h4> "Skipped a level" follows an <h2>: it skips a level/),
      }),
    );
    expect(privacy).toContainEqual(
      expect.objectContaining({
        ...at,
        severity: 'warning',
        message: expect.stringMatching(/link text "More" is used for 2 different targets/),
      }),
    );

    const text = formatReport(report);
    expect(text).toContain('page-definitions/blog.json  /blog');
    expect(text).toContain('page-definitions/privacy-policy.json  /privacy-policy');
    expect(text).toMatch(/error\s+\/sections\/0\/heading\/\$bind\/0 {2}page\.page_data\.name/);
  });

  it('as a command: exits 1 on errors and prints a JSON report with --json', { timeout: 60_000 }, async () => {
    const run = promisify(execFile);
    const failure = await run(process.execPath, ['--import', 'tsx', 'tools/audit-content.ts', '--base', proxyUrl, '--json'], {
      cwd: projectRoot,
    }).then(
      () => undefined,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failure?.code).toBe(1);
    const report = JSON.parse(failure!.stdout) as AuditReport;
    expect(report.errors).toBeGreaterThan(0);
    expect(
      report.pages.some((p) => p.file === 'page-definitions/blog.json' && p.findings.some((f) => f.path === 'page.page_data.name')),
    ).toBe(true);

    const ok = await run(process.execPath, ['--import', 'tsx', 'tools/audit-content.ts', '--base', content.url], { cwd: projectRoot });
    expect(ok.stdout).toMatch(/0 error\(s\)/);
  });
});
