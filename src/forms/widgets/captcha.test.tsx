import { PassThrough } from 'node:stream';
import type { WidgetProps } from '@rjsf/utils';
import { prerenderToNodeStream } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { CaptchaWidget } from './captcha.tsx';

/** The widget as the server renders it, everything waited for (as src/entry.server.tsx does). */
async function serverHtml(captchaSiteKey?: string): Promise<{ html: string; errors: unknown[] }> {
  const errors: unknown[] = [];
  const props = {
    id: 'root_recaptcha',
    schema: { type: 'string' },
    registry: { formContext: { captchaSiteKey, setField: () => undefined } },
    onChange: () => undefined,
    onBlur: () => undefined,
    required: true,
  } as unknown as WidgetProps;
  const { prelude } = await prerenderToNodeStream(<CaptchaWidget {...props} />, { onError: (error) => void errors.push(error) });
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  await new Promise((done) => {
    sink.on('end', done);
    prelude.pipe(sink);
  });
  return { html: Buffer.concat(chunks).toString('utf8'), errors };
}

describe('CaptchaWidget on the server', () => {
  it("with Google's site key: renders the widget's place, never Google's widget (it needs a browser)", async () => {
    const { html, errors } = await serverHtml('site-key-of-the-test');
    expect(errors).toEqual([]);
    expect(html).toContain('Loading verification…');
    expect(html).toContain('id="root_recaptcha"');
  });

  it('without a site key: the local stand-in checkbox', async () => {
    const { html, errors } = await serverHtml();
    expect(errors).toEqual([]);
    expect(html).toContain('type="checkbox"');
  });
});
