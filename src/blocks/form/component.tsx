import { lazy, Suspense, useId } from 'react';
import type { FormBlockProps } from '../../generated/blocks.ts';
import { Html, OptionalLink, type BlockExtras } from '../shared.tsx';

// rjsf and the form's validator are downloaded only on pages that show a form.
const SiteForm = lazy(() => import('../../forms/site-form.tsx').then((module) => ({ default: module.SiteForm })));

/** Places one of the site's forms (schemas/forms/<form>.schema.json). */
export function Form({ form, heading, text, fallbackLink, values }: FormBlockProps & BlockExtras) {
  const id = useId();
  return (
    <section
      className={`form-block form-block--${form}`}
      aria-labelledby={heading ? `${id}-h` : undefined}
      aria-label={heading ? undefined : 'Form'}
    >
      <div className="container form-block__inner">
        {heading ? <h2 id={`${id}-h`}>{heading}</h2> : null}
        <Html html={text} className="form-section__text" />
        <Suspense
          fallback={
            <p className="form-block__loading">
              Loading the form… <OptionalLink link={fallbackLink} className="text-link" />
            </p>
          }
        >
          <SiteForm form={form} values={values as Record<string, string | number> | undefined} />
        </Suspense>
      </div>
    </section>
  );
}
