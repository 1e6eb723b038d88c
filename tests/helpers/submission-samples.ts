/** Valid bodies of every form of the main site, as the browser sends them (for the submission tests). */
import { randomUUID } from 'node:crypto';

export const localCaptchaToken = () => `local-${randomUUID()}`;

/** A small but real PDF (magic bytes %PDF-), base64. */
export const SAMPLE_PDF_BASE64 = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
).toString('base64');

/** A stored (uncompressed) ZIP holding the given entries: enough for the central-directory check. */
export function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export const SAMPLE_DOCX_BASE64 = zip({
  '[Content_Types].xml': '<Types/>',
  'word/document.xml': '<w:document/>',
}).toString('base64');

const person = { email: 'ada.lovelace@example.com', mobile: '9876543210' };
const schedule = () => ({
  firstname: 'Ada',
  lastnane: 'Lovelace',
  ...person,
  company_name: 'Analytical Engines',
  job_title: 'Engineer',
  recaptcha: localCaptchaToken(),
  checkBox: true,
});

export const sampleBodies: Record<string, () => Record<string, unknown>> = {
  contact: () => ({
    name: 'Ada Lovelace',
    ...person,
    company_name: 'Analytical Engines',
    role: 'Engineer',
    page_type: 'Contact',
    message: 'Please call me about the platform.',
    recaptcha: localCaptchaToken(),
    checkBox: true,
  }),
  'footer-contact': () => ({
    name: 'Ada Lovelace',
    ...person,
    page_type: 'Footer Contact',
    message: 'Hello from the footer.',
    recaptcha: localCaptchaToken(),
    checkBox: true,
  }),
  partner: () => ({ name: 'Ada Lovelace', email: person.email, message: 'We would like to partner.', recaptcha: localCaptchaToken() }),
  'schedule-demo': schedule,
  'talk-to-sales': schedule,
  'talk-to-account-team': schedule,
  'campaign-ccm': schedule,
  career: () => ({
    name: 'Ada Lovelace',
    ...person,
    current_org: 'Analytical Engines',
    current_designation: 'Engineer',
    experience: '5 years',
    job_code: 'ENG-042',
    message: 'I would love to join.',
    resume_filename: 'ada-cv.pdf',
    resume_base64: SAMPLE_PDF_BASE64,
    recaptcha: localCaptchaToken(),
    checkBox: true,
  }),
  'pdf-download': () => ({
    name: 'Ada Lovelace',
    email: person.email,
    company_name: 'Analytical Engines',
    id: '1',
    recaptcha: localCaptchaToken(),
  }),
  newsletter: () => ({ email: person.email, recaptcha: localCaptchaToken() }),
};
