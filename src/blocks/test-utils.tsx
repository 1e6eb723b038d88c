import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createRoutesStub } from 'react-router';
import { afterEach } from 'vitest';

afterEach(cleanup);

/** Renders a block inside a data router at `url`, as the page renderer does. */
export function renderBlock(ui: ReactElement, url = '/') {
  const path = new URL(url, 'http://x').pathname;
  const Stub = createRoutesStub([{ path, Component: () => ui }]);
  return render(<Stub initialEntries={[url]} />);
}
