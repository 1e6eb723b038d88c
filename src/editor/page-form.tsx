/**
 * The page's own settings: route, layout, brochure button, meta (fixed or bound) and the content
 * reads (sources). Keys the form does not edit (sitemap, structuredData, scrollTo …) pass through
 * untouched; emptied objects are left out of the file.
 */
import { useId, useState } from 'react';
import { IssueList, Messages, Row } from './binding-field.tsx';
import { endpointHelp, endpointText } from './endpoint-text.ts';
import { issuesUnder } from './issues.ts';
import { PropsForm } from './props-form.tsx';
import { asText, fillPath, isPlainObject, matchEndpoint, paramDefault, pointerOf, routeParams, withKey, type Json } from './schema-ui.ts';
import type { JsonSchema } from '../engine/schema-store.ts';
import { sourceParam } from '../engine/placeholders.ts';
import type { DefinitionDraft, EditorIssue, EndpointInfo, FieldInfo } from './types.ts';

export interface PageSettingsProps {
  draft: DefinitionDraft;
  /** page-definition.schema.json with $refs inlined: the layouts and the help texts. */
  pageSchema: JsonSchema;
  endpoints: EndpointInfo[];
  fields: FieldInfo[];
  issues: EditorIssue[];
  onChange: (next: DefinitionDraft) => void;
}

type Source = { path: string; query?: Json; required?: boolean };

const META_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    title: { type: 'string', description: 'The <title> of the page (also og:title).' },
    description: { type: 'string', description: 'The meta description (also og:description).' },
    keywords: { type: 'string', description: 'The meta keywords.' },
  },
};

export function PageSettings({ draft, pageSchema, endpoints, fields, issues, onChange }: PageSettingsProps) {
  const uid = useId();
  const properties = pageSchema.properties ?? {};
  const layouts = (properties.layout?.enum ?? []).map(String);
  const route = draft.route;
  const sources = (draft.sources ?? {}) as Record<string, Source>;
  const pageIssues = issues.filter((issue) => !issue.pointer.startsWith('/sections/') && issue.pointer !== '/sections');
  const set = (key: string, value: unknown) => onChange(withKey(draft, key, value));
  const setSource = (name: string, source: Source | undefined) => set('sources', withKey(sources, name, source));
  return (
    <section className="editor-props" aria-labelledby={`${uid}-heading`}>
      <h2 id={`${uid}-heading`}>Page settings</h2>
      <IssueList issues={pageIssues} prefix="" title="Problems in the page settings" />
      {draft.notFound ? (
        <p className="editor-props-help">
          The not-found page: shown (with status 404) for every URL no other page answers; it has no route.
        </p>
      ) : (
        <Row
          id={`${uid}-route`}
          label={Array.isArray(route) ? 'Routes (comma-separated)' : 'Route'}
          help={properties.route?.description}
          issues={issues}
          pointer="/route"
        >
          {(describedBy) => (
            <input
              id={`${uid}-route`}
              type="text"
              value={([] as string[]).concat(route ?? []).join(', ')}
              spellCheck={false}
              aria-describedby={describedBy}
              onChange={(event) => {
                const list = event.target.value.split(',').map((part) => part.trim());
                set('route', list.length > 1 ? list : list[0]);
              }}
            />
          )}
        </Row>
      )}
      <Row id={`${uid}-layout`} label="Layout" help={properties.layout?.description} issues={issues} pointer="/layout">
        {(describedBy) => (
          <select
            id={`${uid}-layout`}
            value={draft.layout}
            aria-describedby={describedBy}
            onChange={(event) => set('layout', event.target.value)}
          >
            {layouts.map((layout) => (
              <option key={layout}>{layout}</option>
            ))}
          </select>
        )}
      </Row>
      <CheckField
        id={`${uid}-brochure`}
        label="Brochure button"
        checked={draft.brochureButton === true}
        help={properties.brochureButton?.description ?? "Show the fixed 'Download Brochures' button."}
        issues={issuesUnder(issues, '/brochureButton')}
        onChange={(checked) => set('brochureButton', checked || undefined)}
      />
      <fieldset className="editor-props-group">
        <legend>Meta</legend>
        <p className="editor-props-help">{properties.meta?.description}</p>
        <PropsForm
          schema={META_SCHEMA}
          value={isPlainObject(draft.meta) ? draft.meta : {}}
          fields={fields}
          issues={issues}
          pointer="/meta"
          idPrefix={`${uid}-meta`}
          onChange={(meta) => set('meta', meta)}
        />
      </fieldset>
      <fieldset className="editor-props-group">
        <legend>Sources</legend>
        {properties.sources?.description && <p className="editor-props-help">{properties.sources.description}</p>}
        {Object.entries(sources).map(([name, source]) => (
          <SourceEditor
            key={name}
            name={name}
            source={source}
            route={route}
            sourceSchema={properties.sources?.additionalProperties}
            endpoints={endpoints}
            fields={fields}
            issues={issues}
            onChange={(next) => setSource(name, next)}
          />
        ))}
        <AddSource taken={Object.keys(sources)} endpoints={endpoints} route={route} onAdd={setSource} />
      </fieldset>
    </section>
  );
}

/**
 * A new source is named and given its endpoint in one step: a source is never written without a
 * path (the validator then had two messages for one empty field before anything was chosen).
 */
function AddSource(props: { taken: string[]; endpoints: EndpointInfo[]; route: unknown; onAdd: (name: string, source: Source) => void }) {
  const { taken, endpoints, route, onAdd } = props;
  const id = useId();
  const free = taken.includes('page') ? '' : 'page';
  const [name, setName] = useState(free);
  const [chosen, setChosen] = useState('');
  const endpoint = endpoints.find((e) => e.path === chosen);
  const clash = taken.includes(name);
  const problem = !name
    ? 'Give the source a name.'
    : clash
      ? `There is a source "${name}" already.`
      : !endpoint
        ? 'Choose its endpoint.'
        : '';
  return (
    <div className="editor-props-add" role="group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="editor-props-label">
        New source
      </h3>
      <div className="editor-props-row">
        <label htmlFor={id}>New source name</label>
        <input
          id={id}
          type="text"
          value={name}
          spellCheck={false}
          aria-describedby={`${id}-problem`}
          onChange={(event) => setName(event.target.value.trim())}
        />
      </div>
      <div className="editor-props-row">
        <label htmlFor={`${id}-endpoint`}>New source endpoint</label>
        <select id={`${id}-endpoint`} value={chosen} aria-describedby={`${id}-problem`} onChange={(event) => setChosen(event.target.value)}>
          <option value="">Choose an endpoint…</option>
          {endpoints.map((e) => (
            <option key={e.path} value={e.path} title={e.description}>
              {endpointText(e)}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="editor-props-button"
        disabled={Boolean(problem)}
        onClick={() => {
          if (!endpoint) return;
          const params = routeParams(route);
          onAdd(name, { path: fillPath(endpoint, Object.fromEntries(endpoint.params.map((p) => [p, paramDefault(p, endpoint, params)]))) });
          setName('');
          setChosen('');
        }}
      >
        Add source
      </button>
      <p id={`${id}-problem`} className="editor-props-help">
        {problem ||
          "Bindings start with the source's name (name.field). A page without its own meta takes the site's default meta, bound to its sources."}
      </p>
    </div>
  );
}

interface SourceEditorProps {
  name: string;
  source: Source;
  route: unknown;
  sourceSchema: unknown;
  endpoints: EndpointInfo[];
  fields: FieldInfo[];
  issues: EditorIssue[];
  onChange: (next: Source | undefined) => void;
}

function SourceEditor({ name, source, route, sourceSchema, endpoints, fields, issues, onChange }: SourceEditorProps) {
  const uid = useId();
  const pointer = pointerOf('/sources', [name]);
  const brand = fields.find((field) => field.path === 'site.brand')?.sample;
  const match = matchEndpoint(asText(source.path), endpoints, typeof brand === 'string' ? brand : undefined);
  const params = routeParams(route);
  const schema = (isPlainObject(sourceSchema) ? sourceSchema : {}) as JsonSchema;
  const requiredHelp = schema.properties?.required?.description ?? 'The page cannot live without this read.';
  const query = isPlainObject(source.query) ? source.query : {};
  // Query values are literals or bindings to the request and the site, never to other sources.
  const requestFields = fields.filter((field) => /^(params|search|site)\./.test(field.path));
  const querySchema: JsonSchema = {
    type: 'object',
    properties: Object.fromEntries([
      ...(match?.endpoint.query ?? []).map((q) => [q.name, { type: 'string', description: q.description }]),
      ...Object.keys(query).map((key) => [key, { type: 'string' }]),
    ]),
    required: (match?.endpoint.query ?? []).filter((q) => q.required).map((q) => q.name),
  };
  const chooseEndpoint = (path: string) => {
    const endpoint = endpoints.find((e) => e.path === path);
    if (!endpoint) return onChange({ ...source, path });
    const values = Object.fromEntries(endpoint.params.map((p) => [p, match?.values[p] || paramDefault(p, endpoint, params)]));
    onChange({ ...source, path: fillPath(endpoint, values) });
  };
  return (
    <fieldset className="editor-props-group editor-props-source-item">
      <legend>Source &ldquo;{name}&rdquo;</legend>
      <Messages id={`${uid}-errors`} issues={issues.filter((issue) => issue.pointer === pointer)} />
      <Row
        id={`${uid}-endpoint`}
        label="Endpoint"
        issues={issues}
        pointer={`${pointer}/path`}
        help={match ? endpointHelp(match.endpoint) : undefined}
      >
        {(describedBy) => (
          <select
            id={`${uid}-endpoint`}
            value={match?.endpoint.path ?? ''}
            title={match?.endpoint.description}
            aria-describedby={describedBy}
            onChange={(event) => chooseEndpoint(event.target.value)}
          >
            {/* The chosen endpoint is listed once: this first entry stands for no endpoint, or for a path the contract lacks. */}
            {!match && <option value="">{source.path ? `${source.path} (not in the content contract)` : 'Choose an endpoint…'}</option>}
            {endpoints.map((endpoint) => (
              <option key={endpoint.path} value={endpoint.path} title={endpoint.description}>
                {endpointText(endpoint)}
              </option>
            ))}
          </select>
        )}
      </Row>
      {match?.endpoint.params.map((param) => (
        <Row
          key={param}
          id={`${uid}-param-${param}`}
          label={`Path parameter ${param}`}
          issues={[]}
          pointer=""
          help="A literal, or {params.x} (route) / {search.x} (query string)."
        >
          {(describedBy) => (
            <>
              <input
                id={`${uid}-param-${param}`}
                type="text"
                value={match.values[param]}
                list={`${uid}-param-${param}-values`}
                spellCheck={false}
                aria-describedby={describedBy}
                onChange={(event) =>
                  onChange({ ...source, path: fillPath(match.endpoint, { ...match.values, [param]: event.target.value.trim() }) })
                }
              />
              <datalist id={`${uid}-param-${param}-values`}>
                {params.map((p) => (
                  <option key={p} value={sourceParam('params', p)} />
                ))}
              </datalist>
            </>
          )}
        </Row>
      ))}
      {Object.keys(querySchema.properties ?? {}).length > 0 && (
        <fieldset className="editor-props-group">
          <legend>Query parameters</legend>
          <PropsForm
            schema={querySchema}
            value={query}
            fields={requestFields}
            issues={issues}
            pointer={`${pointer}/query`}
            idPrefix={`${uid}-query`}
            onChange={(next) => onChange(withKey(source, 'query', next))}
          />
        </fieldset>
      )}
      <CheckField
        id={`${uid}-required`}
        label="Required"
        checked={source.required === true}
        help={requiredHelp}
        issues={issuesUnder(issues, `${pointer}/required`)}
        onChange={(checked) => onChange(withKey(source, 'required', checked || undefined))}
      />
      <button type="button" className="editor-props-button editor-props-remove" onClick={() => onChange(undefined)}>
        Remove source {name}
      </button>
    </fieldset>
  );
}

/** A checkbox with its help and its problems (true, or left out of the file). */
function CheckField(props: {
  id: string;
  label: string;
  checked: boolean;
  help: string;
  issues: EditorIssue[];
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="editor-props-field">
      <label className="editor-props-check">
        <input
          type="checkbox"
          checked={props.checked}
          aria-describedby={`${props.id}-help`}
          onChange={(event) => props.onChange(event.target.checked)}
        />{' '}
        {props.label}
      </label>
      <p id={`${props.id}-help`} className="editor-props-help">
        {props.help}
      </p>
      <Messages id={`${props.id}-errors`} issues={props.issues} />
    </div>
  );
}
