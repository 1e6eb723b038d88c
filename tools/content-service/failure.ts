// Failure switch for tests: makes POST submissions fail (503) or hang, for a number of
// requests or until reset, so the site's retry path can be exercised end to end.
import { pointer, type FieldError } from './http.ts';

export const FAILURE_MODES = ['none', 'error', 'hang'] as const;
export type FailureMode = (typeof FAILURE_MODES)[number];

export class FailureSwitch {
  private mode: FailureMode = 'none';
  /** Requests still to fail; Infinity = until reset. */
  private remaining = Infinity;

  set(mode: FailureMode, times?: number): void {
    if (!FAILURE_MODES.includes(mode)) throw new Error(`failure mode must be one of ${FAILURE_MODES.join(', ')}`);
    if (times !== undefined && !(Number.isSafeInteger(times) && times >= 1)) throw new Error('failure times must be a positive integer');
    this.mode = mode;
    this.remaining = times ?? Infinity;
  }

  state(): { mode: FailureMode; times?: number } {
    return this.mode === 'none' || this.remaining === Infinity ? { mode: this.mode } : { mode: this.mode, times: this.remaining };
  }

  /** The failure this request gets, counting it against `times`. */
  take(): FailureMode {
    const mode = this.mode;
    if (mode !== 'none' && --this.remaining <= 0) this.set('none');
    return mode;
  }
}

/** Checks a `POST /__admin/failure` body: `{ mode, times? }`; returns field errors (empty when valid). */
export function failureBodyErrors(body: Record<string, unknown>): FieldError[] {
  const errors: FieldError[] = [];
  if (!FAILURE_MODES.includes(body.mode as FailureMode))
    errors.push({ path: '/mode', message: `must be one of ${FAILURE_MODES.join(', ')}` });
  if (body.times !== undefined && !(Number.isSafeInteger(body.times) && (body.times as number) >= 1))
    errors.push({ path: '/times', message: 'must be a positive integer' });
  for (const key of Object.keys(body))
    if (key !== 'mode' && key !== 'times') errors.push({ path: pointer(key), message: 'is not allowed' });
  return errors;
}
