import { useState } from 'react';
import { BlockSection, Html, listOf, type BlockExtras } from '../shared.tsx';
import type { Resolved } from '../defaults.ts';
import { IndexTabList, TabPanel, useTabIds } from '../tabs.tsx';

export function OfficeTabs({ heading, label, offices }: Resolved<'office-tabs'> & BlockExtras) {
  const list = listOf(offices);
  const [selected, setSelected] = useState(0);
  const idBase = useTabIds();
  if (list.length === 0) return null;
  return (
    <BlockSection className="office-tabs" heading={heading}>
      <IndexTabList label={label} idBase={idBase} selected={selected} onSelect={setSelected} labels={list.map((o) => o.title)} />
      <TabPanel idBase={idBase} selectedIndex={selected} className="office-tabs__panel">
        {/* Every office is in the page; the ones not chosen are hidden, and their maps (lazy) load when shown. */}
        {list.map((office, index) => (
          <div key={index} className="office-tabs__office" hidden={index !== selected}>
            <div className="office-tabs__details">
              <h3>{office.title}</h3>
              <Html html={office.address} className="office-tabs__address" />
              <dl>
                {office.email ? (
                  <div>
                    <dt>E-mail</dt>
                    <dd>
                      <a href={`mailto:${office.email}`}>{office.email}</a>
                    </dd>
                  </div>
                ) : null}
                {office.phone ? (
                  <div>
                    <dt>Phone</dt>
                    <dd>
                      <a href={`tel:${office.phone.replace(/[^+\d]/g, '')}`}>{office.phone}</a>
                    </dd>
                  </div>
                ) : null}
              </dl>
            </div>
            {office.map ? <div className="office-tabs__map" dangerouslySetInnerHTML={{ __html: office.map }} /> : null}
          </div>
        ))}
      </TabPanel>
    </BlockSection>
  );
}
