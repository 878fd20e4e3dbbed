/**
 * A reset request does the same work on the request path whether or not the account
 * exists (the key and the mail are prepared after the reply), so its timing reveals nothing.
 */
import { createTestApp, type TestApp } from './helpers/createTestApp';
import { createAccount } from './helpers/createAccount';
import { waitForMail } from './helpers/outbox';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1' });
  await createAccount(t.app, { username: 'known@example.ch', password: 'Known-Pass1!' });
  watchWrites();
});
afterAll(async () => t.close());

let ip = 0;
const requestReset = (username: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/request-reset-password',
    payload: { username },
    headers: { 'x-forwarded-for': `198.51.100.${++ip}` },
  });

/** Rows the last reset request changed between its arrival and its reply (onRequest → onSend). */
let changedBeforeReply = -1;

function watchWrites(): void {
  const changes = () => t.db.prepare('SELECT total_changes()').pluck().get() as number;
  let atRequest = 0;
  t.app.addHook('onRequest', async () => {
    atRequest = changes();
  });
  t.app.addHook('onSend', async (request) => {
    if (request.url.includes('request-reset-password')) changedBeforeReply = changes() - atRequest;
  });
}

async function writesBeforeReply(username: string): Promise<number> {
  const res = await requestReset(username);
  expect(res.statusCode).toBe(200);
  const changed = changedBeforeReply;
  // Let the work done after the reply finish before the next request is measured.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return changed;
}

describe('password reset request timing', () => {
  it('answers the same way and writes the same before replying, known account or not', async () => {
    const known = await writesBeforeReply('known@example.ch');
    const unknown = await writesBeforeReply('nobody@example.ch');
    // Only the three rate-limit counters (address, account, mail budget), kept in SQLite (migration 015):
    // the same rows whether or not the account exists; the key and the mail come after the reply.
    expect({ known, unknown }).toEqual({ known: 3, unknown: 3 });
  });

  it('still mails the reset link to a known account, just after the reply', async () => {
    const res = await requestReset('known@example.ch');
    expect(res.json()).toEqual((await requestReset('nobody@example.ch')).json());
    const mail = await waitForMail(t.dataDir, 'known@example.ch');
    expect(mail.link).toContain('/reset-password');
  });
});
