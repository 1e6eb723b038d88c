/**
 * Keeps what a visitor typed before the form hydrated.
 *
 * The form is server-rendered, so its inputs are usable before its code has loaded. React 19
 * hydrates them without telling the component what they now hold (the fix, React's
 * `enableHydrationChangeEvent`, is not switched on in the stable release), so the state stays
 * empty while the page shows the typed text, and the next render wipes it. This finds every
 * control whose value differs from what the server rendered and replays it as the event a
 * person would have caused, through the widget's own handler (digits-only mobile, captcha token).
 */

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

const controlsOf = (root: HTMLElement) => root.querySelectorAll<Control>('input, textarea, select');

/** Whether anything inside `root` was edited before its code ran (../blocks/island.tsx hydrates it at once then). */
export function hasEditsBeforeHydration(root: HTMLElement): boolean {
  return [...controlsOf(root)].some(edited);
}

/** Replays edits made before hydration inside `root`; returns how many controls it replayed. */
export function replayEditsBeforeHydration(root: HTMLElement): number {
  let replayed = 0;
  for (const element of controlsOf(root)) {
    if (!edited(element)) continue;
    if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
      // Back to the server state through the tracked setter, then the visitor's click again.
      element.checked = element.defaultChecked;
      element.click();
      replayed += 1;
    } else if (element instanceof HTMLInputElement && element.type === 'file') {
      element.dispatchEvent(new Event('change', { bubbles: true }));
      replayed += 1;
    } else if (element instanceof HTMLSelectElement) {
      element.dispatchEvent(new Event('change', { bubbles: true }));
      replayed += 1;
    } else if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
      const typed = element.value;
      element.value = element.defaultValue;
      valueSetter(element)?.(typed);
      element.dispatchEvent(new Event('input', { bubbles: true }));
      replayed += 1;
    }
  }
  return replayed;
}
