/**
 * Server-side captcha check of a form's `recaptcha` token.
 * - With a secret (RECAPTCHA_SECRET): Google reCAPTCHA v2 siteverify; the answer must be a success
 *   for one of the allowed host names, and each token is accepted once.
 * - Without one (local development and tests): the browser's stand-in checkbox sends
 *   `local-<UUID v4>`; only that shape is accepted, each token once.
 * - `forward`: the content service verifies tokens; the site forwards them untouched (checking
 *   only that one is there), so a single-use token is verified once.
 * - `off`: no captcha (an operator's explicit choice, CAPTCHA=off).
 * Which one runs is decided by ./submissions/config.ts (a production site never falls back to `local`).
 */
import type { CaptchaMode } from './submissions/config.ts';
export const SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
/** Google tokens expire two minutes after they are solved; remembered a little longer. */
const GOOGLE_TOKEN_TTL_MS = 5 * 60_000;
/** Local tokens carry no expiry; remembered for a day. */
const LOCAL_TOKEN_TTL_MS = 24 * 3_600_000;
const LOCAL_TOKEN = /^local-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export type CaptchaResult = { ok: true } | { ok: false; reason: string; unavailable?: true };

export interface CaptchaOptions {
  /** Default: `google` with a secret, else `local`. */
  mode?: CaptchaMode;
  secret?: string;
  /** Allowed host names (lower case): RECAPTCHA_HOSTNAMES, else the host of SITE_ORIGIN. */
  hostnames?: string[];
  fetch?: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
}

export interface CaptchaRequest {
  /** Visitor address, passed to Google as remoteip. */
  remoteIp?: string;
  /** Host name the form was posted to (without port). */
  host?: string;
}

interface SiteverifyAnswer {
  success?: boolean;
  hostname?: string;
  'error-codes'?: string[];
}

export class CaptchaVerifier {
  readonly mode: CaptchaMode;
  private readonly used = new Map<string, number>();
  private readonly now: () => number;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: CaptchaOptions = {}) {
    this.mode = options.mode ?? (options.secret ? 'google' : 'local');
    if (this.mode === 'google' && !options.secret) throw new Error('the google captcha mode needs RECAPTCHA_SECRET');
    this.now = options.now ?? Date.now;
    this.fetch = options.fetch ?? ((...args) => fetch(...args));
  }

  async verify(token: unknown, request: CaptchaRequest = {}): Promise<CaptchaResult> {
    if (this.mode === 'off') return { ok: true };
    if (typeof token !== 'string' || token.length === 0 || token.length > 4096) return { ok: false, reason: 'missing or malformed token' };
    if (this.mode === 'forward') return { ok: true };
    this.forgetExpired();
    if ((this.used.get(token) ?? 0) > this.now()) return { ok: false, reason: 'token already used' };
    if (this.mode === 'local') {
      if (!LOCAL_TOKEN.test(token)) return { ok: false, reason: 'not a local stand-in token' };
      this.used.set(token, this.now() + LOCAL_TOKEN_TTL_MS);
      return { ok: true };
    }
    // Claimed before the network call, so two requests racing with one token cannot both pass.
    this.used.set(token, this.now() + GOOGLE_TOKEN_TTL_MS);
    const result = await this.siteverify(token, request);
    if (result.ok === false && result.unavailable) this.used.delete(token); // the visitor may try again with it
    return result;
  }

  private async siteverify(token: string, request: CaptchaRequest): Promise<CaptchaResult> {
    const form = new URLSearchParams({ secret: this.options.secret ?? '', response: token });
    if (request.remoteIp) form.set('remoteip', request.remoteIp);
    let answer: SiteverifyAnswer;
    try {
      const response = await this.fetch(SITEVERIFY_URL, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
      });
      if (!response.ok) {
        await response.body?.cancel();
        return { ok: false, reason: `siteverify answered ${response.status}`, unavailable: true };
      }
      answer = (await response.json()) as SiteverifyAnswer;
    } catch (error) {
      return { ok: false, reason: `siteverify unreachable: ${(error as Error).message}`, unavailable: true };
    }
    if (answer?.success !== true)
      return { ok: false, reason: `rejected (${(answer?.['error-codes'] ?? []).join(', ') || 'no reason given'})` };
    // The Host header is the visitor's to choose: compare with configured names only.
    const allowed = this.options.hostnames ?? [];
    const hostname = String(answer.hostname ?? '').toLowerCase();
    if (!allowed.includes(hostname))
      return { ok: false, reason: `solved on host "${hostname}", expected ${allowed.join(' or ') || 'a configured host'}` };
    return { ok: true };
  }

  private forgetExpired(): void {
    if (this.used.size < 1000) return;
    const now = this.now();
    for (const [token, expires] of this.used) if (expires <= now) this.used.delete(token);
  }
}
