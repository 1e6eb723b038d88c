import { describe, expect, it } from 'vitest';
import { submitForm } from './submit.ts';

const answer = (status: number, body: unknown = {}, headers: Record<string, string> = {}) =>
  (async () => new Response(JSON.stringify(body), { status, headers })) as unknown as typeof fetch;

describe('submitForm', () => {
  it('sends JSON with the idempotency key and reports success', async () => {
    let seen: RequestInit | undefined;
    const fake = (async (_url: string, init: RequestInit) => {
      seen = init;
      return new Response('{}', { status: 202 });
    }) as unknown as typeof fetch;
    expect(await submitForm('/api/contact_form', { name: 'A' }, 'k123456789', fake)).toEqual({ ok: true });
    expect((seen?.headers as Record<string, string>)['Idempotency-Key']).toBe('k123456789');
    expect(seen?.body).toBe('{"name":"A"}');
  });

  it('turns every failure into a message that says nothing was lost', async () => {
    const cases = [
      await submitForm('/x', {}, 'k', answer(503)),
      await submitForm('/x', {}, 'k', answer(429, {}, { 'Retry-After': '120' })),
      await submitForm('/x', {}, 'k', answer(400, { message: 'Missing Idempotency-Key.' })),
      await submitForm('/x', {}, 'k', (async () => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch),
    ];
    for (const result of cases) {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toContain('Nothing you entered has been lost');
    }
    expect(cases[1].ok === false && cases[1].message).toContain('in 2 minutes');
  });

  it('passes field errors of a 422 through', async () => {
    const result = await submitForm('/x', {}, 'k', answer(422, { message: 'Invalid', errors: { email: ['Email not valid.'] } }));
    expect(result).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'Please correct the highlighted fields.',
      errors: { email: ['Email not valid.'] },
    });
  });
});
