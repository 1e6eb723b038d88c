import { describe, expect, it } from 'vitest';
import career from '../../generated/forms/career.json' with { type: 'json' };
import { BODY_MARGIN_BYTES, maxBodyBytes } from './body-limit.ts';

const schema = career.schema as unknown as Parameters<typeof maxBodyBytes>[0] & { properties: Record<string, { maxLength?: number }> };

/** The largest body a legal career application can have: every field at its maximum, in its widest legal characters. */
function largestCareerPost(): string {
  const p = schema.properties;
  const max = (key: string) => p[key].maxLength!;
  return JSON.stringify({
    name: 'N'.repeat(max('name')),
    email: `${'a'.repeat(max('email') - 12)}@example.com`,
    mobile: '9'.repeat(max('mobile')),
    current_org: 'O'.repeat(max('current_org')),
    current_designation: 'D'.repeat(max('current_designation')),
    experience: 'E'.repeat(max('experience')),
    job_code: '"'.repeat(max('job_code')), // no pattern: escaped characters are legal
    message: 'M'.repeat(max('message')),
    resume_filename: `${'"'.repeat(max('resume_filename') - 4)}.pdf`,
    resume_base64: 'A'.repeat(max('resume_base64')),
    recaptcha: '\u0001'.repeat(max('recaptcha')), // the widest JSON encoding: \u0001
    checkBox: true,
  });
}

describe('submission body limit', () => {
  it('is the largest legal career post plus a few KB, computed from the career schema', () => {
    const limit = maxBodyBytes(schema);
    const largest = Buffer.byteLength(largestCareerPost());
    expect(limit).toBeGreaterThanOrEqual(largest);
    expect(limit - largest).toBeLessThan(64 * 1024);
    expect(limit).toBeGreaterThan(schema.properties.resume_base64.maxLength! + BODY_MARGIN_BYTES);
    expect(limit).toBeLessThan(5 * 1024 * 1024);
  });

  it('counts unbounded fields with a fixed allowance and non-strings by their widest value', () => {
    expect(maxBodyBytes({ properties: {} })).toBe(2 + BODY_MARGIN_BYTES);
    expect(maxBodyBytes({ properties: { a: { type: 'boolean' } } })).toBe(2 + BODY_MARGIN_BYTES + 5 + 5);
    expect(maxBodyBytes({ properties: { id: { type: ['string', 'integer'] } } })).toBe(2 + BODY_MARGIN_BYTES + 6 + 2 + 1024 * 6);
  });
});
