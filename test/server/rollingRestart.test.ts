/**
 * A rolling restart behind the reverse proxy loses nothing (docs/operations.md § Rolling restart): two real
 * app processes on one PostgreSQL database behind Debian's nginx with deploy/nginx.conf, clients reading,
 * writing (non-idempotent POSTs) and listening on sockets through it, while instance A and then instance B
 * are stopped (SIGTERM), started again and become ready.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { io as connect, type Socket } from 'socket.io-client';
import { buildPostgresDataset } from '../../server/data/buildPostgresDataset';
import { connectPostgres } from '../../server/store/postgres/PostgresConnection';
import { LIST_CHANGED_EVENT, type ParcelListDetail } from '../../src/contract/ParcelLists';
import { NGINX, nginxArgs, writeNginxConfig } from '../../scripts/nginxConfig.mjs';
import { startAppInstances, type AppInstances } from './helpers/appInstances';
import { freePort } from './helpers/freePort';
import { createPostgresUser } from './helpers/postgresUsers';
import {
  createTestPostgresDatabase,
  SMALL_ZUG_DATASET,
  type TestPostgresDatabase,
} from './helpers/testPostgres';

const PASSWORD = 'Str0ng!Pass';
const CLIENTS = 4;
/** A request the proxy has not answered by then counts as lost (unanswered). */
const UNANSWERED_AFTER_MS = 30_000;

interface Tally {
  sent: number;
  answered: number;
  /** Connection errors, 502/503/504 from the proxy, no answer in time; each with what happened. */
  lost: string[];
  byKind: Record<string, number>;
}

interface Client {
  name: string;
  token: string;
  listId: string;
  socket: Socket;
  /** list-changed events this client's socket received. */
  events: number;
  disconnects: number;
  /** Each reconnect's refetch of the list (what the browser does on reconnect): the items it found. */
  recovered: number[];
  /** Parcels whose POST to the list was acknowledged (201). */
  added: string[];
}

let database: TestPostgresDatabase;
let cluster: AppInstances;
let nginx: ChildProcess;
let nginxRoot: string;
let base: string;
let egrids: string[];

const createUser = (username: string) => createPostgresUser(database.url, username, PASSWORD);

async function json<T>(method: string, url: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function waitForNginx(): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited (${nginx.exitCode})`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('nginx did not answer');
}

async function openClient(i: number): Promise<Client> {
  const username = `rolling-${i}@example.ch`;
  await createUser(username);
  const { token: sso } = await json<{ token: string }>('POST', '/api/user/login', undefined, {
    username,
    password: PASSWORD,
  });
  const { token } = await json<{ token: string }>('POST', '/api/ms-auth/login', sso);
  const { id: listId } = await json<{ id: string }>('POST', '/v1/secure/lists', token, {
    name: `Rolling ${i}`,
  });
  // As the browser opens it (socketConnection.ts): websocket first, socket.io's own reconnection.
  const socket = connect(base, { query: { token }, timeout: 5000, transports: ['websocket', 'polling'] });
  const client: Client = {
    name: username,
    token,
    listId,
    socket,
    events: 0,
    disconnects: 0,
    recovered: [],
    added: [],
  };
  socket.on('message', (message: { type: string }) => {
    if (message.type === LIST_CHANGED_EVENT) client.events += 1;
  });
  socket.on('disconnect', () => (client.disconnects += 1));
  // What the browser does when its socket comes back (socketListeners.ts): fetch what the events announce.
  socket.io.on('reconnect', () => {
    void json<ParcelListDetail>('GET', `/v1/secure/lists/${listId}`, token).then(
      (detail) => client.recovered.push(detail.items.length),
      () => client.recovered.push(-1),
    );
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return client;
}

/** One request through the proxy, tallied: answered (any reply of the app), or lost. */
async function request(
  tally: Tally,
  kind: string,
  method: string,
  url: string,
  token: string,
  body?: unknown,
): Promise<Response | null> {
  tally.sent += 1;
  tally.byKind[kind] = (tally.byKind[kind] ?? 0) + 1;
  try {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(UNANSWERED_AFTER_MS),
    });
    await response.clone().arrayBuffer();
    if ([502, 503, 504].includes(response.status)) {
      tally.lost.push(`${method} ${url} → ${response.status} ${await response.text()}`);
      return null;
    }
    tally.answered += 1;
    return response;
  } catch (error) {
    tally.lost.push(`${method} ${url} → ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/** One client's steady load until `stopped()`: a search, a counted full view, a POST adding a parcel. */
async function load(client: Client, offset: number, tally: Tally, stopped: () => boolean): Promise<void> {
  let next = offset;
  const unexpected: string[] = [];
  while (!stopped()) {
    const parcel = egrids[next % egrids.length];
    next += CLIENTS;
    const search = await request(
      tally,
      'search',
      'GET',
      `/v1/secure/maps/search?searchQuery=${encodeURIComponent(['Zug', 'Baar', 'Cham'][next % 3])}`,
      client.token,
    );
    if (search && search.status !== 200) unexpected.push(`search ${search.status}`);
    // Counted (the trial's full views run out: 402 is an answer too).
    const view = await request(
      tally,
      'full view',
      'GET',
      `/v1/secure/maps/prcid/${encodeURIComponent(parcel)}/objects-full`,
      client.token,
    );
    if (view && view.status !== 200 && view.status !== 402) unexpected.push(`full view ${view.status}`);
    const added = await request(
      tally,
      'add to list (POST)',
      'POST',
      `/v1/secure/lists/${client.listId}/items`,
      client.token,
      { prcId: parcel },
    );
    // 201 once per parcel; a 409 here would be a POST the proxy sent twice.
    if (added?.status === 201) client.added.push(parcel);
    else if (added) unexpected.push(`add ${added.status}: ${await added.text()}`);
    // Steady, not saturating: four clients still send dozens of requests a second through each drain.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect({ client: client.name, unexpected }).toEqual({ client: client.name, unexpected: [] });
}

beforeAll(async () => {
  database = await createTestPostgresDatabase();
  await buildPostgresDataset(database.url, SMALL_ZUG_DATASET);
  const admin = await connectPostgres(database.url);
  egrids = (
    await admin.query<{ prc_id: string }>(
      "SELECT prc_id FROM parcels WHERE ind = 'Standard' ORDER BY id LIMIT 1500",
    )
  ).map((row) => row.prc_id);
  await admin.close();
  // The drain as deployed: nginx closes its idle pooled connections after 2 s, the app drains 3 s.
  cluster = await startAppInstances(database.url, 2, { SHUTDOWN_DRAIN_SECONDS: '3' });
  nginxRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-atlas-nginx-'));
  const listenPort = await freePort();
  const { file } = writeNginxConfig({
    root: nginxRoot,
    listenPort,
    appPorts: cluster.instances.map((instance) => Number(new URL(instance.url).port)),
  });
  nginx = spawn(NGINX, nginxArgs(nginxRoot, file), { stdio: 'ignore' });
  base = `http://127.0.0.1:${listenPort}`;
  await waitForNginx();
}, 300_000);

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx.once('exit', resolve));
    nginx.kill('SIGQUIT');
    await exited;
  }
  await cluster?.stop();
  await database?.drop();
  if (nginxRoot) fs.rmSync(nginxRoot, { recursive: true, force: true });
}, 60_000);

it('restarting instance A, then B, behind nginx loses no request and no event a client cannot recover', async () => {
  const clients = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => openClient(i)));
  const tally: Tally = { sent: 0, answered: 0, lost: [], byKind: {} };
  let stopped = false;
  const loads = clients.map((client, i) => load(client, i, tally, () => stopped));
  await new Promise((resolve) => setTimeout(resolve, 2000));

  const restarts: string[] = [];
  for (const index of [0, 1]) {
    const started = Date.now();
    const { exitCode } = await cluster.restart(index);
    restarts.push(
      `${cluster.instances[index].name}: exit ${exitCode}, ready again after ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(exitCode).toBe(0);
    // A moment under load on both before the next one goes: well beyond the 1 s nginx leaves an instance
    // alone after a failed try (fail_timeout), which a just-restarted instance may still be serving; with
    // the old 5 s, this 3 s pause lost requests in CI (every instance marked: 502 "no live upstreams").
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
  stopped = true;
  await Promise.all(loads);

  // Every socket is back (each was on A or B, so each was dropped at least once).
  const deadline = Date.now() + 30_000;
  while (clients.some((client) => !client.socket.connected) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 200));
  // The last events travel through PostgreSQL's NOTIFY to the socket's instance.
  await new Promise((resolve) => setTimeout(resolve, 1000));

  const lists = await Promise.all(
    clients.map((client) => json<ParcelListDetail>('GET', `/v1/secure/lists/${client.listId}`, client.token)),
  );
  const sockets = clients.map((client, i) => ({
    client: client.name,
    connected: client.socket.connected,
    disconnects: client.disconnects,
    writesAcknowledged: client.added.length,
    eventsReceived: client.events,
    eventsMissed: client.added.length - client.events,
    refetchesOnReconnect: client.recovered.length,
    listItemsOnServer: lists[i].items.length,
  }));
  console.log(
    [
      'Rolling restart through nginx (deploy/nginx.conf):',
      ...restarts.map((line) => `  ${line}`),
      `  requests sent ${tally.sent}, answered ${tally.answered}, lost ${tally.lost.length}`,
      ...Object.entries(tally.byKind).map(([kind, count]) => `    ${kind}: ${count}`),
      ...tally.lost.slice(0, 10).map((line) => `  lost: ${line}`),
      '  sockets:',
      ...sockets.map(
        (s) =>
          `    ${s.client}: connected ${s.connected}, dropped ${s.disconnects}×, events ${s.eventsReceived} of ` +
          `${s.writesAcknowledged} (missed ${s.eventsMissed}, recovered by ${s.refetchesOnReconnect} refetch(es)), ` +
          `list holds ${s.listItemsOnServer}`,
      ),
    ].join('\n'),
  );
  for (const client of clients) client.socket.close();

  expect(tally.lost).toEqual([]);
  expect(tally.sent).toBeGreaterThan(100);
  for (const [i, s] of sockets.entries()) {
    expect(s.connected).toBe(true);
    expect(s.disconnects).toBeGreaterThanOrEqual(1);
    expect(s.refetchesOnReconnect).toBe(s.disconnects);
    expect(clients[i].recovered).not.toContain(-1);
    // Every acknowledged write is there once (none lost, none done twice): what a missed event announced
    // is what the refetch on reconnect reads.
    expect(lists[i].items.map((item) => item.prcId).sort()).toEqual([...clients[i].added].sort());
    // An event is missed only while the socket was away.
    expect(s.eventsReceived).toBeLessThanOrEqual(s.writesAcknowledged);
  }
}, 400_000);
