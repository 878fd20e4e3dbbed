// `node scripts/run-cluster.mjs`: the deployment of deploy/compose.yaml without Docker, from Debian packages
// (postgresql, postgis, nginx): a throwaway PostgreSQL cluster, the dataset built into it, several app
// instances on it and nginx in front on loopback, with deploy/nginx.conf. docs/operations.md § Deploying several instances.
//
//   node scripts/run-cluster.mjs [--instances 2] [--port 8088] [--cantons ZG] [--check] [--keep]
//
// --check walks through it once (creates a user, logs in through nginx, searches, opens a parcel, asks for
// tiles), prints which instance answered each request, and stops. Without it the cluster runs until Ctrl-C.
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { ensureBuild } from './ensureBuild.mjs';
import { buildServer, SERVER_MAIN } from './buildServer.mjs';
import { NGINX, nginxArgs, writeNginxConfig } from './nginxConfig.mjs';

const { values: options } = parseArgs({
  options: {
    instances: { type: 'string', default: '2' },
    port: { type: 'string', default: '8088' },
    cantons: { type: 'string', default: 'ZG' },
    check: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const INSTANCES = Number(options.instances);
const NGINX_PORT = Number(options.port);
const ROOT = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-atlas-cluster-'));
const children = [];

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Debian's newest PostgreSQL server binaries, or a clear request to install them. */
function postgresBin() {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    : [];
  if (versions.length === 0) throw new Error('PostgreSQL is missing: apt-get install -y postgresql postgis');
  return path.join(root, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin');
}

/** PostgreSQL refuses to run as root: then it runs as Debian's `postgres` user. */
function postgresUser() {
  if (process.getuid?.() !== 0) return {};
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('running as root, but there is no `postgres` user');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

function run(command, args, extra = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', cwd: os.tmpdir(), ...extra });
  if (result.status !== 0)
    throw new Error(`${path.basename(command)} failed: ${result.stderr || result.stdout || result.error}`);
  return result.stdout;
}

/** Starts a child whose output lines are printed with a prefix (`[app1] …`). */
function start(name, command, args, env = {}) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (stream, out) => {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop();
      for (const line of lines) out.write(`[${name}] ${line}\n`);
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`[${name}] exited (${signal ?? code})`);
  });
  children.push({ name, child });
  return child;
}

async function waitFor(url, what, child = null, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${what} did not answer ${url} within ${timeoutMs / 1000} s`);
}

let stopping = false;
let stopPostgres = () => {};
async function stopAll() {
  if (stopping) return;
  stopping = true;
  for (const { child } of [...children].reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 8000))]);
  }
  stopPostgres();
  if (!options.keep) fs.rmSync(ROOT, { recursive: true, force: true });
  else console.log(`kept ${ROOT}`);
}

async function startPostgres() {
  const bin = postgresBin();
  const user = postgresUser();
  const port = await freePort();
  const data = path.join(ROOT, 'pg');
  if (user.uid !== undefined) fs.chownSync(ROOT, user.uid, user.gid);
  run(
    path.join(bin, 'initdb'),
    ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8'],
    user,
  );
  const settings = `-p ${port} -k ${ROOT} -c listen_addresses=127.0.0.1 -c max_connections=100`;
  run(
    path.join(bin, 'pg_ctl'),
    ['-D', data, '-o', settings, '-l', path.join(ROOT, 'postgres.log'), '-w', 'start'],
    user,
  );
  stopPostgres = () =>
    spawnSync(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', 'stop'], { cwd: os.tmpdir(), ...user });
  const psql = (database, sql) =>
    run(path.join(bin, 'psql'), [
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-U',
      'postgres',
      '-d',
      database,
      '-qAt',
      '-c',
      sql,
    ]);
  psql('postgres', 'CREATE DATABASE atlas');
  psql('atlas', 'CREATE EXTENSION postgis; CREATE EXTENSION unaccent; CREATE EXTENSION pg_trgm');
  console.log(`PostgreSQL ${run(path.join(bin, 'postgres'), ['--version']).trim()} on 127.0.0.1:${port}`);
  return { url: `postgres://postgres@127.0.0.1:${port}/atlas`, psql };
}

/** The tsx-run TypeScript entry points, with the same node flags as the npm scripts. */
const tsx = (file, ...args) => ['--import', 'tsx', file, ...args];

/** The walk-through of --check, through nginx: returns what happened, request by request. */
async function check(base, databaseUrl, env) {
  const username = `cluster-check-${Date.now()}@example.ch`;
  const password = `Cl-${crypto.randomBytes(9).toString('base64url')}`;
  run(
    process.execPath,
    tsx('scripts/users.ts', 'create', username, '--password', password, '--name', 'Cluster Check'),
    {
      cwd: process.cwd(),
      env: { ...process.env, ...env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    },
  );
  const call = async (method, url, { token, body } = {}) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const type = response.headers.get('content-type') ?? '';
    const payload = type.includes('json') ? await response.json() : Buffer.from(await response.arrayBuffer());
    console.log(`  ${method} ${url.split('?')[0]} → ${response.status}`);
    if (!response.ok)
      throw new Error(`${method} ${url} answered ${response.status}: ${JSON.stringify(payload)}`);
    return payload;
  };
  const { token: sso } = await call('POST', '/api/user/login', { body: { username, password } });
  const { token } = await call('POST', '/api/ms-auth/login', { token: sso });
  const search = await call('GET', `/v1/secure/maps/search?searchQuery=${encodeURIComponent('Zug')}`, {
    token,
  });
  const hits = search.hits.hits;
  console.log(`  search "Zug": ${search.hits.total.value} parcels`);
  if (hits.length === 0) throw new Error('the search found nothing');
  const egrid = hits[0]._id;
  const detail = await call('GET', `/v1/secure/maps/prcid/${encodeURIComponent(egrid)}/objects-full`, {
    token,
  });
  console.log(`  parcel ${egrid}: no. ${detail.feature.PRC_NO} in ${detail.feature.LOCNAME}`);
  // The map's tiles around Zug's centre (8.5157° E, 47.1662° N) at zoom 15, as a browser asks for them.
  const z = 15;
  const x = Math.floor(((8.5157 + 180) / 360) * 2 ** z);
  const lat = (47.1662 * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * 2 ** z);
  for (const [dx, dy] of [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
    [-1, 0],
    [0, -1],
  ])
    await call('GET', `/v1/secure/maps/all-around?x=${x + dx}&y=${y + dy}&z=${z}`, { token });
  await call('POST', '/api/user/logout', { token: sso });
}

async function main() {
  ensureBuild();
  await buildServer();
  const postgres = await startPostgres();
  const shared = {
    DATABASE_URL: postgres.url,
    DATA_DIR: path.join(ROOT, 'data'),
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    PUBLIC_URL: `http://127.0.0.1:${NGINX_PORT}`,
    DATASET_CANTONS: options.cantons,
    TRUST_PROXY: '127.0.0.1',
    PAYMENT_PROVIDER: 'test',
    LOG_LEVEL: 'warn',
  };
  fs.mkdirSync(shared.DATA_DIR);
  // The same VAPID keys for every instance, made once by the server's own generator.
  const vapid = JSON.parse(
    run(
      process.execPath,
      ['-e', "process.stdout.write(JSON.stringify(require('web-push').generateVAPIDKeys()))"],
      {
        cwd: process.cwd(),
      },
    ),
  );
  Object.assign(shared, { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey });

  console.log(`Building the dataset (${options.cantons}) into PostgreSQL…`);
  const started = Date.now();
  const build = spawnSync(
    process.execPath,
    ['--max-semi-space-size=64', ...tsx('scripts/build-dataset.ts')],
    {
      stdio: 'inherit',
      env: { ...process.env, ...shared },
    },
  );
  if (build.status !== 0) throw new Error('the dataset build failed');
  console.log(`Dataset built in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  const appPorts = [];
  const apps = [];
  for (let i = 1; i <= INSTANCES; i += 1) {
    const port = await freePort();
    appPorts.push(port);
    apps[i - 1] = start(`app${i}`, process.execPath, [SERVER_MAIN], {
      ...shared,
      PORT: String(port),
      HOST: '127.0.0.1',
    });
  }
  await Promise.all(
    appPorts.map((port, i) => waitFor(`http://127.0.0.1:${port}/healthz`, `app${i + 1}`, apps[i])),
  );
  const { file: config, accessLog } = writeNginxConfig({ root: ROOT, listenPort: NGINX_PORT, appPorts });
  start('nginx', NGINX, nginxArgs(ROOT, config));
  const base = `http://127.0.0.1:${NGINX_PORT}`;
  await waitFor(`${base}/healthz`, 'nginx');
  console.log(
    `\nParcel Atlas through nginx: ${base}  (instances on ${appPorts.map((p) => `:${p}`).join(', ')})`,
  );

  if (!options.check) {
    console.log(`nginx access log (which instance served): ${accessLog}\nCtrl-C stops everything.`);
    return;
  }
  console.log('\nWalk-through through nginx:');
  await check(base, postgres.url, shared);
  const served = new Map();
  for (const line of fs.readFileSync(accessLog, 'utf8').trim().split('\n')) {
    const upstream = line.split(' -> ').pop();
    served.set(upstream, (served.get(upstream) ?? 0) + 1);
  }
  console.log('\nRequests served per instance (nginx access log):');
  for (const [upstream, count] of served) console.log(`  ${upstream}: ${count}`);
  if (served.size < INSTANCES) throw new Error(`only ${served.size} of ${INSTANCES} instances served`);
  await stopAll();
}

for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => void stopAll().then(() => process.exit(0)));
main().catch(async (error) => {
  console.error(`\nrun-cluster: ${error instanceof Error ? error.message : error}`);
  await stopAll();
  process.exit(1);
});
