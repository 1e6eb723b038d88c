import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeAll, expect } from 'vitest';

afterEach(cleanup);

/** Renders a block inside a data router at `url`, as the page renderer does. */
export function renderBlock(ui: ReactElement, url = '/') {
  const path = new URL(url, 'http://x').pathname;
  const Stub = createRoutesStub([{ path, Component: () => ui }]);
  return render(<Stub initialEntries={[url]} />);
}

/** jsdom has <dialog> but not its modal methods: showModal opens the dialog (call at the top of a jsdom test file). */
export function stubShowModal() {
  beforeAll(() => {
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
  });
}

/** Checks the block's section heading (an h2) and how many list items it shows; returns the items. */
export function expectHeadedList(heading: string, count: number): HTMLElement[] {
  expect(screen.getByRole('heading', { level: 2, name: heading })).toBeTruthy();
  const items = screen.getAllByRole('listitem');
  expect(items).toHaveLength(count);
  return items;
}

/** A form field by the start of its label. The first render downloads the form module; give it time. */
export const field = (name: string) => screen.findByLabelText(new RegExp(`^${name}`), {}, { timeout: 8000 });

/** Types into form fields, in order: label start → value. */
export async function fillFields(values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) fireEvent.change(await field(name), { target: { value } });
}
