// @vitest-environment jsdom
import { act, useLayoutEffect, useRef, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordVisits, replayBeforeHydration, usedBeforeHydration } from './replay.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Controlled inputs that show their state, the way the form's widgets are built. */
function Fields({ replay }: { replay: boolean }) {
  const [name, setName] = useState('');
  const [mobile, setMobile] = useState('');
  const [message, setMessage] = useState('');
  const [agreed, setAgreed] = useState(false);
  // The fields left, as rjsf's onBlur tells the form (which counts them as touched).
  const [left, setLeft] = useState<string[]>([]);
  const leave = (field: string) => () => setLeft((fields) => [...fields, field]);
  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (replay && root.current) replayBeforeHydration(root.current);
  }, [replay]);
  return (
    <div ref={root}>
      <label>
        Name <input value={name} onChange={(e) => setName(e.target.value)} onBlur={leave('name')} />
      </label>
      <label>
        Mobile <input value={mobile} onChange={(e) => setMobile(e.target.value.replace(/\D/g, ''))} onBlur={leave('mobile')} />
      </label>
      <label>
        Message <textarea value={message} onChange={(e) => setMessage(e.target.value)} onBlur={leave('message')} />
      </label>
      <label>
        Agree <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} onBlur={leave('agreed')} />
      </label>
      <output>{JSON.stringify({ name, mobile, message, agreed, left })}</output>
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

/** A visit leaves nothing in the DOM: Mobile focused and left empty, the box ticked and unticked. */
function visitBeforeHydration(container: HTMLElement) {
  const mobile = container.querySelectorAll('input')[1];
  mobile.focus();
  mobile.blur();
  const box = container.querySelector<HTMLInputElement>('input[type=checkbox]')!;
  box.click();
  box.click();
}

const state = (container: HTMLElement) => JSON.parse(container.querySelector('output')!.textContent!) as Record<string, unknown>;

async function hydrate(replay: boolean, before = typeBeforeHydration) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Fields replay={replay} />);
  document.body.append(container);
  before(container);
  await act(async () => {
    hydrateRoot(container, <Fields replay={replay} />);
  });
  return container;
}

describe('replayBeforeHydration', () => {
  // What the page runs before its code (../server/paint-first.ts).
  beforeAll(() => recordVisits());

  it('hands what was typed before hydration to the components, through their own handlers', async () => {
    const container = await hydrate(true);
    expect(state(container)).toMatchObject({ name: 'Ada', mobile: '9876', message: 'Call me', agreed: true });
    expect((container.querySelector('input') as HTMLInputElement).value).toBe('Ada');
  });

  it('is needed: without it React keeps the empty state while the page shows the text', async () => {
    const container = await hydrate(false);
    expect(state(container)).toEqual({ name: '', mobile: '', message: '', agreed: false, left: [] });
  });

  it('replays a field left and a box ticked and unticked as the focusout a person caused: the form counts them as touched', async () => {
    const container = await hydrate(true, visitBeforeHydration);
    expect(state(container)).toEqual({ name: '', mobile: '', message: '', agreed: false, left: ['mobile', 'agreed'] });
  });

  it('a visit is why the island hydrates: usedBeforeHydration', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Fields replay={false} />);
    document.body.append(container);
    expect(usedBeforeHydration(container)).toBe(false);
    visitBeforeHydration(container);
    expect(usedBeforeHydration(container)).toBe(true);
    container.remove();
  });

  it('leaves untouched controls alone', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Fields replay={false} />);
    const events: string[] = [];
    for (const type of ['input', 'change', 'click', 'focusout']) container.addEventListener(type, () => events.push(type), true);
    replayBeforeHydration(container);
    expect(events).toEqual([]);
  });
});
