import { describe, expect, it } from 'vitest';
import { fileRules } from '../../forms/file-field.ts';
import career from '../../generated/forms/career.json' with { type: 'json' };
import { base64Bytes, detectFileType, fileError, zipHasEntry } from './uploads.ts';
import { SAMPLE_DOCX_BASE64, SAMPLE_PDF_BASE64, zip } from '../../../tests/helpers/submission-samples.ts';

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');

// The career form's CV field, as the server reads it from the compiled form.
const rules = fileRules(career.schema.properties.resume_base64, career.schema.properties.resume_filename);
const { maxBytes: MAX_CV_BYTES, tooLarge: CV_TOO_LARGE, wrongType: CV_WRONG_TYPE } = rules;
const cvError = (filename: string, base64: string) => fileError(rules, filename, base64);

describe('CV check by magic bytes', () => {
  it('detects PDF by %PDF- and DOCX by a ZIP listing word/document.xml', () => {
    expect(detectFileType(Buffer.from(SAMPLE_PDF_BASE64, 'base64'))).toBe('pdf');
    expect(detectFileType(Buffer.from(SAMPLE_DOCX_BASE64, 'base64'))).toBe('docx');
    expect(detectFileType(zip({ 'xl/workbook.xml': '<workbook/>' }))).toBeUndefined();
    expect(detectFileType(Buffer.from('PK\x03\x04 not really a zip'))).toBeUndefined();
    expect(detectFileType(Buffer.from('MZ\x90\x00 an executable'))).toBeUndefined();
    expect(detectFileType(Buffer.alloc(0))).toBeUndefined();
  });

  it('finds entries after others and tolerates a trailing comment', () => {
    const many = zip({ 'a.txt': 'a', 'docProps/app.xml': '<x/>', 'word/document.xml': '<w/>' });
    expect(zipHasEntry(many, 'word/document.xml')).toBe(true);
    const comment = Buffer.from('a zip comment');
    const withComment = Buffer.concat([many, comment]);
    withComment.writeUInt16LE(comment.length, many.length - 2);
    expect(zipHasEntry(withComment, 'word/document.xml')).toBe(true);
  });

  it('does not trust corrupt central directories', () => {
    const broken = zip({ 'word/document.xml': '<w/>' });
    broken.writeUInt32LE(0xffffff, broken.length - 6); // directory offset past the end
    expect(zipHasEntry(broken, 'word/document.xml')).toBe(false);
  });

  it('requires the file name extension to match the type found', () => {
    expect(cvError('cv.pdf', SAMPLE_PDF_BASE64)).toBeUndefined();
    expect(cvError('CV.PDF', SAMPLE_PDF_BASE64)).toBeUndefined();
    expect(cvError('cv.docx', SAMPLE_DOCX_BASE64)).toBeUndefined();
    expect(cvError('cv.docx', SAMPLE_PDF_BASE64)).toBe(CV_WRONG_TYPE);
    expect(cvError('cv.pdf', SAMPLE_DOCX_BASE64)).toBe(CV_WRONG_TYPE);
    expect(cvError('cv.pdf', b64('just text pretending'))).toBe(CV_WRONG_TYPE);
    expect(cvError('cv.docx', b64(zip({ 'content.xml': '<odt/>' })))).toBe(CV_WRONG_TYPE);
  });

  it(`refuses more than ${MAX_CV_BYTES} bytes as 'file is too large'`, () => {
    const atLimit = Buffer.alloc(MAX_CV_BYTES, 0x20);
    atLimit.write('%PDF-1.7');
    expect(cvError('cv.pdf', atLimit.toString('base64'))).toBeUndefined();
    const over = Buffer.alloc(MAX_CV_BYTES + 1, 0x20);
    over.write('%PDF-1.7');
    expect(cvError('cv.pdf', over.toString('base64'))).toBe(CV_TOO_LARGE);
  });

  it('counts base64 bytes without decoding', () => {
    for (const n of [0, 1, 2, 3, 4, 5, 1000]) expect(base64Bytes(Buffer.alloc(n).toString('base64'))).toBe(n);
  });
});
