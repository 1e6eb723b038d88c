import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach } from 'vitest';

afterEach(cleanup);

/** Renders a block inside a router at `url`, as the page renderer does. */
export function renderBlock(ui: ReactElement, url = '/') {
  return render(<MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>);
}
