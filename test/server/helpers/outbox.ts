import fs from 'node:fs';
import path from 'node:path';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  /** The whole .eml text (headers and both parts, decoded from quoted-printable). */
  raw: string;
  /** The first http(s) link in the plain-text part. */
  link: string | null;
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes = Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );
  return bytes.toString('utf8');
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, enc: string, body: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(body, 'base64').toString('utf8')
      : decodeQuotedPrintable(body.replace(/_/g, ' ')),
  );
}

/** Every mail written to DATA_DIR/outbox, oldest first. */
export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => {
      const file = path.join(dir, name);
      const raw = decodeQuotedPrintable(fs.readFileSync(file, 'utf8'));
      const header = (field: string) =>
        decodeHeader(
          new RegExp(`^${field}: ((?:.*)(?:\\n[ \\t].*)*)`, 'mi').exec(raw)?.[1].replace(/\n[ \t]/g, ' ') ??
            '',
        );
      return {
        file,
        to: header('To'),
        subject: header('Subject'),
        raw,
        link: /https?:\/\/[^\s"<>]+/.exec(raw.split(/\n\n/).slice(1).join('\n\n'))?.[0] ?? null,
      };
    });
}

/**
 * Waits (up to `timeoutMs`) for a mail to `to`; mails are sent after the reply, so they can lag, by seconds on
 * a machine whose cores are busy (3 s was once too short at load 25). The wait ends as soon as the mail is there.
 */
export async function waitForMail(dataDir: string, to: string, timeoutMs = 15_000): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = readOutbox(dataDir)
      .reverse()
      .find((m) => m.to.toLowerCase().includes(to.toLowerCase()));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The key at the end of a mailed link (`…/reset-password/KEY`). */
export function keyFromLink(link: string | null): string {
  if (!link) throw new Error('the mail has no link');
  // The link carries the mail's language as `?lang=xx` (spec §1) after the key.
  return decodeURIComponent(new URL(link).pathname.split('/').pop() ?? '');
}

/** Empties the outbox, so the next waitForMail sees only mails sent after this point. */
export function clearOutbox(dataDir: string): void {
  fs.rmSync(path.join(dataDir, 'outbox'), { recursive: true, force: true });
}
