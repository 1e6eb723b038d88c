/**
 * Configuration of form submissions and the outbox, from the environment (../environment.ts).
 * Secrets (RECAPTCHA_SECRET) stay on the server.
 */
import path from 'node:path';
import { ConfigError, inspectEnvironment, type ResolvedEnvironment } from '../environment.ts';
import type { OutboxConfig } from '../outbox/config.ts';
import { redactUrl } from '../outbox/postgres.ts';

export interface SubmissionConfig extends OutboxConfig {
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

/** The captcha mode the settings choose (a production site refuses `local` by default: submissionProblems). */
function captchaMode(e: ResolvedEnvironment): CaptchaMode {
  if (e.CAPTCHA) return e.CAPTCHA;
  if (e.RECAPTCHA_VERIFY === 'service') return 'forward';
  if (e.RECAPTCHA_SECRET) return 'google';
  return 'local';
}

/** OUTBOX_URL is a postgres URL (checked here rather than by a schema pattern, whose error would repeat the password). */
function isOutboxUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url) && URL.canParse(url);
}

/** The submission rules that span variables, production's among them: one problem per setting. */
export function submissionProblems(e: ResolvedEnvironment, production: boolean): string[] {
  const problems: string[] = [];
  // The stand-in chosen by default, against a real content service: scripts could make its tokens.
  if (production && e.CONTENT_API_BASE && !e.CAPTCHA && captchaMode(e) === 'local')
    problems.push(
      'RECAPTCHA_SECRET is not set: a production site talking to a real content service would accept script-made stand-in captcha tokens. ' +
        'Set RECAPTCHA_SECRET (and RECAPTCHA_SITE_KEY), or RECAPTCHA_VERIFY=service if the content service verifies tokens, or CAPTCHA=off to run without a captcha (CAPTCHA=local keeps the stand-in, for tests and demos).',
    );
  if (e.OUTBOX_URL !== undefined && !isOutboxUrl(e.OUTBOX_URL))
    problems.push(`OUTBOX_URL must be a postgres:// or postgresql:// URL, got "${redactUrl(e.OUTBOX_URL)}"`);
  if (e.OUTBOX_RETRY_MAX_MS !== undefined && e.OUTBOX_RETRY_BASE_MS !== undefined && e.OUTBOX_RETRY_MAX_MS < e.OUTBOX_RETRY_BASE_MS)
    problems.push('OUTBOX_RETRY_MAX_MS must not be below OUTBOX_RETRY_BASE_MS');
  return problems;
}

/** The submission settings of an environment submissionProblems found nothing wrong with. */
export function submissionSettings(e: ResolvedEnvironment): SubmissionConfig {
  return {
    outboxDb: path.resolve(e.OUTBOX_DB),
    outboxUrl: e.OUTBOX_URL,
    outboxPoolSize: e.OUTBOX_POOL_SIZE,
    outboxPollMs: e.OUTBOX_POLL_MS,
    outboxRetryBaseMs: e.OUTBOX_RETRY_BASE_MS,
    outboxRetryMaxMs: e.OUTBOX_RETRY_MAX_MS,
    outboxMaxAgeMs: e.OUTBOX_MAX_AGE_MS,
    outboxTimeoutMs: e.OUTBOX_TIMEOUT_MS,
    outboxDbTimeoutMs: e.OUTBOX_DB_TIMEOUT_MS,
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
}

/**
 * The submission settings of `env` alone (the outbox CLI; tests); throws a ConfigError listing
 * every problem. Production rules as NODE_ENV says unless `production` is given.
 */
export function readSubmissionConfig(env: NodeJS.ProcessEnv = process.env, production = env.NODE_ENV === 'production'): SubmissionConfig {
  const { environment, problems } = inspectEnvironment(env);
  problems.push(...submissionProblems(environment, production));
  if (problems.length) throw new ConfigError(problems);
  return submissionSettings(environment);
}
