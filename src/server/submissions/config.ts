/**
 * Configuration of form submissions and the outbox, from the environment (../environment.ts).
 * Secrets (RECAPTCHA_SECRET) stay on the server.
 */
import path from 'node:path';
import { readEnvironment, type ResolvedEnvironment } from '../environment.ts';
import { redactUrl } from '../outbox/postgres.ts';

export interface SubmissionConfig {
  /** SQLite file of the outbox (created with its folder); unused with `outboxUrl`. */
  outboxDb: string;
  /** PostgreSQL outbox shared by every instance (it holds a password: never log it whole). */
  outboxUrl?: string;
  /** Most PostgreSQL connections of one instance. */
  outboxPoolSize: number;
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
function captchaMode(e: ResolvedEnvironment): CaptchaMode {
  if (e.CAPTCHA) return e.CAPTCHA;
  if (e.RECAPTCHA_VERIFY === 'service') return 'forward';
  if (e.RECAPTCHA_SECRET) return 'google';
  if (e.NODE_ENV === 'production' && e.CONTENT_API_BASE)
    throw new Error(
      'RECAPTCHA_SECRET is not set: a production site talking to a real content service would accept script-made stand-in captcha tokens. ' +
        'Set RECAPTCHA_SECRET (and RECAPTCHA_SITE_KEY), or RECAPTCHA_VERIFY=service if the content service verifies tokens, or CAPTCHA=off to run without a captcha (CAPTCHA=local keeps the stand-in, for tests and demos).',
    );
  return 'local';
}

/** OUTBOX_URL, checked here rather than by a schema pattern, whose error would repeat the password. */
function outboxUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  let valid = /^postgres(ql)?:\/\//.test(url);
  try {
    new URL(url);
  } catch {
    valid = false;
  }
  if (!valid) throw new Error(`Configuration: OUTBOX_URL must be a postgres:// or postgresql:// URL, got "${redactUrl(url)}"`);
  return url;
}

export function submissionSettings(e: ResolvedEnvironment): SubmissionConfig {
  const config: SubmissionConfig = {
    outboxDb: path.resolve(e.OUTBOX_DB),
    outboxUrl: outboxUrl(e.OUTBOX_URL),
    outboxPoolSize: e.OUTBOX_POOL_SIZE,
    outboxPollMs: e.OUTBOX_POLL_MS,
    outboxRetryBaseMs: e.OUTBOX_RETRY_BASE_MS,
    outboxRetryMaxMs: e.OUTBOX_RETRY_MAX_MS,
    outboxMaxAgeMs: e.OUTBOX_MAX_AGE_MS,
    outboxTimeoutMs: e.OUTBOX_TIMEOUT_MS,
    outboxDeadRetentionMs: e.OUTBOX_DEAD_RETENTION_MS,
    outboxPendingAlertMs: e.OUTBOX_PENDING_ALERT_MS,
    rateLimit: e.SUBMIT_RATE_LIMIT,
    rateWindowMs: e.SUBMIT_RATE_WINDOW_MS,
    trustProxyHeader: e.TRUST_PROXY_HEADER?.toLowerCase(),
    recaptchaSecret: e.RECAPTCHA_SECRET,
    recaptchaHostnames: (e.RECAPTCHA_HOSTNAMES ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    captchaMode: captchaMode(e),
  };
  if (config.outboxRetryMaxMs < config.outboxRetryBaseMs) throw new Error('OUTBOX_RETRY_MAX_MS must not be below OUTBOX_RETRY_BASE_MS');
  return config;
}

/** The submission settings of `env` alone (the outbox CLI; tests). */
export function readSubmissionConfig(env: NodeJS.ProcessEnv = process.env): SubmissionConfig {
  return submissionSettings(readEnvironment(env));
}
