/**
 * When a section's code loads in the browser (issue 32: less to download and hydrate at load).
 * Each section the browser hydrates (not held, ./held.tsx) waits in a Suspense boundary of its own
 * until its block's code is here (./render-sections.tsx); until then the visitor sees and uses its
 * server HTML (links work, nothing moves). Its code loads:
 * - when the section comes within half a screen of the viewport (the opening screen at once; the
 *   server sent modulepreload links for the first sections' blocks, so these are usually here);
 * - at once when the visitor reaches for it first (pointer, focus, a key).
 *
 * React drops a click or a key aimed at a section still waiting for its code (it stops the
 * event, react-dom's dispatchEvent). Heard first (window, capture phase), such a press is kept
 * and dispatched again once the section has hydrated: a click (not on a link, a submit button, a
 * box, a radio, a label or a summary, whose browser action already happened) and a key other than
 * Enter and Space (whose action arrives as a click). A click that React can handle by hydrating the section at once (its code
 * is here) is left to React. A choice made in a select meanwhile (a list's filter) is made again
 * once the section has hydrated: React did not hear it, and hydrating reset the select to its state.
 * Text typed and boxes ticked meanwhile outside forms (a list's search box) are replayed through the
 * control's own handler: hydrating kept them in the page but not in the block's state, so the box
 * showed a search the list never made (a site form replays its own, ../forms/replay.ts).
 */
import { blockComponent, blockReady, isBlockName, type BlockName } from '../blocks/registry.ts';
import { isRouterHref } from '../blocks/shared.tsx';
import { replayEditsOutsideForms } from '../forms/replay.ts';

/** Sections the browser hydrates (held ones keep their server HTML), and blocks placed by the chrome (the footer's forms). */
const WAITING = '[data-block]:not([data-held]), [data-waits-for]';

function nameOf(element: HTMLElement): BlockName | undefined {
  const name = element.dataset.block ?? element.dataset.waitsFor;
  return name && isBlockName(name) ? name : undefined;
}
/** How far ahead of the viewport a section's code starts loading. */
const AHEAD = '50% 0px';

const kept: { name: BlockName; event: MouseEvent | KeyboardEvent }[] = [];
/** The last choice made in each select of a waiting section, by section. */
const chosen: { name: BlockName; select: HTMLSelectElement; value: string }[] = [];
const hydrated = new Set<BlockName>();

function blockOf(target: EventTarget | null): BlockName | undefined {
  const section = target instanceof Element ? target.closest<HTMLElement>(WAITING) : null;
  return section ? nameOf(section) : undefined;
}

function load(name: BlockName): void {
  void blockComponent(name).catch(() => {});
}

/**
 * The path of the site's own page a click follows, when the router may follow it in the page as a
 * Link would (a link's main-button click, no modifier key, same tab, not a file, not handled by
 * someone else); undefined when the browser should follow it. Every link to a site page is a plain
 * <a> the router follows this way (./chrome/site-links.ts), in sections still waiting for their code too.
 */
export function inPageLinkOf(event: MouseEvent): string | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement)) return undefined;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download') || link.origin !== window.location.origin) return undefined;
  if (!isRouterHref(link.getAttribute('href') ?? '')) return undefined;
  return `${link.pathname}${link.search}${link.hash}`;
}

let navigate: ((to: string) => void) | undefined;
/** How a link in a section still waiting for its code is followed in the page (the page's router, once hydrated). */
export function followLinksWith(to: ((to: string) => void) | undefined): void {
  navigate = to;
}

function reach(event: Event): void {
  const name = blockOf(event.target);
  if (!name || hydrated.has(name)) return;
  const ready = blockReady(name);
  load(name);
  if (event.type === 'change') {
    const select = event.target;
    if (select instanceof HTMLSelectElement) {
      chosen.splice(0, chosen.length, ...chosen.filter((each) => each.select !== select));
      chosen.push({ name, select, value: select.value });
    }
    return;
  }
  if (ready || !(event instanceof MouseEvent || event instanceof KeyboardEvent) || !event.isTrusted) return;
  const target = event.target as Element;
  // A link React cannot follow yet: the router follows it (the browser would load a new document).
  const path = event.type === 'click' && navigate ? inPageLinkOf(event as MouseEvent) : undefined;
  if (path) {
    event.preventDefault();
    navigate!(path);
    return;
  }
  // Not a click whose browser action already happened: a link, a submit button, a box or radio the
  // browser ticked (or a label that ticked its control; dispatched again, the click unticked it).
  if (
    event.type === 'click' &&
    target.closest(
      'a[href], button[type="submit"], input[type="submit"], form button:not([type]), input[type="checkbox"], input[type="radio"], label, summary',
    )
  )
    return;
  if (event.type === 'keydown' && ((event as KeyboardEvent).key === 'Enter' || (event as KeyboardEvent).key === ' ')) return;
  if (event.type === 'click' || event.type === 'keydown') kept.push({ name, event });
}

/** Starts watching the page's sections (the browser's entry, before hydrating). */
export function loadSectionsWhenNear(): void {
  const sections = [...document.querySelectorAll<HTMLElement>(WAITING)];
  if (!sections.length) return;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        const name = nameOf(entry.target as HTMLElement);
        if (name) load(name);
      }
    },
    { rootMargin: AHEAD },
  );
  for (const section of sections) observer.observe(section);
  for (const type of ['pointerdown', 'focusin', 'click', 'keydown', 'change']) window.addEventListener(type, reach, { capture: true });
}

/** A section of block `name` has hydrated: the presses kept for it are dispatched again. */
export function sectionHydrated(name: BlockName): void {
  if (hydrated.has(name)) return;
  hydrated.add(name);
  const mine = kept.filter((each) => each.name === name);
  kept.splice(0, kept.length, ...kept.filter((each) => each.name !== name));
  for (const { event } of mine) {
    const target = event.target as Element;
    if (target.isConnected)
      target.dispatchEvent(event instanceof KeyboardEvent ? new KeyboardEvent(event.type, event) : new MouseEvent(event.type, event));
  }
  const choices = chosen.filter((each) => each.name === name);
  chosen.splice(0, chosen.length, ...chosen.filter((each) => each.name !== name));
  for (const { select, value } of choices) {
    if (!select.isConnected) continue;
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }
  // Typed or ticked meanwhile (a list's search box): hydrating kept it in the page, not in the block's state.
  for (const section of document.querySelectorAll<HTMLElement>(`[data-block="${name}"]:not([data-held])`)) replayEditsOutsideForms(section);
}
