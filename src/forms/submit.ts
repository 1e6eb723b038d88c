/**
 * Sends a form to the site's own API. Every failure becomes a message the visitor can act on;
 * the caller keeps the typed data and the idempotency key, so a retry never duplicates a lead.
 */
import type { FieldErrors } from './errors.ts';

export const SUBMIT_TIMEOUT_MS = 20_000;

export type SubmitResult =
  | { ok: true }
  | { ok: false; kind: 'invalid'; message: string; errors: FieldErrors }
  | { ok: false; kind: 'rate-limited' | 'rejected' | 'server' | 'network' | 'timeout'; message: string };

const KEPT = 'Nothing you entered has been lost: you can try again.';

export function newIdempotencyKey(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

export async function submitForm(
  endpoint: string,
  body: unknown,
  key: string,
  fetchImpl: typeof fetch = fetch,
  formName?: string,
): Promise<SubmitResult> {
  let response: Response;
  try {
    response = await fetchImpl(endpoint, {
      method: 'POST',
      // Form-Name lets the server apply this form's rules where forms share an endpoint.
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'Idempotency-Key': key,
        ...(formName ? { 'Form-Name': formName } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(SUBMIT_TIMEOUT_MS),
    });
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return { ok: false, kind: 'timeout', message: `The server took too long to answer. ${KEPT}` };
    }
    return { ok: false, kind: 'network', message: `We could not reach the server — please check your connection. ${KEPT}` };
  }
  if (response.ok) return { ok: true };
  const payload = (await response.json().catch(() => ({}))) as { message?: string; errors?: FieldErrors };
  if (response.status === 422 && payload.errors) {
    return { ok: false, kind: 'invalid', message: 'Please correct the highlighted fields.', errors: payload.errors };
  }
  if (response.status === 429) {
    const wait = Number(response.headers.get('Retry-After'));
    const when = Number.isFinite(wait) && wait > 0 ? `in ${Math.ceil(wait / 60)} minute${wait > 60 ? 's' : ''}` : 'in a few minutes';
    return { ok: false, kind: 'rate-limited', message: `Too many submissions from your connection. Please try again ${when}. ${KEPT}` };
  }
  if (response.status >= 500) {
    return {
      ok: false,
      kind: 'server',
      message: `Our server could not accept your submission just now (error ${response.status}). ${KEPT}`,
    };
  }
  return { ok: false, kind: 'rejected', message: `${payload.message ?? `The submission was refused (error ${response.status}).`} ${KEPT}` };
}
