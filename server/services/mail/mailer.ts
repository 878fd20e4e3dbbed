import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';

/** One outgoing message. `link` is the action link inside it, logged when mails go to the outbox. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  link: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /**
   * Fails with the reason when mails could not go out now: the SMTP server refuses or does not answer
   * (a real connection and login), or the outbox directory cannot be written.
   */
  verify(): Promise<void>;
}

/** nodemailer (with its SMTP, MIME and DKIM modules) loads with the first mail sent or checked, not with the server. */
function transportOnFirstUse(options: string | object): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined;
  return () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(options),
    ));
}

/**
 * Real e-mail over SMTP_URL when it is set. Without it every mail is written to DATA_DIR/outbox/ as an .eml
 * file (openable in any mail client) and its link is logged, so a fresh install works without a mail server.
 */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'dataDir' | 'mailFrom'> & Partial<Pick<Config, 'logMailLinks'>>,
  log: FastifyBaseLogger,
): Mailer {
  if (config.smtpUrl) {
    const transport = transportOnFirstUse(config.smtpUrl);
    return {
      async send(mail) {
        const smtp = await transport();
        await smtp.sendMail({
          from: config.mailFrom,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      async verify() {
        await (await transport()).verify();
      },
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const composer = transportOnFirstUse({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const mime = await composer();
      const info = await mime.sendMail({
        from: config.mailFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      fs.mkdirSync(outbox, { recursive: true });
      // Time first so a directory listing sorts oldest to newest.
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID()}.eml`,
      );
      fs.writeFileSync(file, info.message as Buffer);
      if (config.logMailLinks === false)
        log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to the outbox');
      else
        log.info(
          { to: mail.to, subject: mail.subject, file, link: mail.link },
          `mail written to the outbox: ${mail.link}`,
        );
    },
    async verify() {
      fs.mkdirSync(outbox, { recursive: true });
      fs.accessSync(outbox, fs.constants.W_OK);
    },
  };
}
