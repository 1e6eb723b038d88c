import { describe, expect, it } from 'vitest';
import { refuseInvalid } from './definitions.server.ts';

describe('invalid definitions at start-up', () => {
  it('a production server refuses to start on definitions npm run validate rejects, unless told to serve the rest', () => {
    expect(() => refuseInvalid(2, true, {})).toThrow(/2 problem\(s\) in the page definitions .* not starting/);
    expect(() => refuseInvalid(2, true, { ALLOW_INVALID_DEFINITIONS: '1' })).not.toThrow();
    expect(() => refuseInvalid(2, false, {})).not.toThrow(); // development: logged, broken parts left out
    expect(() => refuseInvalid(0, true, {})).not.toThrow();
  });
});
