import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

const real = {
  NODE_ENV: 'production',
  CONTENT_API_BASE: 'http://content.internal:8080',
  CONTENT_API_USER: 'site',
  CONTENT_API_PASSWORD: 'secret',
  RECAPTCHA_SECRET: 'captcha-secret',
};

describe('server configuration', () => {
  it('in production against a real content service, needs the public image base (the internal address never reaches the CSP)', () => {
    expect(() => readConfig(real)).toThrow(/IMAGE_BASE_URL must be set/);
    expect(readConfig({ ...real, IMAGE_BASE_URL: 'https://cdn.example.com/uploads' }).imageBaseUrl).toBe(
      'https://cdn.example.com/uploads/',
    );
  });

  it('bounds the shutdown wait at 10 s', () => {
    expect(readConfig({}).shutdownTimeoutMs).toBe(10_000);
    expect(readConfig({ SHUTDOWN_TIMEOUT_MS: '60000' }).shutdownTimeoutMs).toBe(10_000);
    expect(readConfig({ SHUTDOWN_TIMEOUT_MS: '2000' }).shutdownTimeoutMs).toBe(2000);
  });

  it('gives a client 60 s to send a request and 20 s for its headers, never more for the headers than for the whole', () => {
    expect(readConfig({})).toMatchObject({ requestTimeoutMs: 60_000, headersTimeoutMs: 20_000, keepAliveTimeoutMs: 5000 });
    expect(readConfig({ REQUEST_TIMEOUT_MS: '120000', HEADERS_TIMEOUT_MS: '30000' })).toMatchObject({
      requestTimeoutMs: 120_000,
      headersTimeoutMs: 30_000,
    });
    expect(readConfig({ REQUEST_TIMEOUT_MS: '10000' })).toMatchObject({ requestTimeoutMs: 10_000, headersTimeoutMs: 10_000 });
    expect(() => readConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS must be >= 1000, got "0"/);
  });

  it('names every wrong variable, from the one declaration of the environment (schemas/environment.schema.json)', () => {
    const wrong = () => readConfig({ PORT: 'eighty', CAPTCHA: 'yes', SITE_ORIGIN: 'not a url' });
    expect(wrong).toThrow(/PORT must be a whole number, got "eighty"/);
    expect(wrong).toThrow(/CAPTCHA takes "off" or "local", got "yes"/);
    expect(wrong).toThrow(/SITE_ORIGIN must be an absolute URL, got "not a url"/);
    expect(() => readConfig({ OUTBOX_POLL_MS: '5' })).toThrow(/OUTBOX_POLL_MS must be >= 10, got "5"/);
  });

  it('reads defaults and typed values, an empty value counting as unset', () => {
    const config = readConfig({ PORT: '', CONTENT_TIMEOUT_MS: '2500', RECAPTCHA_SITE_KEY: 'public-key' });
    expect(config).toMatchObject({ port: 3000, contentTimeoutMs: 2500, recaptchaSiteKey: 'public-key', production: false });
    expect(config.submissions.rateLimit).toBe(10);
  });

  it('never repeats a secret in its message', () => {
    const wrong = () => readConfig({ OUTBOX_URL: 'mysql://user:hunter2@db/leads', CONTENT_API_PASSWORD: '' });
    expect(wrong).toThrow(/OUTBOX_URL must be a postgres/);
    expect(wrong).not.toThrow(/hunter2/);
  });
});

describe('a configuration that cannot start', () => {
  const broken = {
    CONTENT_API_BASE: 'http://content.internal:8080',
    PORT: 'eighty',
    SITE_ORIGIN: 'https://www.example.com/shop',
    OUTBOX_URL: 'mysql://user:hunter2@db/leads',
    OUTBOX_RETRY_BASE_MS: '5000',
    OUTBOX_RETRY_MAX_MS: '1000',
  };
  const problemsOf = (run: () => unknown): string[] => {
    try {
      run();
    } catch (error) {
      return (error as { problems?: string[] }).problems ?? [(error as Error).message];
    }
    return [];
  };

  it('lists every wrong or missing setting at once, one problem per setting, in one message', () => {
    const problems = problemsOf(() => readConfig({ ...broken, NODE_ENV: 'production' }));
    const expected = [
      /^PORT must be a whole number, got "eighty"/,
      /^SITE_ORIGIN must be an origin only/,
      /^OUTBOX_URL must be a postgres/,
      /^OUTBOX_RETRY_MAX_MS must not be below OUTBOX_RETRY_BASE_MS/,
      /^CONTENT_API_USER and CONTENT_API_PASSWORD must be set/,
      /^IMAGE_BASE_URL must be set/,
      /^RECAPTCHA_SECRET is not set/,
    ];
    expect(problems).toHaveLength(expected.length);
    for (const pattern of expected)
      expect(
        problems.some((p) => pattern.test(p)),
        String(pattern),
      ).toBe(true);
    let message = '';
    try {
      readConfig({ ...broken, NODE_ENV: 'production' });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of [
      'PORT',
      'SITE_ORIGIN',
      'OUTBOX_URL',
      'OUTBOX_RETRY_MAX_MS',
      'CONTENT_API_USER',
      'IMAGE_BASE_URL',
      'RECAPTCHA_SECRET',
    ])
      expect(message).toContain(name);
    expect(message).not.toContain('hunter2');
  });

  it('applies production rules when the launcher says production, whatever NODE_ENV says', () => {
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      const problems = problemsOf(() => readConfig({ CONTENT_API_BASE: broken.CONTENT_API_BASE, NODE_ENV }, { production: true }));
      expect(problems.join('\n'), String(NODE_ENV)).toMatch(/CONTENT_API_USER and CONTENT_API_PASSWORD must be set/);
      expect(problems.join('\n')).toMatch(/IMAGE_BASE_URL must be set/);
      expect(problems.join('\n')).toMatch(/RECAPTCHA_SECRET is not set/);
    }
    const running = readConfig({ ...real, NODE_ENV: undefined, IMAGE_BASE_URL: 'https://cdn.example.com/uploads' }, { production: true });
    expect(running).toMatchObject({ production: true, submissions: { captchaMode: 'google' } });
  });

  it('takes a site-relative image base (images served by the same host as the pages)', () => {
    const config = readConfig({ ...real, IMAGE_BASE_URL: '/uploads' });
    expect(config.imageBaseUrl).toBe('/uploads/');
    expect(problemsOf(() => readConfig({ ...real, IMAGE_BASE_URL: 'uploads' })).join('\n')).toMatch(/IMAGE_BASE_URL must be/);
    expect(problemsOf(() => readConfig({ ...real, IMAGE_BASE_URL: '//cdn.example.com/uploads' })).join('\n')).toMatch(
      /IMAGE_BASE_URL must be/,
    );
  });
});
