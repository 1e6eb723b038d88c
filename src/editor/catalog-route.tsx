/**
 * The block catalog, a development tool (only in the route config outside production builds, see
 * src/routes.ts):
 *   /__catalog                 every block of src/blocks/registry.ts: description, rendering at
 *                              desktop and mobile width, props schema and a definition snippet
 *   /__catalog/<block>         the same for one block
 *   /__catalog/<block>?frame=1 only the block, rendered from its fixture (what the frames show)
 */
import { useEffect, useRef, useState } from 'react';
import { data, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { blockNames, isBlockName, loadBlocks } from '../blocks/registry.ts';
import { LoadedBlock } from '../engine/render-sections.tsx';
import { catalogEntries, catalogEntry, type CatalogEntry } from './catalog/catalog-data.server.ts';
import catalogStyles from './catalog/catalog.css?url';

export const links = () => [{ rel: 'stylesheet', href: catalogStyles }];

// Typed without React Router's typegen on purpose: typegen resolves routes.ts as a production
// build does, so it never sees this module.
export async function loader({ params, request }: LoaderFunctionArgs) {
  // Never part of a production build (routes.ts); this guards a mistaken one.
  if (import.meta.env.PROD) throw data('Not found', { status: 404 });
  await loadBlocks(blockNames);
  const frame = new URL(request.url).searchParams.get('frame') === '1';
  if (params.block !== undefined) {
    if (!isBlockName(params.block)) throw data(`No block "${params.block}"`, { status: 404 });
    const entry = catalogEntry(params.block);
    return frame
      ? { mode: 'frame' as const, entries: [{ ...entry, schema: {}, snippet: '' }] }
      : { mode: 'one' as const, entries: [entry] };
  }
  return { mode: 'all' as const, entries: catalogEntries() };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const one = data && data.mode !== 'all' ? data.entries[0]?.name : undefined;
  return [{ title: one ? `${one} | Block catalog` : 'Block catalog' }, { name: 'robots', content: 'noindex' }];
};

export default function Catalog() {
  const loaderData = useLoaderData<typeof loader>();
  if (loaderData.mode === 'frame') return <BlockFrame entry={loaderData.entries[0]} />;
  const all = loaderData.mode === 'all';
  return (
    <main id="main" className="catalog">
      <h1>{all ? 'Block catalog' : <>Block catalog: {loaderData.entries[0].name}</>}</h1>
      <p className="catalog__intro">
        {all ? (
          <>
            Every block of <code>src/blocks/registry.ts</code> ({loaderData.entries.length}), rendered from its fixture at desktop (1280 px)
            and mobile (390 px) width, with its props schema (<code>schemas/blocks/&lt;name&gt;.schema.json</code>) and a section to copy
            into a page definition. Development only.
          </>
        ) : (
          <a href="/__catalog">All blocks</a>
        )}
      </p>
      {all ? (
        <nav aria-label="Blocks">
          <ul className="catalog__toc">
            {loaderData.entries.map((entry) => (
              <li key={entry.name}>
                <a href={`#block-${entry.name}`}>{entry.name}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {loaderData.entries.map((entry) => (
        <CatalogBlock key={entry.name} entry={entry} />
      ))}
    </main>
  );
}

function CatalogBlock({ entry }: { entry: CatalogEntry }) {
  const src = `/__catalog/${entry.name}?frame=1`;
  return (
    <section
      className="catalog__block"
      id={`block-${entry.name}`}
      aria-labelledby={`block-${entry.name}-title`}
      data-catalog-block={entry.name}
    >
      <h2 id={`block-${entry.name}-title`}>
        <code>{entry.name}</code>
      </h2>
      <p className="catalog__description">{entry.description || 'This block’s schema has no description.'}</p>
      <div className="catalog__views">
        <figure className="catalog__view catalog__view--desktop">
          <figcaption>Desktop, 1280 px</figcaption>
          <ScaledFrame src={src} width={1280} title={`${entry.name} block at desktop width (1280 px)`} view="desktop" />
        </figure>
        <figure className="catalog__view catalog__view--mobile">
          <figcaption>Mobile, 390 px</figcaption>
          <ScaledFrame src={src} width={390} title={`${entry.name} block at mobile width (390 px)`} view="mobile" />
        </figure>
      </div>
      <p className="catalog__links">
        <a href={src}>Open the {entry.name} block alone</a>
        {' · '}
        <a href={`/__catalog/${entry.name}`}>Only this block in the catalog</a>
      </p>
      <details className="catalog__details">
        <summary>Props schema of {entry.name}</summary>
        <pre className="catalog__code">
          <code>{JSON.stringify(entry.schema, null, 2)}</code>
        </pre>
      </details>
      <details className="catalog__details">
        <summary>Example definition section for {entry.name}</summary>
        <pre className="catalog__code">
          <code>{entry.snippet}</code>
        </pre>
      </details>
    </section>
  );
}

/** An iframe with a viewport of `width` CSS pixels, scaled down to fit, as tall as its content. */
function ScaledFrame({ src, width, title, view }: { src: string; width: number; title: string; view: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(360);
  const [scale, setScale] = useState(width > 600 ? 0.5 : 1);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const message = event.data as { type?: string; height?: number } | null;
      if (event.source !== frame.current?.contentWindow || message?.type !== 'catalog-frame-height' || typeof message.height !== 'number')
        return;
      setHeight(Math.max(40, Math.ceil(message.height)));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  useEffect(() => {
    const element = box.current?.parentElement;
    if (!element) return;
    const measure = () => setScale(Math.min(1, element.clientWidth / width));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [width]);

  return (
    <div ref={box} className="catalog__viewport" style={{ width: width * scale, height: height * scale }}>
      <iframe
        ref={frame}
        src={src}
        title={title}
        width={width}
        height={height}
        loading="lazy"
        data-view={view}
        style={{ width, height, transform: `scale(${scale})` }}
      />
    </div>
  );
}

/** Inside a frame: the block alone, rendered from its fixture; tells the parent its height. */
function BlockFrame({ entry }: { entry: CatalogEntry }) {
  const root = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = root.current;
    if (!element || window.parent === window) return;
    const post = () =>
      window.parent.postMessage({ type: 'catalog-frame-height', height: element.getBoundingClientRect().height }, window.location.origin);
    post();
    const observer = new ResizeObserver(post);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <main id="main" ref={root} className="catalog-frame">
      <div className="block" data-block={entry.name}>
        <LoadedBlock name={entry.name} props={entry.fixture} priority />
      </div>
    </main>
  );
}
