/**
 * "New page" on the editor's list: the same planner as `npm run new-page` (route, layout, a content
 * source, starting blocks) writes the file, then the editor opens it. Nothing is written when the
 * planner finds a problem; its messages are shown and the answers stay in the form. The starting
 * blocks go onto the page in the order they were ticked (the list itself is the registry's).
 */
import { useState, type FormEvent } from 'react';
import { endpointText } from './endpoint-text.ts';
import type { CreateRequest, CreateResponse, EndpointInfo } from './types.ts';

interface CreatePageProps {
  endpoints: EndpointInfo[];
  blocks: { name: string; description: string }[];
  /** The definition schema's layouts. */
  layouts: string[];
}

/** A block's description as one short line under its name ("Questions that open and close (FAQ)"); the whole of it on hover. */
export function shortDescription(description: string, max = 60): string {
  // The first sentence (not cut at "e.g. "), then whole words up to `max` characters.
  const first = description.split(/\.\s+(?=[A-Z])|\s—\s/)[0].replace(/\.$/, '');
  if (first.length <= max) return first;
  const cut = first.slice(0, max);
  return `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[\s,;:(—-]+$/, '')}…`;
}

export function CreatePage({ endpoints, blocks, layouts }: CreatePageProps) {
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  // The blocks in the order they were ticked: the page's order (a banner chosen first leads).
  const [chosen, setChosen] = useState<string[]>([]);
  const choose = (name: string, on: boolean) =>
    setChosen((list) => (on ? [...list.filter((b) => b !== name), name] : list.filter((b) => b !== name)));
  // Only endpoints a page can read without a route parameter of its own are offered here; the
  // editor's Sources panel offers every endpoint.
  const plain = endpoints.filter((e) => !e.params.length);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const source = String(form.get('source') ?? '');
    const request: CreateRequest = {
      route: String(form.get('route') ?? '').trim(),
      layout: String(form.get('layout')) as CreateRequest['layout'],
      sources: source ? { page: source } : undefined,
      blocks: inChosenOrder(form.getAll('blocks').map(String), chosen),
      name: String(form.get('name') ?? '').trim() || undefined,
      title: String(form.get('title') ?? '').trim(),
      // One line in the page's <meta>: a line break typed in the box is a space there.
      description: String(form.get('description') ?? '')
        .replace(/\s+/g, ' ')
        .trim(),
    };
    // Asked here, not copied from the page whose content it reads (that page's title is not this one's).
    const missing = [!request.title && 'Give the page a title.', !request.description && 'Give the page a description.'].filter(
      (text): text is string => Boolean(text),
    );
    if (missing.length) {
      setErrors(missing);
      return;
    }
    setBusy(true);
    try {
      const response = await fetch('/__editor/api/create', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(request),
      });
      const body = (await response.json()) as CreateResponse & { error?: string };
      if (response.status === 201 && body.name) {
        window.location.assign(`/__editor/${body.name}`);
        return;
      }
      setErrors(body.errors ?? [body.error ?? `HTTP ${response.status}`]);
    } catch (e) {
      setErrors([`The page could not be created: ${(e as Error).message}`]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="editor-create" aria-labelledby="editor-create">
      <h2 id="editor-create">New page</h2>
      <form onSubmit={(e) => void submit(e)} noValidate>
        {/* Label, box, help one under the other: each box as wide as the form (the route and the
            description were cut in boxes sized for a word). */}
        <p className="editor-create__field">
          <label htmlFor="create-route">Route</label>
          <input id="create-route" name="route" required placeholder="/guides" spellCheck={false} aria-describedby="create-route-help" />
          <span id="create-route-help">The URL path, e.g. /guides or /guides/:slug</span>
        </p>
        <p className="editor-create__field">
          <label htmlFor="create-title">Page title</label>
          <input id="create-title" name="title" required aria-describedby="create-title-help" />
          <span id="create-title-help">The browser tab and search results, e.g. Partner programme | Brand</span>
        </p>
        <p className="editor-create__field">
          <label htmlFor="create-description">Description</label>
          <textarea id="create-description" name="description" required rows={3} aria-describedby="create-description-help" />
          <span id="create-description-help">One or two sentences for search results and shared links</span>
        </p>
        <p>
          <label htmlFor="create-layout">Layout</label>{' '}
          <select id="create-layout" name="layout" defaultValue="main">
            {layouts.map((layout) => (
              <option key={layout}>{layout}</option>
            ))}
          </select>
        </p>
        <p>
          <label htmlFor="create-source">Content source (named page)</label>{' '}
          <select id="create-source" name="source" defaultValue="">
            <option value="">None</option>
            {plain.map((e) => (
              <option key={e.path} value={e.path} title={e.description}>
                {endpointText(e)}
              </option>
            ))}
          </select>
        </p>
        <fieldset>
          <legend>Starting blocks (optional: add them in the editor too)</legend>
          <p id="create-order" className="editor-create__order" aria-live="polite">
            {chosen.length
              ? `On the page in this order: ${chosen.map((name, i) => `${i + 1}. ${name}`).join(', ')}`
              : 'Tick them in the order they go on the page (top first).'}
          </p>
          <ul className="editor-create__blocks">
            {blocks.map((block) => (
              <li key={block.name}>
                <label title={block.description}>
                  <input
                    type="checkbox"
                    name="blocks"
                    value={block.name}
                    aria-describedby={`create-block-${block.name} create-order`}
                    onChange={(event) => choose(block.name, event.target.checked)}
                  />{' '}
                  {block.name}
                </label>
                <span id={`create-block-${block.name}`} className="editor-create__block-help" title={block.description}>
                  {shortDescription(block.description)}
                </span>
              </li>
            ))}
          </ul>
        </fieldset>
        <p>
          <label htmlFor="create-name">File name (optional)</label>{' '}
          <input id="create-name" name="name" placeholder="from the route" pattern="[a-z0-9][a-z0-9\-]*" />
        </p>
        {errors.length > 0 && (
          <div role="alert">
            <p>Not created:</p>
            <ul>
              {errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          </div>
        )}
        <button type="submit" className="editor__button editor__button--primary" disabled={busy}>
          Create page
        </button>
      </form>
    </section>
  );
}

/** The ticked blocks in the order they were ticked; one ticked before the page was interactive goes last. */
export function inChosenOrder(ticked: string[], chosen: string[]): string[] {
  return [...chosen.filter((name) => ticked.includes(name)), ...ticked.filter((name) => !chosen.includes(name))];
}
