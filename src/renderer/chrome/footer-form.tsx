import { Suspense, use, useEffect, useRef } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { Form } from '../../blocks/form/component.tsx';
import { SmartLink } from '../../blocks/shared.tsx';
import type { Link, SiteConfig } from '../../generated/site-config.ts';

type FooterFormName = NonNullable<NonNullable<SiteConfig['footer']['contact']>['form']>;

/** Opened when the visitor comes near the footer form (or React needs it hydrated); opens once. */
interface Gate {
  promise: Promise<void>;
  opened: boolean;
  /** What the router showed when the hydration was first held. */
  router?: string;
  open: () => void;
}

function newGate(): Gate {
  let resolve!: () => void;
  const gate: Gate = {
    promise: new Promise<void>((done) => (resolve = done)),
    opened: false,
    open: () => {
      gate.opened = true;
      resolve();
    },
  };
  return gate;
}

/**
 * Holds the hydration of what it wraps until the gate opens. React keeps the server HTML of a
 * Suspense boundary that suspends while hydrating, so the form stays on screen at its final size
 * and usable (what is typed is replayed, ../../forms/replay.ts) without its code. An update from
 * above makes React render the held boundary at once, and one that suspends then would replace
 * the server HTML by the fallback (or hold a navigation until the visitor scrolls): the router's
 * updates (a navigation starts, the location changes) open the gate instead. (An event in the
 * form opens it too, from the listeners below; React replays the event once hydrated.)
 */
function HydrateWhen({ gate, children }: { gate: Gate; children: React.ReactNode }) {
  // Where the router is and whether it is moving (the hooks' objects are not kept from render to render).
  const router = `${useLocation().key} ${useNavigation().state}`;
  if (typeof document !== 'undefined' && !gate.opened) {
    gate.router ??= router;
    if (router !== gate.router) gate.open();
    else use(gate.promise);
  }
  return children;
}

const gates = new Map<string, Gate>();

/**
 * The footer's 'Get in touch' form. It is on every page but rarely used, so its code (rjsf and
 * the validator, ~90 KB) loads only when the visitor comes near it (scrolls within 400 px of it,
 * or points at, focuses or types in it). The server renders the whole form, so the footer has its
 * final size from the first paint and nothing below it moves when the code arrives; until then the
 * server-rendered form is what the visitor sees and types in (without JavaScript, a link to the
 * contact page, which has the same form, comes with it). Watching starts at the first scroll,
 * so a page that opens with its footer in view does not pay for a form nobody reached for.
 */
// The form name is checked against schemas/forms/ when the site config is validated, so the
// browser bundle needs no list of forms.
export function FooterForm({ form, link }: { form: FooterFormName; link?: Link }) {
  const box = useRef<HTMLDivElement>(null);
  // One gate per form for the page's life: a navigation keeps the footer, and its form.
  let gate = gates.get(form);
  if (!gate) {
    gate = newGate();
    gates.set(form, gate);
  }
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const open = gate.open;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && open(), {
      rootMargin: '400px',
    });
    const watch = () => observer.observe(element);
    window.addEventListener('scroll', watch, { once: true, passive: true });
    const reach = ['pointerdown', 'focusin', 'keydown'] as const;
    for (const type of reach) element.addEventListener(type, open, { passive: true });
    void gate.promise.then(() => observer.disconnect());
    return () => {
      window.removeEventListener('scroll', watch);
      for (const type of reach) element.removeEventListener(type, open);
      observer.disconnect();
    };
  }, [gate]);
  return (
    <div ref={box} className="site-footer__form">
      <Suspense fallback={link ? <FooterLink link={link} /> : null}>
        <HydrateWhen gate={gate}>
          <Form form={form} />
        </HydrateWhen>
      </Suspense>
      {link ? (
        // Without JavaScript the form cannot send: the contact page's link stands in.
        <noscript>
          <FooterLink link={link} />
        </noscript>
      ) : null}
    </div>
  );
}

function FooterLink({ link }: { link: Link }) {
  return (
    <SmartLink href={link.href} className="button button--primary">
      {link.label}
    </SmartLink>
  );
}
