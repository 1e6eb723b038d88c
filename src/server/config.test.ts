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
