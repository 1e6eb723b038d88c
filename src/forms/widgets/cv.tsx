/**
 * CV upload: a file of the types the name field's pattern allows (.pdf or .docx), refused above the
 * size limit before the file is read; the file name shows once chosen. The file travels as base64
 * text with its name in a second field (`filenameField`). Limit and messages come from the form
 * schema (../file-field.ts).
 */
import type { WidgetProps } from '@rjsf/utils';
import { useMemo, useRef, useState } from 'react';
import type { SiteFormContext } from '../context.ts';
import { fileRules, sentFileName } from '../file-field.ts';
import { describedBy } from '../templates.tsx';

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export function CvWidget({ id, onChange, onBlur, rawErrors, schema, options, registry, value, required }: WidgetProps) {
  const context = registry.formContext as SiteFormContext;
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const filenameField = String(options.filenameField);
  const rules = useMemo(
    () => fileRules(schema, registry.rootSchema.properties?.[filenameField]),
    [schema, registry.rootSchema, filenameField],
  );
  const clear = () => {
    if (input.current) input.current.value = '';
    setName(undefined);
    onChange(undefined);
    context.setField(filenameField, undefined);
  };
  return (
    <div className="form-file">
      <input
        ref={input}
        id={id}
        type="file"
        required={required}
        accept={options.accept === undefined ? undefined : String(options.accept)}
        aria-invalid={rawErrors?.length || problem ? true : false}
        aria-describedby={describedBy(id, schema, `${id}__file`)}
        onBlur={() => onBlur(id, value)}
        onChange={async (event) => {
          const file = event.target.files?.[0];
          setProblem(undefined);
          if (!file) return clear();
          // A name may carry what the server refuses (a line break, markup): it is sent without.
          const fileName = sentFileName(rules, file.name);
          const refused = file.size > rules.maxBytes ? rules.tooLarge : rules.namePattern.test(fileName) ? undefined : rules.wrongType;
          if (refused) {
            clear();
            setProblem(refused);
            return;
          }
          setName(fileName);
          context.setField(filenameField, fileName);
          onChange(await readBase64(file));
        }}
      />
      <p id={`${id}__file`} className="form-file__name" aria-live="polite">
        {problem ? (
          <span role="alert" className="form-error">
            {problem}
          </span>
        ) : name ? (
          <>Selected: {name}</>
        ) : (
          // Said here, in full: the browser's own "No file chosen" is cut short in narrow boxes (CSS hides it).
          'No file chosen'
        )}
      </p>
    </div>
  );
}
