// @vitest-environment jsdom
/**
 * RouteFocus leaves a first load alone, also under React's development double run of effects
 * (StrictMode), which it took for a move within the page: it focused main, and in the editor's
 * preview frame that pulled the editor's own focus into the frame.
 */
import { act, cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { RouteFocus } from './route-focus.tsx';

afterEach(cleanup);

function Page() {
  return (
    <>
      <RouteFocus />
      <main id="main">
        <h1>Title</h1>
      </main>
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: [path] });
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return router;
}

describe('RouteFocus', () => {
  it('leaves the focus alone on a first load, in StrictMode too', () => {
    renderAt('/partners');
    expect(document.activeElement).toBe(document.body);
    expect(document.getElementById('main')?.dataset.routeFocus).toBeUndefined();
  });

  it('focuses the new page’s h1 after a move to another path', async () => {
    const router = renderAt('/partners');
    await act(() => router.navigate('/company'));
    expect(document.activeElement?.tagName).toBe('H1');
  });
});
