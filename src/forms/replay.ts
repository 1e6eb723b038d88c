/**
 * Keeps what a visitor typed, and the fields they visited, before the form hydrated.
 *
 * The form is server-rendered, so its inputs are usable before its code has loaded. React 19
 * hydrates them without telling the component what they now hold (the fix, React's
 * `enableHydrationChangeEvent`, is not switched on in the stable release), so the state stays
 * empty while the page shows the typed text, and the next render wipes it. This finds every
 * control whose value differs from what the server rendered and replays it as the event a
 * person would have caused, through the widget's own handler (digits-only mobile, captcha token).
 *
 * A visit leaves nothing in the DOM (a field focused and left empty, a box ticked and unticked):
 * recordVisits, which the page runs before any of its code, remembers those controls, and they are
 * replayed as the focusout a person caused, so they count as touched (SPEC §4) as if the form's
 * code had been there.
 */

/** Where recordVisits keeps the controls left or changed. */
type Recorded = typeof globalThis & { __visited?: WeakSet<EventTarget> };

/**
 * Runs in the browser before the page's code, as its source text (../server/paint-first.ts inlines
 * it with its starter), so it uses nothing of this module: remembers every control a visitor leaves
 * or changes. Weakly: a control gone from the page is not kept.
 */
export function recordVisits(): void {
  const visited = ((window as Recorded).__visited = new WeakSet());
  const add = (event: Event) => visited.add(event.target!);
  addEventListener('focusout', add, true);
  addEventListener('change', add, true);
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function valueSetter(element: Control): ((value: string) => void) | undefined {
  // The prototype's setter, not the instance's: React's value tracker wraps the instance one,
  // and must keep the server value so that it sees the replayed input as a change.
  return Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')?.set?.bind(element);
}

/** Whether the control holds something else than the server rendered (typed, chosen, ticked). */
function edited(element: Control): boolean {
  if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
    return element.checked !== element.defaultChecked;
  }
  if (element instanceof HTMLInputElement && element.type === 'file') return Boolean(element.files?.length);
  if (element instanceof HTMLSelectElement) return [...element.options].some((option) => option.selected !== option.defaultSelected);
  return element.value !== element.defaultValue;
}

/** Whether the visitor left or changed the control (recordVisits; undefined where it did not run). */
const visited = (element: Control) => (window as Recorded).__visited?.has(element);

const controlsOf = (root: HTMLElement) => root.querySelectorAll<Control>('input, textarea, select');

/** Whether anything inside `root` was edited or visited before its code ran (../blocks/island.tsx hydrates it at once then). */
export function usedBeforeHydration(root: HTMLElement): boolean {
  return [...controlsOf(root)].some((element) => edited(element) || visited(element));
}

/** Replays an edit through the control's own handler. */
function replayEdit(element: Control) {
  if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
    // Back to the server state through the tracked setter, then the visitor's click again.
    element.checked = element.defaultChecked;
    element.click();
  } else if (element instanceof HTMLSelectElement || (element instanceof HTMLInputElement && element.type === 'file')) {
    element.dispatchEvent(new Event('change', { bubbles: true }));
  } else {
    const typed = element.value;
    element.value = element.defaultValue;
    valueSetter(element)?.(typed);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** A control typed into or ticked: text, search, e-mail …, textareas, boxes and radios (not files or selects). */
function typedOrTicked(element: Control): boolean {
  if (element instanceof HTMLTextAreaElement) return true;
  return element instanceof HTMLInputElement && !['file', 'submit', 'button', 'reset', 'image', 'hidden'].includes(element.type);
}

/**
 * Replays what was typed or ticked before hydration inside `root`, outside forms (a site form
 * replays its own, below; a select's choice is src/engine/section-code.ts's): a list's search box,
 * typed into before its section's code arrived, showed the text but its list was never filtered.
 */
export function replayEditsOutsideForms(root: HTMLElement): void {
  for (const element of controlsOf(root)) if (typedOrTicked(element) && !element.closest('form') && edited(element)) replayEdit(element);
}

/** Replays edits and visits made before hydration inside `root`. */
export function replayBeforeHydration(root: HTMLElement): void {
  for (const element of controlsOf(root)) {
    if (edited(element)) replayEdit(element);
    // Left or changed: as the focusout a person caused (the form counts the field as touched).
    if (visited(element)) element.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  }
}
