import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

const real = {
  NODE_ENV: 'production',
  CONTENT_API_BASE: 'http://content.internal:8080',
  CONTENT_API_USER: 'site',
  CONTENT_API_PASSWORD: 'secret',
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
});
