/**
 * Accessible tabs (WAI-ARIA tabs pattern, automatic activation): arrow keys, Home and End move
 * between tabs; only the selected tab is in the tab order. Shared by the tabbed blocks.
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useFocusedInView } from './shared.tsx';

export interface TabItem {
  key: string;
  label: ReactNode;
}

export function TabList({
  label,
  tabs,
  selected,
  onSelect,
  className = 'tablist',
  idBase,
}: {
  label: string;
  tabs: TabItem[];
  selected: string;
  onSelect: (key: string) => void;
  className?: string;
  idBase: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const row = useRef<HTMLDivElement>(null);
  useFocusedInView(row);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    if (next < 0) return;
    event.preventDefault();
    onSelect(tabs[next].key);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={className} ref={row}>
      {tabs.map((tab, index) => {
        const active = tab.key === selected;
        return (
          <button
            key={tab.key}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${idBase}-tab-${index}`}
            aria-selected={active}
            aria-controls={`${idBase}-panel`}
            tabIndex={active ? 0 : -1}
            className={active ? 'tab tab--active' : 'tab'}
            onClick={() => onSelect(tab.key)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

/** Tabs keyed by their position, for items that have no key of their own. */
export function IndexTabList({
  labels,
  selected,
  onSelect,
  ...rest
}: Omit<Parameters<typeof TabList>[0], 'tabs' | 'selected' | 'onSelect'> & {
  labels: ReactNode[];
  selected: number;
  onSelect: (index: number) => void;
}) {
  return (
    <TabList
      {...rest}
      selected={String(selected)}
      onSelect={(key) => onSelect(Number(key))}
      tabs={labels.map((label, index) => ({ key: String(index), label }))}
    />
  );
}

/** The panel of the selected tab; labelled by that tab. */
export function TabPanel({
  idBase,
  selectedIndex,
  children,
  className,
}: {
  idBase: string;
  selectedIndex: number;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div role="tabpanel" id={`${idBase}-panel`} aria-labelledby={`${idBase}-tab-${selectedIndex}`} className={className}>
      {children}
    </div>
  );
}

export function useTabIds(): string {
  return useId().replace(/:/g, '');
}
