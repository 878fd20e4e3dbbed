import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import webPush from 'web-push';
import { freePort } from './freePort';
import { ensureServerBuilt, SERVER_MAIN } from '../../../scripts/buildServer.mjs';

/** One real app process (the built server, as `npm start` runs it). */
export interface AppInstance {
  name: string;
  url: string;
  pid: number;
  /** The last lines it printed (for failure messages). */
  output(): string;
}

export interface AppInstances {
  instances: AppInstance[];
  /** The DATA_DIR the instances share (uploaded files), removed by stop. */
  dataDir: string;
  /** Stops every instance (SIGTERM, as an orchestrator does) and removes the shared DATA_DIR. */
  stop(): Promise<void>;
  /**
   * A rolling restart's step for one instance: SIGTERM, wait until it has exited (its exit code), start it
   * again on the same port and wait until its `/readyz` answers 200.
   */
  restart(index: number): Promise<{ exitCode: number | null }>;
}

/** How long an instance may take to answer /healthz (migrations, the first tsx compile on a busy machine). */
const START_TIMEOUT_MS = 120_000;

async function waitForHealth(instance: AppInstance, child: ChildProcess, probe = '/healthz'): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${instance.name} exited with ${child.exitCode}:\n${instance.output()}`);
    try {
      if ((await fetch(`${instance.url}${probe}`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${instance.name} did not become healthy:\n${instance.output()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts `count` app instances at once on one PostgreSQL database, as a deployment behind a load balancer
 * runs them: the same JWT secret and VAPID keys, one shared DATA_DIR, each its own port and connection.
 * Starting them together also has them race for the migrations (an advisory lock orders them).
 */
export async function startAppInstances(
  databaseUrl: string,
  count: number,
  env: Record<string, string> = {},
): Promise<AppInstances> {
  await ensureServerBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-atlas-instances-'));
  const vapid = webPush.generateVAPIDKeys();
  const shared = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    PAYMENT_PROVIDER: 'test',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    // WORKERS as deployed (the default): tiles render in worker threads, each with its own pool.
    ...env,
  };
  const children: ChildProcess[] = [];
  const instances: AppInstance[] = [];
  const ports: number[] = [];
  const spawnInstance = (i: number) => {
    const url = `http://127.0.0.1:${ports[i]}`;
    const child = spawn(process.execPath, [SERVER_MAIN], {
      env: { ...process.env, ...shared, PORT: String(ports[i]), PUBLIC_URL: url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    children[i] = child;
    instances[i] = {
      name: `instance ${String.fromCharCode(65 + i)}`,
      url,
      pid: child.pid ?? 0,
      output: () => output,
    };
  };
  for (let i = 0; i < count; i += 1) {
    ports.push(await freePort());
    spawnInstance(i);
  }
  const restart = async (i: number) => {
    const stopping = children[i];
    await stopChild(stopping);
    spawnInstance(i);
    await waitForHealth(instances[i], children[i], '/readyz');
    return { exitCode: stopping.exitCode };
  };
  const stop = async () => {
    await Promise.all(children.map(stopChild));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await Promise.all(instances.map((instance, i) => waitForHealth(instance, children[i])));
  } catch (error) {
    await stop();
    throw error;
  }
  return { instances, dataDir, stop, restart };
}
