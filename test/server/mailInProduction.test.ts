/**
 * In production, mails carry single-use keys: without a mail transport the server refuses to start,
 * unless the operator chose the outbox (MAIL_OUTBOX=1), which then never logs the links.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { ConfigError, loadConfig } from '../../server/config';
import { createMailer } from '../../server/services/mail/mailer';

describe('mail in production', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-production-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses to start in production without SMTP_URL', () => {
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' })).toThrow(
      /SMTP_URL is required in production/,
    );
    expect(
      loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.ch:25' }).smtpUrl,
    ).toBe('smtp://mail.example.ch:25');
  });

  it('with MAIL_OUTBOX=1 writes mails to the outbox and never logs their links', async () => {
    const config = loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', MAIL_OUTBOX: '1' });
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const link = 'https://atlas.example.ch/reset-password/SECRETKEY123';
    await createMailer(config, log).send({
      to: 'a@example.ch',
      subject: 'Reset',
      text: link,
      html: link,
      link,
    });
    expect(fs.readdirSync(path.join(dir, 'outbox'))).toHaveLength(1);
    expect(lines.join('\n')).toContain('mail written to the outbox');
    expect(lines.join('\n')).not.toContain('SECRETKEY123');
  });

  it('outside production the outbox logs the link, so a fresh install works without a mail server', async () => {
    const config = loadConfig({ DATA_DIR: dir });
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const link = 'http://localhost:8080/register/activate/KEY42';
    await createMailer(config, log).send({ to: 'a@example.ch', subject: 'Hi', text: link, html: link, link });
    expect(lines.join('\n')).toContain('KEY42');
  });
});
