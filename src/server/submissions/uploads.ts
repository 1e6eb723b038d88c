/**
 * Uploaded files (a form field marked "x-max-file-bytes", sent as base64 with its file name in the
 * field its uiSchema names as `filenameField`: the career form's CV). The type is read from the
 * bytes, not the name: a PDF starts with "%PDF-"; a DOCX is a ZIP whose central directory lists
 * word/document.xml. The file name must match the field's pattern and its extension must name the
 * type found. The limit and the messages are the form schema's (src/forms/file-field.ts reads them,
 * as the browser's widget does). The server knows PDF and DOCX by their bytes; any other type is refused.
 */
import type { FileRules } from '../../forms/file-field.ts';

export type FileType = 'pdf' | 'docx';

const EOCD = 0x06054b50;
const CENTRAL_HEADER = 0x02014b50;

/** Whether a ZIP's central directory has an entry of this name (a light parse: no ZIP64, no data check). */
export function zipHasEntry(buf: Buffer, wanted: string): boolean {
  if (buf.length < 22) return false;
  const lowest = Math.max(0, buf.length - 22 - 0xffff); // the end record is followed by at most a 64 KiB comment
  for (let end = buf.length - 22; end >= lowest; end--) {
    if (buf.readUInt32LE(end) !== EOCD) continue;
    const entries = buf.readUInt16LE(end + 10);
    let p = buf.readUInt32LE(end + 16);
    for (let n = 0; n < entries; n++) {
      if (p + 46 > end || buf.readUInt32LE(p) !== CENTRAL_HEADER) return false;
      const nameLength = buf.readUInt16LE(p + 28);
      const next = p + 46 + nameLength + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
      if (next > end) return false;
      if (buf.toString('utf8', p + 46, p + 46 + nameLength) === wanted) return true;
      p = next;
    }
    return false;
  }
  return false;
}

export function detectFileType(bytes: Buffer): FileType | undefined {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50 && zipHasEntry(bytes, 'word/document.xml')) return 'docx';
  return undefined;
}

/** Bytes a base64 text decodes to, without decoding it. */
export function base64Bytes(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return Math.floor((text.length * 3) / 4) - padding;
}

/** The message for a file that may not be taken, or undefined when it is a PDF or DOCX within the limit, named as such. */
export function fileError(rules: FileRules, filename: string, base64: string): string | undefined {
  if (base64Bytes(base64) > rules.maxBytes) return rules.tooLarge;
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > rules.maxBytes) return rules.tooLarge;
  const type = detectFileType(bytes);
  const extension = /\.([^.]+)$/.exec(filename)?.[1]?.toLowerCase();
  return type && extension === type && rules.namePattern.test(filename) ? undefined : rules.wrongType;
}
