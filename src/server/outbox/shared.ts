/**
 * One outbox per process and file. The site's entry (src/server/main.ts, run by Node) and the
 * request handlers (src/server/app.ts, bundled by Vite) are separate module graphs; both reach the
 * same open database through globalThis.
 */
import { Outbox } from './store.ts';

const KEY = Symbol.for('veltrix.outboxes');

function registry(): Map<string, Outbox> {
  const scope = globalThis as { [KEY]?: Map<string, Outbox> };
  scope[KEY] ??= new Map();
  return scope[KEY];
}

export function sharedOutbox(file: string): Outbox {
  const open = registry().get(file);
  if (open?.db.open) return open;
  const outbox = new Outbox(file);
  registry().set(file, outbox);
  return outbox;
}

export function closeSharedOutbox(file: string): void {
  registry().get(file)?.close();
  registry().delete(file);
}
