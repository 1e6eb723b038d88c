/** The tools' and tests' browser start (tools/lib/chromium.ts): a missing browser is named, with what installs it. */
import { describe, expect, it } from 'vitest';
import { launch } from '../tools/lib/chromium.ts';

describe('launching Chromium', () => {
  it('names the missing browser and what installs it, instead of a driver error', async () => {
    await expect(launch('/no/such/chromium')).rejects.toThrow(
      "No browser at /no/such/chromium: install Debian's chromium (.ci/run does) or set CHROMIUM_PATH to a Chromium of your own.",
    );
  });
});
