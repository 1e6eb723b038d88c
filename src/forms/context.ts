import { createContext } from 'react';

/** Site-wide settings the forms need in the browser (never secrets). */
export interface FormsConfig {
  /** Google reCAPTCHA v2 site key; without it the local "I'm not a robot" stand-in is used. */
  captchaSiteKey?: string;
}

export const FormsConfigContext = createContext<FormsConfig>({});

/**
 * Where a form goes after success when its definition says so (x-form success.redirect): the
 * router's navigation, given by the block around the form (the form may run in a React root of
 * its own, outside the router); without one, a full page load.
 */
export const FormNavigateContext = createContext<(to: string) => void>((to) => window.location.assign(to));

/** What widgets need from the form around them (rjsf's formContext). */
export interface SiteFormContext {
  captchaSiteKey?: string;
  /** Sets another field (the CV widget also fills resume_filename). A reset remounts the form,
   * so stateful widgets (captcha, file) start afresh without being told. */
  setField: (name: string, value: unknown) => void;
}
