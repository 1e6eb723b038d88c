import { useState } from 'react';
import { BlockSection, Html, listOf, SmartLink, type BlockExtras, itemHeading } from '../shared.tsx';
import type { Resolved } from '../defaults.ts';

const FILTERS = [
  ['expertise', 'Expertise', 'All expertise'],
  ['country', 'Country', 'All countries'],
  ['city', 'City', 'All cities'],
] as const;

type FilterKey = (typeof FILTERS)[number][0];

export function JobList({ heading, applyLabel, emptyText, jobs }: Resolved<'job-list'> & BlockExtras) {
  const ItemTitle = itemHeading(heading);
  const all = listOf(jobs);
  const [chosen, setChosen] = useState<Record<FilterKey, string>>({ expertise: '', country: '', city: '' });
  const shown = all.filter((job) => FILTERS.every(([key]) => !chosen[key] || job[key] === chosen[key]));
  const values = (key: FilterKey) => [...new Set(all.map((job) => job[key]).filter((v): v is string => Boolean(v)))].sort();

  return (
    <BlockSection className="job-list" heading={heading}>
      <div className="job-list__filters" role="group" aria-label="Filter positions">
        {FILTERS.map(([key, label, anyLabel]) => (
          <label key={key} className="job-list__filter">
            <span>{label}</span>
            <select value={chosen[key]} onChange={(event) => setChosen({ ...chosen, [key]: event.target.value })}>
              <option value="">{anyLabel}</option>
              {values(key).map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      <p className="job-list__count" aria-live="polite">
        {shown.length === 1 ? '1 open position' : `${shown.length} open positions`}
      </p>
      {shown.length === 0 ? (
        <p className="job-list__empty">{emptyText}</p>
      ) : (
        <ul className="job-list__items">
          {shown.map((job, index) => (
            <li key={job.href ?? index} className="job">
              <div>
                <ItemTitle className="job__title">{job.title}</ItemTitle>
                <p className="job__meta">{[job.expertise, job.city, job.country].filter(Boolean).join(' · ')}</p>
                <Html html={job.summary} className="job__summary" />
              </div>
              {job.href ? (
                <SmartLink href={job.href} className="button button--primary" aria-label={`${applyLabel}: ${job.title}`}>
                  {applyLabel}
                </SmartLink>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </BlockSection>
  );
}
