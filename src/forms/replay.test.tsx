// @vitest-environment jsdom
import { act, useLayoutEffect, useRef, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { replayEditsBeforeHydration } from './replay.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Controlled inputs that show their state, the way the form's widgets are built. */
function Fields({ replay }: { replay: boolean }) {
  const [name, setName] = useState('');
  const [mobile, setMobile] = useState('');
  const [message, setMessage] = useState('');
  const [agreed, setAgreed] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (replay && root.current) replayEditsBeforeHydration(root.current);
  }, [replay]);
  return (
    <div ref={root}>
      <label>
        Name <input value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        Mobile <input value={mobile} onChange={(e) => setMobile(e.target.value.replace(/\D/g, ''))} />
      </label>
      <label>
        Message <textarea value={message} onChange={(e) => setMessage(e.target.value)} />
      </label>
      <label>
        Agree <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
      </label>
      <output>{JSON.stringify({ name, mobile, message, agreed })}</output>
    </div>
  );
}

function typeBeforeHydration(container: HTMLElement) {
  const [name, mobile] = container.querySelectorAll('input:not([type=checkbox])');
  (name as HTMLInputElement).value = 'Ada';
  (mobile as HTMLInputElement).value = '98a76';
  container.querySelector('textarea')!.value = 'Call me';
  (container.querySelector('input[type=checkbox]') as HTMLInputElement).checked = true;
}

async function hydrate(replay: boolean) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Fields replay={replay} />);
  document.body.append(container);
  typeBeforeHydration(container);
  await act(async () => {
    hydrateRoot(container, <Fields replay={replay} />);
  });
  return container;
}

describe('replayEditsBeforeHydration', () => {
  it('hands what was typed before hydration to the components, through their own handlers', async () => {
    const container = await hydrate(true);
    expect(JSON.parse(container.querySelector('output')!.textContent!)).toEqual({
      name: 'Ada',
      mobile: '9876',
      message: 'Call me',
      agreed: true,
    });
    expect((container.querySelector('input') as HTMLInputElement).value).toBe('Ada');
  });

  it('is needed: without it React keeps the empty state while the page shows the text', async () => {
    const container = await hydrate(false);
    expect(JSON.parse(container.querySelector('output')!.textContent!)).toEqual({ name: '', mobile: '', message: '', agreed: false });
  });

  it('leaves untouched controls alone', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Fields replay={false} />);
    expect(replayEditsBeforeHydration(container)).toBe(0);
  });
});
