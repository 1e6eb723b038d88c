import type { BlockExtras, Resolved } from '../../generated/blocks.ts';

/** Fernhill's own block: the days of the week and their hours, as a small table; a day without hours is closed. */
export function OpeningHours({ heading, days, closedLabel, note }: Resolved<'opening-hours'> & BlockExtras) {
  return (
    <section className="opening-hours container">
      <table className="opening-hours__table">
        {heading ? <caption className="opening-hours__heading">{heading}</caption> : null}
        <tbody>
          {days.map(({ day, hours }) => (
            <tr key={day} className={hours ? undefined : 'opening-hours__closed'}>
              <th scope="row">{day}</th>
              <td>{hours || closedLabel}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {note ? <p className="opening-hours__note">{note}</p> : null}
    </section>
  );
}
