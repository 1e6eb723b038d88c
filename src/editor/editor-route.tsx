/**
 * The page editor, a development tool (only in the route config outside production builds, see
 * src/routes.ts; its backend and JSON API live in src/editor/api/ and run in `npm run dev` only):
 *   /__editor           every definition file (route, layout, the validator's messages) and
 *                       "New page" (the planner of `npm run new-page`)
 *   /__editor/<file>    the editor of one definition: outline, properties from the block
 *                       schemas, bindings to the content contract, live preview, save
 */
import { data, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import type { SiteLoadContext } from '../load-context.ts';
import catalogStyles from './catalog/catalog.css?url';
import { CreatePage } from './create-page.tsx';
import { EditorApp } from './editor-app.tsx';
import createStyles from './create-page.css?url';
import editorStyles from './editor.css?url';
import outlineStyles from './outline.css?url';
import propsStyles from './props.css?url';
import type { EditorListEntry, EditorSession } from './types.ts';

export const links = () =>
  [catalogStyles, editorStyles, createStyles, outlineStyles, propsStyles].map((href) => ({ rel: 'stylesheet', href }));

// Typed without React Router's typegen on purpose (like catalog-route.tsx): typegen resolves
// routes.ts as a production build does, so it never sees this module.
export async function loader({ params, context }: LoaderFunctionArgs) {
  const site = (context as { site: SiteLoadContext }).site;
  if (import.meta.env.PROD || !site.editor) throw data('The page editor runs under npm run dev', { status: 404 });
  const wanted = params['*'];
  if (!wanted) {
    return { mode: 'list' as const, files: site.editor.list(), ...(await site.editor.catalog()) };
  }
  const session = await site.editor.open(wanted);
  if (!session) throw data(`No definition file "${wanted}" in the definitions folder`, { status: 404 });
  return { mode: 'one' as const, session };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.mode === 'one' ? `${data.session.name} | Page editor` : 'Page editor' },
  { name: 'robots', content: 'noindex' },
];

function Problems({ entry }: { entry: Pick<EditorListEntry, 'issues' | 'served' | 'unsaved' | 'published'> }) {
  if (entry.unsaved) return <>new page, not saved yet (not on disk, not served)</>;
  if (entry.published)
    return (
      <>
        published to branch <code>{entry.published.branch}</code> for review (no longer in this working copy)
        {entry.published.preview && (
          <>
            {' '}
            · <a href={entry.published.preview}>see it as published</a>
          </>
        )}
      </>
    );
  if (!entry.issues.length) return <>valid</>;
  return (
    <details>
      <summary>
        {entry.issues.length} problem{entry.issues.length === 1 ? '' : 's'}
        {entry.served ? '' : ' (not served)'}
      </summary>
      <ul>
        {entry.issues.map((issue) => (
          <li key={issue.text}>
            <code>{issue.text}</code>
          </li>
        ))}
      </ul>
    </details>
  );
}

function FileList({ files }: { files: EditorListEntry[] }) {
  return (
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
        {files.map((entry) => (
          <tr key={entry.file}>
            <td>{entry.published ? entry.name : <a href={`/__editor/${entry.name}`}>{entry.name}</a>}</td>
            <td>{entry.routes.join(', ')}</td>
            <td>{entry.layout}</td>
            <td>
              <Problems entry={entry} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A file that is not JSON cannot be edited here: its problem is shown, the file stays as it is. */
function Unreadable({ session }: { session: EditorSession }) {
  return (
    <main id="main" className="catalog">
      <h1>Page editor: {session.name}</h1>
      <p className="catalog__intro">
        <a href="/__editor">All definitions</a> · This file is not valid JSON; fix it in a text editor first.
      </p>
      <Problems entry={{ issues: session.issues, served: false }} />
    </main>
  );
}

export default function Editor() {
  const loaderData = useLoaderData<typeof loader>();
  if (loaderData.mode === 'one') {
    const { session } = loaderData;
    if (!session.definition) return <Unreadable session={session} />;
    return (
      <main id="main">
        <EditorApp session={session} definition={session.definition} />
      </main>
    );
  }
  return (
    <main id="main" className="catalog">
      <h1>Page editor</h1>
      <p className="catalog__intro">
        Every page definition ({loaderData.files.length}), checked by the same validator as <code>npm run validate</code>. Open one to edit
        it, or start a new page. Development only: saving writes the files in the definitions folder, for review in git.
      </p>
      <CreatePage endpoints={loaderData.endpoints} blocks={loaderData.blocks} layouts={loaderData.layouts} />
      <FileList files={loaderData.files} />
    </main>
  );
}
