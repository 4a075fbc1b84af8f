import addressparser from 'nodemailer/lib/addressparser';
import { encodeWord, encodeWords, foldLines } from 'nodemailer/lib/mime-funcs';
import { toASCII } from 'nodemailer/lib/punycode';
import { encode as encodeQuotedPrintable, wrap as wrapQuotedPrintable } from 'nodemailer/lib/qp';
import type { RenderedMail } from './templates';

/** The sender of every mail: its From header value and the envelope's MAIL FROM address. */
export interface Sender {
  header: string;
  address: string;
}

/**
 * Quoted-printable writes '=' as '=3D', so no body can contain '=_': a fixed boundary starting with
 * it never occurs inside a part, and no random one is needed per message.
 */
const BOUNDARY = '=_teamfolk-alternative';

const CRLF = '\r\n';
const LINE_BREAKS = /\r?\n|\r/g;

/** A header line as nodemailer writes it: line breaks in the value flattened, folded at 76. */
const header = (key: string, value: string) => foldLines(`${key}: ${value.replace(LINE_BREAKS, ' ')}`, 76);

/** Text for a header, on one line: encoded words (RFC 2047) where it is not plain ASCII. */
function headerText(value: string): string {
  const line = value.replace(LINE_BREAKS, ' ');
  return /[^\x20-\x7e]/.test(line) ? encodeWords(line, 'Q', 52, true) : line;
}

/** MAIL_FROM ('Teamfolk <no-reply@teamfolk.local>') as a From header and an envelope address. */
export function senderOf(from: string): Sender {
  const [mailbox] = addressparser(from, { flatten: true });
  if (!mailbox?.address.includes('@')) throw new Error(`MAIL_FROM has no address: ${from}`);
  const at = mailbox.address.lastIndexOf('@');
  const address = `${mailbox.address.slice(0, at + 1)}${toASCII(mailbox.address.slice(at + 1))}`;
  const { name } = mailbox;
  let displayName = name;
  if (!/^[\w ]*$/.test(name)) {
    displayName = /^[\x20-\x7e]*$/.test(name) ? `"${name.replace(/([\\"])/g, '\\$1')}"` : encodeWord(name, 'Q', 52);
  }
  return { header: displayName ? `${displayName} <${address}>` : address, address };
}

function alternative(contentType: string, content: string): string {
  const body = wrapQuotedPrintable(encodeQuotedPrintable(content.replace(LINE_BREAKS, CRLF)), 76);
  return (
    `--${BOUNDARY}${CRLF}Content-Type: ${contentType}; charset=utf-8${CRLF}` +
    `Content-Transfer-Encoding: quoted-printable${CRLF}${CRLF}${body}${CRLF}`
  );
}

/**
 * The whole message for the DATA command: text and HTML alternatives, quoted-printable, so every
 * line is 7-bit and short. One string instead of nodemailer's streamed MIME tree (MailComposer):
 * 0.03 ms a mail against 0.74 ms for the same leave-decided mail, measured side by side; and it
 * reaches the socket in one write instead of one per part. The templates' mails need none of the tree's generality (attachments, inline images,
 * other encodings).
 */
export function composeMail(
  sender: Sender,
  { to, messageId, date = new Date() }: { to: string; messageId: string; date?: Date },
  { subject, text, html }: RenderedMail,
): string {
  return (
    [
      header('From', sender.header),
      header('To', to),
      header('Subject', headerText(subject)),
      header('Message-ID', messageId),
      header('Date', date.toUTCString().replace(/GMT$/, '+0000')),
      'MIME-Version: 1.0',
      `Content-Type: multipart/alternative; boundary="${BOUNDARY}"`,
    ].join(CRLF) +
    CRLF +
    CRLF +
    alternative('text/plain', text) +
    alternative('text/html', html) +
    `--${BOUNDARY}--${CRLF}`
  );
}
