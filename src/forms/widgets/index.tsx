/**
 * The engine's form widgets, by the name a form's x-ui-schema gives as "ui:widget" (rjsf's widget
 * registry). A site may add its own, or replace one, in its src/forms/widgets/index.tsx (the same
 * export): ../site-form.tsx merges the site's over these (imported as @site/…; for the main site,
 * or a site without widgets, that is this module).
 */
import type { RegistryWidgetsType } from '@rjsf/utils';
import { CaptchaWidget } from './captcha.tsx';
import { CvWidget } from './cv.tsx';
import { MobileWidget, TermsWidget, TextareaWidget } from './inputs.tsx';

export const widgets: RegistryWidgetsType = {
  mobile: MobileWidget,
  captcha: CaptchaWidget,
  terms: TermsWidget,
  cv: CvWidget,
  TextareaWidget,
  textarea: TextareaWidget,
};
