import { describe, expect, it } from 'vitest';
import career from '../generated/forms/career.json' with { type: 'json' };
import { base64Length, fileRules, sentFileName } from './file-field.ts';

describe('file field rules', () => {
  it("are the career form's CV limit and messages, read from its schema", () => {
    const { resume_base64: cv, resume_filename: name } = career.schema.properties;
    const rules = fileRules(cv, name);
    expect(rules).toMatchObject({ maxBytes: 3_610_304, tooLarge: 'file is too large', wrongType: 'Please upload a .pdf or .docx file.' });
    expect(cv.maxLength).toBe(base64Length(rules.maxBytes));
    expect(['cv.pdf', 'CV.DOCX'].map((file) => rules.namePattern.test(file))).toEqual([true, true]);
    expect(['cv.doc', 'cv.pdf.exe', 'a/cv.pdf'].map((file) => rules.namePattern.test(file))).toEqual([false, false, false]);
  });

  it('name the characters a file name may not have, which the widget leaves out of the name it sends', () => {
    const { resume_base64: cv, resume_filename: name } = career.schema.properties;
    const rules = fileRules(cv, name);
    const forbidden = new RegExp(name.not.pattern, 'u');
    for (const chosen of ['cv\r\n.pdf', 'cv\u0000<b>.pdf', '<img src=x onerror=alert(1)>.docx', 'cv\u202efdp.docx']) {
      expect(forbidden.test(chosen)).toBe(true);
      const sent = sentFileName(rules, chosen);
      expect(forbidden.test(sent), JSON.stringify(sent)).toBe(false);
      expect(rules.namePattern.test(sent)).toBe(true);
    }
    expect(sentFileName(rules, 'cv\r\n<b>.pdf')).toBe('cvb.pdf');
    expect(sentFileName(rules, 'Ada Lovelace (CV) – Zoë.pdf')).toBe('Ada Lovelace (CV) – Zoë.pdf');
  });

  it('refuse a schema that lacks the limit or a message', () => {
    const name = { pattern: '\\.pdf$', errorMessage: { pattern: 'PDF only.' } };
    expect(() => fileRules({ errorMessage: { maxLength: 'too large' } }, name)).toThrow(/x-max-file-bytes/);
    expect(() => fileRules({ 'x-max-file-bytes': 10 }, name)).toThrow(/maxLength/);
    expect(() => fileRules({ 'x-max-file-bytes': 10, errorMessage: { maxLength: 'too large' } }, { pattern: '\\.pdf$' })).toThrow(
      /pattern/,
    );
  });
});
