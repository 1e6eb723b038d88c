import { describe, expect, it } from 'vitest';
import { CaptchaVerifier } from '../captcha.ts';
import { describeCaptcha, readSubmissionConfig } from './config.ts';

const production = { NODE_ENV: 'production', CONTENT_API_BASE: 'https://content.example.com' };

describe('captcha settings', () => {
  it('refuses a production server on a real content service without a captcha secret (it would accept script-made tokens)', () => {
    expect(() => readSubmissionConfig(production)).toThrow(/RECAPTCHA_SECRET is not set/);
  });

  it('starts with a secret, with service-side verification, or with an explicit opt-out, and says which', () => {
    expect(readSubmissionConfig({ ...production, RECAPTCHA_SECRET: 's' }).captchaMode).toBe('google');
    expect(readSubmissionConfig({ ...production, RECAPTCHA_VERIFY: 'service' }).captchaMode).toBe('forward');
    expect(readSubmissionConfig({ ...production, CAPTCHA: 'off' }).captchaMode).toBe('off');
    expect(describeCaptcha('off')).toMatch(/OFF/);
    expect(() => readSubmissionConfig({ ...production, CAPTCHA: 'yes' })).toThrow(/CAPTCHA takes/);
    expect(() => readSubmissionConfig({ ...production, RECAPTCHA_SECRET: 's', RECAPTCHA_VERIFY: 'both' })).toThrow(/RECAPTCHA_VERIFY/);
  });

  it('keeps the local stand-in for npm start on the embedded reference service and in development', () => {
    expect(readSubmissionConfig({ NODE_ENV: 'production' }).captchaMode).toBe('local');
    expect(readSubmissionConfig({ CONTENT_API_BASE: 'http://127.0.0.1:3001' }).captchaMode).toBe('local');
  });

  it('forwards a token untouched when the content service verifies it (a token verifies only once)', async () => {
    const fetch = () => Promise.reject(new Error('the site must not call Google in forward mode'));
    const verifier = new CaptchaVerifier({ mode: 'forward', fetch: fetch as unknown as typeof globalThis.fetch });
    expect(await verifier.verify('03AGdBq2-google-token')).toEqual({ ok: true });
    expect(await verifier.verify('')).toMatchObject({ ok: false });
  });
});

describe('outbox settings', () => {
  it('uses PostgreSQL when OUTBOX_URL is set, the SQLite file otherwise', () => {
    expect(readSubmissionConfig({})).toMatchObject({ outboxUrl: undefined, outboxPoolSize: 10 });
    const url = 'postgres://site:s3cret@db.example.com:5432/leads';
    expect(readSubmissionConfig({ OUTBOX_URL: url, OUTBOX_POOL_SIZE: '25' })).toMatchObject({ outboxUrl: url, outboxPoolSize: 25 });
  });

  it('refuses a URL that is not PostgreSQL without repeating its password', () => {
    for (const url of ['mysql://site:s3cret@db.example.com/leads', 'site:s3cret@db.example.com', 'postgres://site:s3cret@[nonsense']) {
      expect(() => readSubmissionConfig({ OUTBOX_URL: url })).toThrow(/OUTBOX_URL must be a postgres:\/\//);
      expect(() => readSubmissionConfig({ OUTBOX_URL: url })).not.toThrow(/s3cret/);
    }
  });
});
