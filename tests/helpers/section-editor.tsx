import { useState } from 'react';
import { SectionProps } from '../../src/editor/props-form.tsx';
import type { BlockInfo, EditorIssue, FieldInfo, SectionDraft } from '../../src/editor/types.ts';

/**
 * The properties form of one section as the editor holds it: rendered again with each draft the
 * form reports, as the editor's reducer would. `onChange` hears every draft.
 */
export function SectionEditor({
  initial,
  block,
  fields,
  issues = [],
  onChange,
}: {
  initial: SectionDraft;
  block: BlockInfo;
  fields: FieldInfo[];
  issues?: EditorIssue[];
  onChange: (next: SectionDraft) => void;
}) {
  const [section, setSection] = useState(initial);
  return (
    <SectionProps
      section={section}
      index={0}
      block={block}
      fields={fields}
      issues={issues}
      onChange={(next) => {
        onChange(next);
        setSection(next);
      }}
    />
  );
}
