/**
 * Configuration of form submissions and the outbox, read once from the environment (documented in
 * README.md, next to the variables of ../config.ts). Secrets (RECAPTCHA_SECRET) stay on the server.
 */
import path from 'node:path';

export interface SubmissionConfig {
  /** SQLite file of the outbox (created with its folder). */
  outboxDb: string;
  outboxPollMs: number;
  outboxRetryBaseMs: number;
  outboxRetryMaxMs: number;
  outboxMaxAgeMs: number;
  /** Timeout of one delivery to the content service. */
  outboxTimeoutMs: number;
  /** Dead letters are kept this long, then removed (0 keeps them forever). */
  outboxDeadRetentionMs: number;
  /** The oldest pending lead older than this is logged as an error (and shown by /readyz). */
  outboxPendingAlertMs: number;
  rateLimit: number;
  rateWindowMs: number;
  /** Lower-case name of the header a trusted proxy sets to the client address, if any. */
  trustProxyHeader?: string;
  recaptchaSecret?: string;
  /** Host names a Google captcha token may have been solved on; empty = the request's own host. */
  recaptchaHostnames: string[];
  /**
   * Who checks the captcha: `google` (the site verifies each token with Google, then forwards it),
   * `forward` (the content service verifies: the site forwards the token untouched, since a token
   * is single-use and a second verification would fail), `local` (the stand-in checkbox: development
   * and the embedded reference service only) or `off` (no captcha, explicitly chosen).
   */
  captchaMode: CaptchaMode;
}

export type CaptchaMode = 'google' | 'forward' | 'local' | 'off';

/** One line for the start-up log: which captcha checks leads. */
export function describeCaptcha(mode: CaptchaMode): string {
  return {
    google: 'Captcha: Google reCAPTCHA, verified by the site (the content service must not verify the token again)',
    forward: 'Captcha: Google reCAPTCHA, token forwarded to the content service, which verifies it',
    local: 'Captcha: local stand-in (no RECAPTCHA_SECRET; for development and the embedded reference service only)',
    off: 'Captcha: OFF (CAPTCHA=off): submissions are accepted without a captcha',
  }[mode];
}

/** The captcha mode, refusing a production server that would accept script-made stand-in tokens. */
function captchaMode(env: NodeJS.ProcessEnv): CaptchaMode {
  if (env.CAPTCHA !== undefined && env.CAPTCHA !== '' && env.CAPTCHA !== 'off' && env.CAPTCHA !== 'local')
    throw new Error(`CAPTCHA takes "off" (no captcha) or "local" (the stand-in, for tests and demos), got "${env.CAPTCHA}"`);
  const verify = env.RECAPTCHA_VERIFY || 'site';
  if (verify !== 'site' && verify !== 'service') throw new Error(`RECAPTCHA_VERIFY must be "site" or "service", got "${verify}"`);
  if (env.CAPTCHA === 'off') return 'off';
  if (env.CAPTCHA === 'local') return 'local';
  if (verify === 'service') return 'forward';
  if (env.RECAPTCHA_SECRET) return 'google';
  if (env.NODE_ENV === 'production' && env.CONTENT_API_BASE)
    throw new Error(
      'RECAPTCHA_SECRET is not set: a production site talking to a real content service would accept script-made stand-in captcha tokens. ' +
        'Set RECAPTCHA_SECRET (and RECAPTCHA_SITE_KEY), or RECAPTCHA_VERIFY=service if the content service verifies tokens, or CAPTCHA=off to run without a captcha (CAPTCHA=local keeps the stand-in, for tests and demos).',
    );
  return 'local';
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min) throw new Error(`${name} must be a whole number of at least ${min}, got "${value}"`);
  return n;
}

export function readSubmissionConfig(env: NodeJS.ProcessEnv = process.env): SubmissionConfig {
  const header = env.TRUST_PROXY_HEADER?.trim().toLowerCase();
  if (header && !/^[a-z0-9-]+$/.test(header)) throw new Error(`TRUST_PROXY_HEADER must be a header name, got "${env.TRUST_PROXY_HEADER}"`);
  const config: SubmissionConfig = {
    outboxDb: path.resolve(env.OUTBOX_DB || 'data/outbox.sqlite'),
    outboxPollMs: int(env, 'OUTBOX_POLL_MS', 1000, 10),
    outboxRetryBaseMs: int(env, 'OUTBOX_RETRY_BASE_MS', 2000, 1),
    outboxRetryMaxMs: int(env, 'OUTBOX_RETRY_MAX_MS', 600_000, 1),
    outboxMaxAgeMs: int(env, 'OUTBOX_MAX_AGE_MS', 86_400_000, 1),
    outboxTimeoutMs: int(env, 'OUTBOX_TIMEOUT_MS', 15_000, 100),
    outboxDeadRetentionMs: int(env, 'OUTBOX_DEAD_RETENTION_MS', 30 * 86_400_000, 0),
    outboxPendingAlertMs: int(env, 'OUTBOX_PENDING_ALERT_MS', 3_600_000, 1000),
    rateLimit: int(env, 'SUBMIT_RATE_LIMIT', 10, 1),
    rateWindowMs: int(env, 'SUBMIT_RATE_WINDOW_MS', 600_000, 1),
    trustProxyHeader: header || undefined,
    recaptchaSecret: env.RECAPTCHA_SECRET || undefined,
    recaptchaHostnames: (env.RECAPTCHA_HOSTNAMES ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    captchaMode: captchaMode(env),
  };
  if (config.outboxRetryMaxMs < config.outboxRetryBaseMs) throw new Error('OUTBOX_RETRY_MAX_MS must not be below OUTBOX_RETRY_BASE_MS');
  return config;
}

let current: SubmissionConfig | undefined;
export function submissionConfig(): SubmissionConfig {
  current ??= readSubmissionConfig();
  return current;
}
