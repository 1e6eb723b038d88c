// @vitest-environment jsdom
import { act, lazy, startTransition, Suspense, useState, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { recordVisits } from '../forms/replay.ts';
import { ReachIsland } from './island.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** What the island holds: a field and a counter, live only once its code has run. */
function Counter() {
  const [count, setCount] = useState(0);
  return (
    <div className="counter">
      <label>
        Name <input name="name" />
      </label>
      <button type="button" onClick={() => setCount((n) => n + 1)}>
        Clicked {count}
      </button>
    </div>
  );
}

/** The island's code as the browser gets it: a chunk loaded on first use, counted. */
function lazyCounter() {
  const loads: number[] = [];
  let release!: () => void;
  const arrived = new Promise<void>((done) => (release = done));
  const Lazy = lazy(async () => {
    loads.push(Date.now());
    await arrived;
    return { default: Counter as ComponentType };
  });
  return { Lazy, loads, release };
}

function Page({ label, Inner }: { label: string; Inner: ComponentType }) {
  return (
    <main>
      <p className="label">{label}</p>
      <ReachIsland className="island">
        <Suspense fallback={<p>Loading…</p>}>
          <Inner />
        </Suspense>
      </ReachIsland>
    </main>
  );
}

const containers: HTMLElement[] = [];
afterEach(() => {
  for (const container of containers.splice(0)) container.remove();
});

/** As the server renders: no DOM there (jsdom's would make the island think it is in a browser). */
function serverHtml(element: React.ReactElement): string {
  const dom = Object.getOwnPropertyDescriptor(globalThis, 'document')!;
  Reflect.deleteProperty(globalThis, 'document');
  try {
    return renderToString(element);
  } finally {
    Object.defineProperty(globalThis, 'document', dom);
  }
}

async function serverRenderedPage() {
  const container = document.createElement('div');
  container.innerHTML = serverHtml(<Page label="first" Inner={Counter} />);
  document.body.append(container);
  containers.push(container);
  const code = lazyCounter();
  const input = container.querySelector('input')!;
  let root!: ReturnType<typeof hydrateRoot>;
  await act(async () => {
    root = hydrateRoot(container, <Page label="first" Inner={code.Lazy} />);
  });
  return { container, code, input, root };
}

describe('ReachIsland', () => {
  it('keeps the server HTML through the page’s hydration and loads no code for it', async () => {
    const { container, code, input } = await serverRenderedPage();
    expect(container.querySelector('.island .counter')).not.toBeNull();
    expect(container.querySelector('input')).toBe(input);
    expect(code.loads).toEqual([]);
  });

  it('lets the page update and navigate meanwhile, without waiting for the island’s code', async () => {
    const { container, code, root, input } = await serverRenderedPage();
    input.value = 'Ada';
    await act(async () => {
      startTransition(() => root.render(<Page label="second" Inner={code.Lazy} />));
    });
    expect(container.querySelector('.label')!.textContent).toBe('second');
    expect(container.querySelector('input')).toBe(input);
    expect(input.value).toBe('Ada');
    expect(code.loads).toEqual([]);
  });

  it('hydrates on the same nodes when the visitor reaches for it: typed text and focus stay, and it works', async () => {
    const { container, code, input } = await serverRenderedPage();
    input.value = 'Ada';
    await act(async () => {
      input.focus();
    });
    expect(code.loads).toHaveLength(1);
    // Still the server HTML while the code is on its way.
    expect(container.querySelector('input')).toBe(input);
    await act(async () => {
      code.release();
    });
    expect(container.querySelector('input')).toBe(input);
    expect(input.value).toBe('Ada');
    expect(document.activeElement).toBe(input);
    const button = container.querySelector('button')!;
    await act(async () => {
      button.click();
    });
    expect(button.textContent).toBe('Clicked 1');
  });

  it('keeps what was typed when the page re-renders while the island’s code is on its way', async () => {
    const { container, code, root, input } = await serverRenderedPage();
    const reported: unknown[] = [];
    const onError = (event: ErrorEvent) => reported.push(event.error);
    window.addEventListener('error', onError);
    try {
      input.value = 'Ada';
      await act(async () => {
        input.focus();
      });
      await act(async () => {
        root.render(<Page label="second" Inner={code.Lazy} />);
      });
      await act(async () => {
        code.release();
      });
      expect(container.querySelector('.label')!.textContent).toBe('second');
      expect(container.querySelector('input')).toBe(input);
      expect(input.value).toBe('Ada');
      expect(reported).toEqual([]);
    } finally {
      window.removeEventListener('error', onError);
    }
  });

  it('hydrates at once when it was reached for before the page’s code ran (typed in, or focused)', async () => {
    const container = document.createElement('div');
    container.innerHTML = serverHtml(<Page label="first" Inner={Counter} />);
    document.body.append(container);
    containers.push(container);
    const input = container.querySelector('input')!;
    input.value = 'Ada';
    const code = lazyCounter();
    await act(async () => {
      hydrateRoot(container, <Page label="first" Inner={code.Lazy} />);
    });
    expect(code.loads).toHaveLength(1);
    await act(async () => {
      code.release();
    });
    expect(container.querySelector('input')).toBe(input);
    expect(input.value).toBe('Ada');
  });

  it('hydrates at once when a field in it was focused and left before the page’s code ran (nothing typed)', async () => {
    // What the page runs before its code (../server/paint-first.ts).
    recordVisits();
    const container = document.createElement('div');
    container.innerHTML = serverHtml(<Page label="first" Inner={Counter} />);
    document.body.append(container);
    containers.push(container);
    const input = container.querySelector('input')!;
    input.focus();
    input.blur();
    const code = lazyCounter();
    await act(async () => {
      hydrateRoot(container, <Page label="first" Inner={code.Lazy} />);
    });
    expect(code.loads).toHaveLength(1);
  });

  it('other content under another key replaces the held server HTML (a client navigation to another job)', async () => {
    const { container, root, code } = await serverRenderedPage();
    function Other() {
      return <p className="other">Another job</p>;
    }
    await act(async () => {
      root.render(
        <main>
          <p className="label">second</p>
          <ReachIsland key="other" className="island">
            <Other />
          </ReachIsland>
        </main>,
      );
    });
    expect(container.querySelector('.island .other')!.textContent).toBe('Another job');
    expect(container.querySelector('.island .counter')).toBeNull();
    expect(code.loads).toEqual([]);
  });

  it('renders its content at once when mounted by the client (no server HTML to keep)', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    containers.push(container);
    await act(async () => {
      createRoot(container).render(<Page label="client" Inner={Counter} />);
    });
    const button = container.querySelector('.island button') as HTMLButtonElement;
    await act(async () => {
      button.click();
    });
    expect(button.textContent).toBe('Clicked 1');
  });
});
