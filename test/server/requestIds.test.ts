/**
 * Request ids: every reply names its request (`X-Request-Id`), every error reply carries the id in its
 * body, and every log line written while a request is handled carries it — the request logger's lines and
 * those of services that log through the app's logger (here: the mailer).
 */
import { PassThrough } from 'node:stream';
import { createLogger } from '../../server/logging/createLogger';
import { createTestApp, type TestApp } from './helpers/createTestApp';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let t: TestApp;
const lines: Record<string, unknown>[] = [];
beforeAll(async () => {
  const out = new PassThrough();
  let pending = '';
  out.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    for (const line of complete) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
  });
  t = await createTestApp({}, { logger: createLogger({ logLevel: 'info', logFormat: 'json' }, out) });
});
afterAll(() => t.close());

/** Waits until a log line says so (the mail may be written after the reply). */
async function logged(matches: (line: Record<string, unknown>) => boolean): Promise<void> {
  for (let attempt = 0; attempt < 200 && !lines.some(matches); attempt += 1)
    await new Promise((resolve) => setTimeout(resolve, 25));
}
const isMailLine = (line: Record<string, unknown>) =>
  String(line.msg).startsWith('mail written to the outbox');

describe('request ids', () => {
  it('a 400 names its request in the header and the body, with a generated id', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/email-verification', payload: {} });
    expect(res.statusCode).toBe(400);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(UUID);
    expect(res.json()).toMatchObject({ error: true, requestId: id });
  });

  it('a 404 and a 401 carry the id too; a successful reply only in its header', async () => {
    const missing = await t.app.inject({ url: '/v1/secure/no-such-route' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().requestId).toBe(missing.headers['x-request-id']);
    const refused = await t.app.inject({ url: '/v1/secure/subscriptions' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().requestId).toBe(refused.headers['x-request-id']);
    const ok = await t.app.inject({ url: '/healthz' });
    expect(ok.headers['x-request-id']).toMatch(UUID);
    expect(ok.json()).toEqual({ status: 'ok' });
  });

  it('takes over a sane incoming X-Request-Id and replaces one that is not', async () => {
    const given = 'edge-7f3a.91:b_2';
    const kept = await t.app.inject({ url: '/no-such-page', headers: { 'x-request-id': given } });
    expect(kept.headers['x-request-id']).toBe(given);
    expect(kept.json().requestId).toBe(given);
    for (const bad of ['with space', 'x'.repeat(129), 'quote"d', '']) {
      const res = await t.app.inject({ url: '/no-such-page', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
  });

  it('stamps every log line of a request with its id, those of the mailer included', async () => {
    const id = 'support-case-42';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/email-verification',
      payload: { email: 'anna@example.ch' },
      headers: { 'x-request-id': id },
    });
    expect(res.statusCode).toBeLessThan(300);
    await logged(isMailLine);
    const mine = lines.filter((line) => line.reqId === id);
    const messages = mine.map((line) => line.msg);
    expect(messages).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    expect(
      messages.some((msg) => typeof msg === 'string' && msg.startsWith('mail written to the outbox')),
    ).toBe(true);
    // No line about a mail or a request goes without an id.
    const unstamped = lines.filter(
      (line) => line.reqId === undefined && /mail|request/.test(String(line.msg)),
    );
    expect(unstamped).toEqual([]);
  });
});
