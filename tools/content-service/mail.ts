// The e-mail the download form triggers, written as an .eml file (RFC 5322 message)
// instead of being sent, so tests and developers can read what a visitor would get.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface SentMail {
  to: string;
  subject: string;
  /** Absolute path of the .eml file. */
  file: string;
}

/** What the mail says about the requested document; undefined when the id names none. */
export interface DocumentInfo {
  name: string;
  /** Absolute URL of the PDF; undefined when the document has none. */
  link?: string;
}

const FROM = 'Veltrix <no-reply@veltrix.example>';

/** Header values come from visitors: no line breaks or control characters may reach a header. */
const headerValue = (s: string) => s.replace(/\p{Cc}+/gu, ' ').trim();

/** RFC 5322 date, e.g. "Tue, 03 Mar 2026 09:05:00 +0000". */
const rfc5322Date = (d: Date) => d.toUTCString().replace(/GMT$/, '+0000');

export function composeDocumentMail(opts: {
  to: string;
  name: string;
  id: string;
  document?: DocumentInfo;
  date: Date;
  messageId: string;
}): {
  subject: string;
  text: string;
} {
  const { document } = opts;
  const subject = headerValue(`Your document: ${document?.name ?? `document ${opts.id}`}`);
  const body = [
    `Hello ${opts.name},`,
    '',
    'Thank you for your interest. Here is the document you requested.',
    '',
    `Document id: ${opts.id}`,
    ...(document ? [`Document: ${document.name}`] : []),
    `Link: ${document?.link ?? '(no PDF is available for this document; our team will send it to you)'}`,
    '',
    'Veltrix',
  ];
  const headers = [
    `From: ${FROM}`,
    `To: ${headerValue(opts.to)}`,
    `Subject: ${subject}`,
    `Date: ${rfc5322Date(opts.date)}`,
    `Message-ID: <${opts.messageId}@content-service.local>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ];
  // RFC 5322 lines end in CRLF, also inside the visitor's own text.
  const text = `${[...headers, '', ...body].join('\n').replace(/\r?\n|\r/g, '\r\n')}\r\n`;
  return { subject, text };
}

/** Writes mails into `dir` (created on first use) and remembers them for `list()`. */
export class MailFolder {
  private readonly sent: SentMail[] = [];

  constructor(readonly dir: string) {}

  write(to: string, subject: string, text: string, name: string): SentMail {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const file = path.join(this.dir, `${name}.eml`);
    writeFileSync(file, text, { flag: 'wx' });
    const mail = { to: headerValue(to), subject, file };
    this.sent.push(mail);
    return mail;
  }

  list(): SentMail[] {
    return [...this.sent];
  }
}
