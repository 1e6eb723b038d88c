/**
 * The page editor, a development tool (only in the route config outside production builds, see
 * src/routes.ts). First step of issue 12: read-only.
 *   /__editor           every definition file: route(s), layout, and its problems (the messages of
 *                       `npm run validate`, with line and column)
 *   /__editor/<file>    one definition: its content reads and its sections in order
 * Editing (outline changes, props forms from the block schemas, bindings, live preview, saving
 * into page-definitions/) comes next; see the issue note.
 */
import { data, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import type { SiteLoadContext } from '../load-context.ts';
import catalogStyles from './catalog/catalog.css?url';

export const links = () => [{ rel: 'stylesheet', href: catalogStyles }];

// Typed without React Router's typegen on purpose (like catalog-route.tsx): typegen resolves
// routes.ts as a production build does, so it never sees this module.
export function loader({ params, context }: LoaderFunctionArgs) {
  if (import.meta.env.PROD) throw data('Not found', { status: 404 });
  const index = (context as { site: SiteLoadContext }).site.definitions();
  const problems = (file: string) =>
    index.issues
      .filter((issue) => issue.file === file)
      .map((i) => ({ at: `${i.line}:${i.column}`, pointer: i.pointer, message: i.message }));
  const files = index.files.map((file) => {
    const definition = index.definitions.find((d) => d.file === file);
    return {
      file,
      name: file.replace(/^.*\//, ''),
      routes: definition?.routes ?? [],
      layout: definition?.layout,
      served: Boolean(definition),
      problems: problems(file),
    };
  });
  const wanted = params['*'];
  if (!wanted) return { mode: 'list' as const, files };
  const entry = files.find((f) => f.name === wanted);
  const definition = index.definitions.find((d) => d.file === entry?.file);
  if (!entry) throw data(`No definition file "${wanted}"`, { status: 404 });
  return {
    mode: 'one' as const,
    files: [entry],
    sources: Object.entries(definition?.sources ?? {}).map(([name, source]) => ({
      name,
      path: source.path,
      required: Boolean(source.required),
    })),
    sections: (definition?.sections ?? []).map((section, position) => ({
      position,
      block: section.block,
      id: section.id,
      skipped: definition?.invalidSections.has(position) ?? false,
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.mode === 'one' ? `${data.files[0].name} | Page editor` : 'Page editor' },
  { name: 'robots', content: 'noindex' },
];

type Entry = ReturnType<typeof loader>['files'][number];

function Problems({ entry }: { entry: Entry }) {
  if (!entry.problems.length) return <>valid</>;
  return (
    <details>
      <summary>
        {entry.problems.length} problem{entry.problems.length === 1 ? '' : 's'}
        {entry.served ? '' : ' (not served)'}
      </summary>
      <ul>
        {entry.problems.map((p) => (
          <li key={`${p.at}${p.pointer}${p.message}`}>
            <code>
              {entry.file}:{p.at} {p.pointer}
            </code>{' '}
            {p.message}
          </li>
        ))}
      </ul>
    </details>
  );
}

export default function Editor() {
  const loaderData = useLoaderData<typeof loader>();
  if (loaderData.mode === 'list') {
    return (
      <main id="main" className="catalog">
        <h1>Page editor</h1>
        <p className="catalog__intro">
          Every page definition ({loaderData.files.length}), checked by the same validator as <code>npm run validate</code>. Development
          only.
        </p>
        <table>
          <caption>Page definitions</caption>
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col">Route</th>
              <th scope="col">Layout</th>
              <th scope="col">Validation</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.files.map((entry) => (
              <tr key={entry.file}>
                <td>
                  <a href={`/__editor/${entry.name}`}>{entry.name}</a>
                </td>
                <td>{entry.routes.join(', ')}</td>
                <td>{entry.layout}</td>
                <td>
                  <Problems entry={entry} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </main>
    );
  }
  const [entry] = loaderData.files;
  return (
    <main id="main" className="catalog">
      <h1>Page editor: {entry.name}</h1>
      <p className="catalog__intro">
        <a href="/__editor">All definitions</a> · {entry.routes.join(', ') || 'not served'} · <Problems entry={entry} />
      </p>
      <h2>Content reads</h2>
      <ul>
        {loaderData.sources.map((source) => (
          <li key={source.name}>
            <code>{source.name}</code>: GET <code>{source.path}</code>
            {source.required ? ' (required)' : ''}
          </li>
        ))}
      </ul>
      <h2>Sections</h2>
      <ol aria-label="Sections">
        {loaderData.sections.map((section) => (
          <li key={section.position}>
            {section.block}
            {section.id ? ` #${section.id}` : ''}
            {section.skipped ? ' (skipped: fails validation)' : ''}
          </li>
        ))}
      </ol>
    </main>
  );
}
