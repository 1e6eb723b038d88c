/**
 * CV upload: .pdf or .docx, refused above the size limit before the file is read; the file name
 * shows once chosen. The file travels as base64 text with its name in a second field.
 */
import type { WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds } from '@rjsf/utils';
import { useRef, useState } from 'react';
import type { SiteFormContext } from '../context.ts';

export const TOO_LARGE = 'file is too large';

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export function CvWidget({ id, onChange, onBlur, rawErrors, schema, options, registry, value }: WidgetProps) {
  const context = registry.formContext as SiteFormContext;
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const maxBytes = Number(schema['x-max-file-bytes'] ?? Infinity);
  const filenameField = String(options.filenameField ?? 'resume_filename');
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
        accept={String(options.accept ?? '.pdf,.docx')}
        aria-invalid={rawErrors?.length || problem ? true : undefined}
        aria-describedby={`${ariaDescribedByIds(id)} ${id}__file`}
        onBlur={() => onBlur(id, value)}
        onChange={async (event) => {
          const file = event.target.files?.[0];
          setProblem(undefined);
          if (!file) return clear();
          if (file.size > maxBytes) {
            clear();
            setProblem(TOO_LARGE);
            return;
          }
          if (!/\.(pdf|docx)$/i.test(file.name)) {
            clear();
            setProblem('Please upload a .pdf or .docx file.');
            return;
          }
          setName(file.name);
          context.setField(filenameField, file.name);
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
        ) : null}
      </p>
    </div>
  );
}
