import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/store/sqlite/openDatabase';
import { sqliteStorage } from '../../server/store/sqlite/openStorage';
import { buildApp } from '../../server/app';
import { attachSocketServer } from '../../server/socket/attachSocketServer';
import { signIn } from './helpers/createTestApp';

describe('the socket server', () => {
  let app: FastifyInstance;
  let url: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pa-socket-'));
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
    app = await buildApp({ config, storage: sqliteStorage(openDatabase(path.join(dir, 't.sqlite'))) });
    attachSocketServer(app, app.ctx);
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await app.close();
  });

  function open(token: string): Socket {
    const socket = connect(url, {
      query: { token },
      timeout: 5000,
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    return socket;
  }

  it('pushes a usage change to the open sockets of that user only', async () => {
    const anna = await signIn(app);
    const ben = await signIn(app);
    const annaSocket = open(anna.mainToken);
    const benSocket = open(ben.mainToken);
    await Promise.all(
      [annaSocket, benSocket].map((s) => new Promise<void>((resolve) => s.on('connect', () => resolve()))),
    );
    const benMessages: unknown[] = [];
    benSocket.on('message', (message) => benMessages.push(message));
    const received = new Promise((resolve) => annaSocket.on('message', resolve));
    app.ctx.events.emit('usage-changed', { userId: anna.user.id });
    await expect(received).resolves.toEqual({ type: 'usage-changed', data: { userId: anna.user.id } });
    expect(benMessages).toEqual([]);
  });

  it('delivers a notification to the user’s open sockets as an in-app notification', async () => {
    const anna = await signIn(app);
    const socket = open(anna.mainToken);
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    const received = new Promise((resolve) => socket.on('message', resolve));
    const report = await app.ctx.notifications.notify(anna.user.id, { kind: 'test' });
    await expect(received).resolves.toEqual({
      type: 'notification',
      data: { userId: anna.user.id, notification: report.notification },
    });
    expect(report.notification).toMatchObject({ kind: 'test', title: 'Parcel Atlas', url: '/notifications' });
  });

  it('refuses the socket of an account whose company requires a second factor it has not set up', async () => {
    const admin = await signIn(app, { roles: ['MAPUSER', 'ADMIN'] });
    const worker = await signIn(app);
    const adminPost = (url: string, payload: object) =>
      app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${admin.ssoToken}` } });
    await adminPost('/api/admin/sites', { siteID: 'baar', name: 'Baar' });
    await adminPost(`/api/admin/users/${worker.user.id}/sites`, { sites: ['baar'] });
    expect((await adminPost('/api/admin/sites/baar/two-factor', { required: true })).statusCode).toBe(200);
    const socket = open(worker.mainToken);
    const error = await new Promise<Error>((resolve) => socket.on('connect_error', resolve));
    expect(error.message).toBe('Your company requires two-factor sign-in. Please set it up to continue');
    // The administrator, not on that site, still connects.
    const adminSocket = open(admin.mainToken);
    await new Promise<void>((resolve) => adminSocket.on('connect', () => resolve()));
  });

  it('refuses a connection with an invalid token', async () => {
    const socket = open('not-a-token');
    const error = await new Promise<Error>((resolve) => socket.on('connect_error', resolve));
    expect(error.message).toBe('Authorization token is invalid');
  });
});
