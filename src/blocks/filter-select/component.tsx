import { Form, useLocation, useSubmit } from 'react-router';
import { listOf, type BlockExtras } from '../shared.tsx';
import type { Resolved } from '../defaults.ts';

export function FilterSelect({ label, param, placeholder, options, submitLabel, anchor }: Resolved<'filter-select'> & BlockExtras) {
  const location = useLocation();
  const submit = useSubmit();
  const current = new URLSearchParams(location.search).get(param) ?? '';
  const id = `filter-${param}`;
  return (
    <Form
      method="get"
      action={`${location.pathname}${anchor ? `#${anchor}` : ''}`}
      className="filter-select container"
      role="search"
      aria-label={label}
    >
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={param}
        // key makes the uncontrolled select follow back/forward navigation.
        key={current}
        defaultValue={current}
        onChange={(event) => {
          // Empty value means "no filter": leave it out of the URL. Paging restarts at 1.
          const data = new URLSearchParams();
          if (event.currentTarget.value) data.set(param, event.currentTarget.value);
          // The list is right below: stay there rather than jump to the page top.
          void submit(data, { method: 'get', action: location.pathname, preventScrollReset: true });
        }}
      >
        {placeholder ? <option value="">{placeholder}</option> : null}
        {listOf(options).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {/* Needed only without JavaScript; hidden once the page is interactive. */}
      <button type="submit" className="button button--secondary js-hidden">
        {submitLabel}
      </button>
    </Form>
  );
}
