/**
 * Personal API keys: created once in clear, stored hashed, scoped, expiring, revocable, last use recorded,
 * listed and revoked by the company's administrators, refused with 401/403 at the OGC API.
 */
import crypto from 'node:crypto';
import type { ApiKeyListResponse } from '../../../src/contract/ApiKeys';
import type { AuditLogPage } from '../../../src/contract/Settings';
import { buildTestDataset } from '../helpers/buildTestDataset';
import { createTestApp, signIn, type TestApp } from '../helpers/createTestApp';
import { createKey, keyHolder } from './ogcFixture';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  buildTestDataset(t.db);
}, 60_000);
afterAll(async () => t.close());

const collections = (authorization?: string) =>
  t.app.inject({ url: '/ogc/collections', headers: authorization ? { authorization } : {} });

describe('personal API keys', () => {
  it('shows the key once, keeps only its SHA-256 and admits it as a bearer or a Basic password', async () => {
    const { secret, key, session } = await keyHolder(t);
    expect(secret).toMatch(/^pa_[A-Za-z0-9_-]{43}$/);
    expect(key.prefix).toBe(secret.slice(0, 10));
    const stored = t.db.prepare('SELECT * FROM api_keys WHERE id = ?').get(key.id) as Record<string, unknown>;
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(stored.key_hash).toBe(crypto.createHash('sha256').update(secret).digest('hex'));

    const list = await t.app.inject({ url: '/v1/secure/api-keys', headers: session.headers });
    expect(JSON.stringify(list.json())).not.toContain(secret);
    expect(list.json<ApiKeyListResponse>().keys[0].lastUsedAt).toBeNull();

    expect((await collections(`Bearer ${secret}`)).statusCode).toBe(200);
    const basic = `Basic ${Buffer.from(`qgis:${secret}`).toString('base64')}`;
    expect((await collections(basic)).statusCode).toBe(200);
    const used = await t.app.inject({ url: '/v1/secure/api-keys', headers: session.headers });
    expect(used.json<ApiKeyListResponse>().keys[0].lastUsedAt).not.toBeNull();
  });

  it('refuses a missing, unknown, revoked or expired key with 401 and a key without the scope with 403', async () => {
    const missing = await collections();
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toContain('Basic');
    expect(missing.json()).toMatchObject({ code: 'Unauthorized' });
    expect((await collections('Bearer pa_notakey')).statusCode).toBe(401);

    const { secret, key, session } = await keyHolder(t);
    const revoke = await t.app.inject({
      method: 'POST',
      url: `/v1/secure/api-keys/${key.id}/revoke`,
      headers: session.headers,
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json<ApiKeyListResponse>().keys[0].revokedAt).not.toBeNull();
    const revoked = await collections(`Bearer ${secret}`);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().description).toBe('The API key has been revoked');

    const other = await createKey(t, session);
    t.db.prepare('UPDATE api_keys SET expires_at = ? WHERE id = ?').run(Date.now() - 1, other.key.id);
    const expired = await collections(`Bearer ${other.secret}`);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().description).toBe('The API key has expired');

    const tilesOnly = await createKey(t, session, ['tiles']);
    expect((await collections(`Bearer ${tilesOnly.secret}`)).statusCode).toBe(403);
  });

  it('validates creation and never revokes another user’s key', async () => {
    const owner = await keyHolder(t);
    const stranger = await signIn(t.app);
    for (const payload of [
      { name: '', scopes: ['features'], expiresInDays: 30 },
      { name: '   ', scopes: ['features'], expiresInDays: 30 },
      { name: 'x', scopes: [], expiresInDays: 30 },
      { name: 'x', scopes: ['admin'], expiresInDays: 30 },
      { name: 'x', scopes: ['features'], expiresInDays: 7 },
      { name: 'x'.repeat(61), scopes: ['features'], expiresInDays: 30 },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/secure/api-keys',
        headers: stranger.headers,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(true);
    }
    const theft = await t.app.inject({
      method: 'POST',
      url: `/v1/secure/api-keys/${owner.key.id}/revoke`,
      headers: stranger.headers,
    });
    expect(theft.statusCode).toBe(404);
    expect((await collections(`Bearer ${owner.secret}`)).statusCode).toBe(200);
  });

  it('lets an administrator list and revoke the keys of their company only', async () => {
    const company = (id: string, name: string) =>
      t.db.prepare('UPDATE users SET company_name = ? WHERE id = ?').run(name, id);
    const colleague = await keyHolder(t);
    const outsider = await keyHolder(t);
    const admin = await signIn(t.app, { roles: ['MAPUSER', 'ADMIN'] });
    company(colleague.session.user.id, 'Vermessung Zug AG');
    company(admin.user.id, 'vermessung zug ag ');
    company(outsider.session.user.id, 'Other GmbH');

    const list = await t.app.inject({ url: '/v1/secure/admin/api-keys', headers: admin.headers });
    const keys = list.json<ApiKeyListResponse>().keys;
    expect(keys.map((k) => k.id)).toEqual([colleague.key.id]);
    expect(keys[0].owner?.username).toBe(colleague.session.user.username);

    const foreign = await t.app.inject({
      method: 'POST',
      url: `/v1/secure/admin/api-keys/${outsider.key.id}/revoke`,
      headers: admin.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const revoke = await t.app.inject({
      method: 'POST',
      url: `/v1/secure/admin/api-keys/${colleague.key.id}/revoke`,
      headers: admin.headers,
    });
    expect(revoke.statusCode).toBe(200);
    expect((await collections(`Bearer ${colleague.secret}`)).statusCode).toBe(401);
    const notAdmin = await t.app.inject({
      url: '/v1/secure/admin/api-keys',
      headers: colleague.session.headers,
    });
    expect(notAdmin.statusCode).toBe(403);
  });

  it('writes creating and revoking keys, by their owner and by an administrator, to the audit log', async () => {
    const owner = await keyHolder(t);
    const second = await createKey(t, owner.session, ['features'], 'QGIS at home');
    const admin = await signIn(t.app, { roles: ['MAPUSER', 'ADMIN'] });
    for (const id of [owner.session.user.id, admin.user.id])
      t.db.prepare('UPDATE users SET company_name = ? WHERE id = ?').run('Planungsbüro Luzern', id);
    const revokedByOwner = await t.app.inject({
      method: 'POST',
      url: `/v1/secure/api-keys/${owner.key.id}/revoke`,
      headers: owner.session.headers,
    });
    expect(revokedByOwner.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: `/v1/secure/api-keys/${owner.key.id}/revoke`,
      headers: owner.session.headers,
    });
    expect(again.statusCode).toBe(404);
    const revokedByAdmin = await t.app.inject({
      method: 'POST',
      url: `/v1/secure/admin/api-keys/${second.key.id}/revoke`,
      headers: admin.headers,
    });
    expect(revokedByAdmin.statusCode).toBe(200);

    // The administrators' audit log, filtered by the key's owner, as Settings reads it.
    const log = await t.app.inject({
      url: `/api/admin/audit-log?userId=${owner.session.user.id}`,
      headers: { authorization: `Bearer ${admin.ssoToken}` },
    });
    expect(log.statusCode).toBe(200);
    const items = log.json<AuditLogPage>().items;
    const ownerName = owner.session.user.username;
    const entry = (action: string, keyId: string, actor: string) => ({
      action,
      actorUsername: actor,
      targetId: owner.session.user.id,
      targetUsername: ownerName,
      details: expect.objectContaining({ keyId, scopes: expect.any(Array), prefix: expect.any(String) }),
    });
    expect(
      items.map(({ action, actorUsername, targetId, targetUsername, details }) => ({
        action,
        actorUsername,
        targetId,
        targetUsername,
        details,
      })),
    ).toEqual([
      entry('api-key-revoked', second.key.id, admin.user.username),
      entry('api-key-revoked', owner.key.id, ownerName),
      entry('api-key-created', second.key.id, ownerName),
      entry('api-key-created', owner.key.id, ownerName),
    ]);
    expect(items[0].details).toMatchObject({ byAdministrator: true, name: 'QGIS at home' });
    // The secret is never written to the log.
    expect(JSON.stringify(items)).not.toContain(owner.secret);
    expect(JSON.stringify(items)).not.toContain(second.secret);
  });
});
