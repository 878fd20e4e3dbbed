import { SMTPServer } from 'smtp-server';
import { createTestApp, type TestApp } from './helpers/createTestApp';
import { readOutbox } from './helpers/outbox';
import { freePort } from './helpers/freePort';

describe('account mails over SMTP_URL', () => {
  let smtp: SMTPServer;
  let port: number;
  const received: { to: string[]; raw: string }[] = [];
  let t: TestApp;

  beforeAll(async () => {
    port = await freePort();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Atlas <atlas@example.ch>' });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends the verification mail through the SMTP server (nothing in the outbox), from MAIL_FROM', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/email-verification',
      payload: { email: 'smtp@example.ch' },
      headers: { langcode: 'it' },
    });
    expect(response.statusCode).toBe(200);
    const deadline = Date.now() + 5000;
    while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual(['smtp@example.ch']);
    expect(received[0].raw).toMatch(/^From: Atlas <atlas@example\.ch>/m);
    expect(received[0].raw.replace(/=\r?\n/g, '')).toContain('http://atlas.test/register/activate/');
    expect(readOutbox(t.dataDir)).toHaveLength(0);
  });
});
