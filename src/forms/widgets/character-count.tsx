/**
 * A live character count for a field with a schema maxLength, in place of a `maxlength` that would
 * silently cut a pasted text: '183 / 200' once the text is within 20% of the limit, marked as an
 * error over it (the field's SPEC message, e.g. 'Not more than 200.', comes from the validator).
 * The visible count is part of the field's description (aria-describedby); screen readers also
 * hear it once the visitor pauses, through a polite live region, rather than at every keystroke.
 */
import type { RJSFSchema, StrictRJSFSchema } from '@rjsf/utils';
import { useEffect, useState } from 'react';

/** The count shows from this share of the limit on. */
export const COUNT_FROM = 0.8;
/** Pause after the last keystroke before the count is announced. */
export const ANNOUNCE_AFTER_MS = 800;

export interface Count {
  /** Id of the visible count, for aria-describedby. */
  id: string;
  length: number;
  max: number;
  shown: boolean;
  over: boolean;
}

export const countId = (id: string) => `${id}__count`;

/** The count of a field, or undefined when its schema sets no maxLength. */
export function characterCount(id: string, value: unknown, schema: RJSFSchema | StrictRJSFSchema): Count | undefined {
  const max = schema.maxLength;
  if (typeof max !== 'number') return undefined;
  const length = value === undefined || value === null ? 0 : String(value).length;
  return { id: countId(id), length, max, shown: length >= Math.ceil(max * COUNT_FROM), over: length > max };
}

/** What a screen reader hears once the visitor pauses. */
export function spokenCount({ length, max, over, shown }: Count): string {
  if (!shown) return '';
  return over ? `${length} of ${max} characters, ${length - max} too many` : `${length} of ${max} characters`;
}

export function CharacterCount({ count }: { count: Count | undefined }) {
  const spoken = count ? spokenCount(count) : '';
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAnnounced(spoken), ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [spoken]);
  if (!count) return null;
  return (
    <>
      {count.shown ? (
        <div id={count.id} className={count.over ? 'form-count form-count--over form-error' : 'form-count form-hint'}>
          {count.length} / {count.max}
        </div>
      ) : null}
      {/* Present from the start: a live region added together with its text is often not read. */}
      <span className="visually-hidden" aria-live="polite">
        {announced}
      </span>
    </>
  );
}
