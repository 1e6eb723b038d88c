import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { CaptchaVerifier, SITEVERIFY_URL } from './captcha.ts';

function google(answer: object | Error, status = 200) {
  return vi.fn<typeof fetch>(async () => {
    if (answer instanceof Error) throw answer;
    return new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } });
  });
}

describe('captcha: local stand-in mode (no secret)', () => {
  it('accepts a local- + UUID v4 token once', async () => {
    const captcha = new CaptchaVerifier();
    expect(captcha.mode).toBe('local');
    const token = `local-${randomUUID()}`;
    expect(await captcha.verify(token)).toEqual({ ok: true });
    expect(await captcha.verify(token)).toMatchObject({ ok: false, reason: 'token already used' });
    expect(await captcha.verify(`local-${randomUUID()}`)).toEqual({ ok: true });
  });

  it.each([
    ['no prefix', randomUUID()],
    ['UUID v1 shape', 'local-6ba7b810-9dad-11d1-80b4-00c04fd430c8'],
    ['not a UUID', 'local-not-a-uuid'],
    ['a Google-looking token', '03AGdBq24' + 'x'.repeat(300)],
    ['empty', ''],
    ['not a string', 42],
  ])('refuses %s', async (_, token) => {
    expect((await new CaptchaVerifier().verify(token)).ok).toBe(false);
  });
});

describe('captcha: Google reCAPTCHA mode (with a secret)', () => {
  it('posts secret, response and remoteip to siteverify and accepts a success for the request host', async () => {
    const fetch = google({ success: true, hostname: 'www.example.com' });
    const captcha = new CaptchaVerifier({ secret: 's3cret', hostnames: ['www.example.com'], fetch });
    expect(captcha.mode).toBe('google');
    expect(await captcha.verify('token-1', { remoteIp: '203.0.113.9', host: 'www.example.com' })).toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe(SITEVERIFY_URL);
    expect(init?.method).toBe('POST');
    expect(Object.fromEntries(new URLSearchParams(String(init?.body)))).toEqual({
      secret: 's3cret',
      response: 'token-1',
      remoteip: '203.0.113.9',
    });
  });

  it('never trusts the request Host header: without configured host names, no Google token passes', async () => {
    const captcha = new CaptchaVerifier({ secret: 's', fetch: google({ success: true, hostname: 'evil.example' }) });
    expect((await captcha.verify('t', { host: 'evil.example' })).ok).toBe(false);
  });

  it('refuses a token solved on another host than the configured ones, whatever Host header the request carries', async () => {
    const configured = { secret: 's', hostnames: ['www.example.com'] };
    expect(
      (
        await new CaptchaVerifier({ ...configured, fetch: google({ success: true, hostname: 'evil.example' }) }).verify('t', {
          host: 'evil.example',
        })
      ).ok,
    ).toBe(false);
    const listed = new CaptchaVerifier({
      secret: 's',
      hostnames: ['example.com', 'www.example.com'],
      fetch: google({ success: true, hostname: 'example.com' }),
    });
    expect(await listed.verify('t', { host: 'internal.local' })).toEqual({ ok: true });
  });

  it('refuses what Google refuses', async () => {
    const result = await new CaptchaVerifier({
      secret: 's',
      fetch: google({ success: false, 'error-codes': ['invalid-input-response'] }),
    }).verify('t', { host: 'a.example' });
    expect(result).toMatchObject({ ok: false, reason: expect.stringContaining('invalid-input-response') });
  });

  it('accepts each token once, without asking Google again', async () => {
    const fetch = google({ success: true, hostname: 'a.example' });
    const captcha = new CaptchaVerifier({ secret: 's', hostnames: ['a.example'], fetch });
    expect((await captcha.verify('once', { host: 'a.example' })).ok).toBe(true);
    expect((await captcha.verify('once', { host: 'a.example' })).ok).toBe(false);
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('forgets used tokens after their lifetime', async () => {
    let now = 0;
    const captcha = new CaptchaVerifier({
      secret: 's',
      hostnames: ['a.example'],
      fetch: google({ success: true, hostname: 'a.example' }),
      now: () => now,
    });
    expect((await captcha.verify('t', { host: 'a.example' })).ok).toBe(true);
    now += 10 * 60_000;
    expect((await captcha.verify('t', { host: 'a.example' })).ok).toBe(true);
  });

  it('reports Google being unreachable or failing as unavailable, and lets the token be tried again', async () => {
    const down = new CaptchaVerifier({ secret: 's', fetch: google(new TypeError('fetch failed')) });
    expect(await down.verify('t', { host: 'a.example' })).toMatchObject({ ok: false, unavailable: true });
    const erroring = new CaptchaVerifier({ secret: 's', fetch: google({}, 500) });
    expect(await erroring.verify('t', { host: 'a.example' })).toMatchObject({ ok: false, unavailable: true });
    expect(await erroring.verify('t', { host: 'a.example' })).toMatchObject({ unavailable: true });
  });

  it('does not accept local stand-in tokens unless Google does', async () => {
    const captcha = new CaptchaVerifier({ secret: 's', fetch: google({ success: false, 'error-codes': ['invalid-input-response'] }) });
    expect((await captcha.verify(`local-${randomUUID()}`, { host: 'a.example' })).ok).toBe(false);
  });
});
