import { lazy, Suspense, useContext, useId } from 'react';
import { useNavigate } from 'react-router';
import { FormNavigateContext, FormsConfigContext } from '../../forms/context.ts';
import type { FormBlockProps } from '../../generated/blocks.ts';
import { ReachIsland } from '../island.tsx';
import { Html, OptionalLink, type BlockExtras } from '../shared.tsx';

// rjsf and the form's validator are downloaded only when the visitor reaches for a form.
const SiteForm = lazy(() => import('../../forms/site-form.tsx').then((module) => ({ default: module.SiteForm })));

/**
 * Places one of the site's forms (schemas/forms/<form>.schema.json). The server renders it whole;
 * its code loads when the visitor reaches for it (../island.tsx), and until then what is typed in
 * the server-rendered form is kept.
 */
export function Form({ form, heading, text, fallbackLink, values, labelledBy }: FormBlockProps & BlockExtras) {
  const id = useId();
  // What the form reads from the page, given again inside the island (it may run in a root of its own).
  const config = useContext(FormsConfigContext);
  const routerNavigate = useNavigate();
  const navigate = (to: string) => void routerNavigate(to);
  return (
    <section
      className={`form-block form-block--${form}`}
      aria-labelledby={heading ? `${id}-h` : labelledBy}
      aria-label={heading || labelledBy ? undefined : 'Form'}
    >
      <div className="container form-block__inner">
        {heading ? <h2 id={`${id}-h`}>{heading}</h2> : null}
        <Html html={text} className="form-section__text" />
        {/* Another form or other fixed values (a client navigation to another job) is another island. */}
        <ReachIsland key={`${form} ${JSON.stringify(values ?? null)}`} className="form-block__form">
          <FormsConfigContext value={config}>
            <FormNavigateContext value={navigate}>
              <Suspense
                fallback={
                  <p className="form-block__loading">
                    Loading the form… <OptionalLink link={fallbackLink} className="text-link" />
                  </p>
                }
              >
                <SiteForm form={form} values={values as Record<string, string | number> | undefined} idBase={id} />
              </Suspense>
            </FormNavigateContext>
          </FormsConfigContext>
        </ReachIsland>
      </div>
    </section>
  );
}
