/**
 * Human verification as a provider: Google reCAPTCHA v2 when a site key is configured (loaded
 * only then, and only when the form is shown), otherwise a local stand-in checkbox whose token
 * the server accepts only in local mode.
 */
import type { WidgetProps } from '@rjsf/utils';
import { lazy, Suspense, useRef } from 'react';
import { useClientRender } from '../../client-render.ts';
import type { SiteFormContext } from '../context.ts';
import { describedBy, RequiredMark } from '../templates.tsx';

const ReCaptcha = lazy(() => import('react-google-recaptcha'));

export function CaptchaWidget(props: WidgetProps) {
  const context = props.registry.formContext as SiteFormContext;
  return context.captchaSiteKey ? <GoogleCaptcha {...props} siteKey={context.captchaSiteKey} /> : <LocalCaptcha {...props} />;
}

function LocalCaptcha({ id, value, onChange, onBlur, rawErrors, schema, required }: WidgetProps) {
  return (
    <label className="form-check form-captcha" htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        required={required}
        checked={typeof value === 'string' && value !== ''}
        aria-invalid={rawErrors?.length ? true : false}
        aria-describedby={describedBy(id, schema)}
        onChange={(event) => onChange(event.target.checked ? `local-${crypto.randomUUID()}` : undefined)}
        onBlur={() => onBlur(id, value)}
      />
      <span>
        I&apos;m not a robot
        {required ? <RequiredMark /> : null}
      </span>
    </label>
  );
}

/**
 * Google's widget exists in the browser only (it needs `window` and Google's script): the server,
 * and the hydration, render the place it takes (src/blocks/form/style.css keeps its height).
 */
function GoogleCaptcha({ id, onChange, siteKey, schema }: WidgetProps & { siteKey: string }) {
  const ref = useRef<{ reset(): void } | null>(null);
  const inBrowser = useClientRender();
  const loading = <p className="form-captcha__loading">Loading verification…</p>;
  return (
    <div id={id} className="form-captcha" aria-describedby={describedBy(id, schema)}>
      {inBrowser ? (
        <Suspense fallback={loading}>
          <ReCaptcha
            ref={ref as never}
            sitekey={siteKey}
            onChange={(token: string | null) => onChange(token ?? undefined)}
            onExpired={() => onChange(undefined)}
          />
        </Suspense>
      ) : (
        loading
      )}
    </div>
  );
}
