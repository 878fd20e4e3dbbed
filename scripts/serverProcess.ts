import { spawn, type ChildProcess } from 'node:child_process';
import { type Stores } from '../server/store/contract/Stores';
import type { Storage } from '../server/store/contract/Storage';
import { createTokenService } from '../server/services/tokens/TokenService';
import { ensureServerBuilt, SERVER_MAIN } from './buildServer.mjs';

/** A real server process (the built server, as `npm start` runs it) and everything it printed so far. */
export interface ServerProcess {
  child: ChildProcess;
  origin: string;
  output: () => string;
}

/**
 * Starts the built server (dist-server/, built first when this process has not) on 127.0.0.1:`port` with `env`
 * on top of this process's environment and waits until /healthz answers (the benchmarks and the tests that need
 * real worker threads or signals).
 */
export async function startServerProcess(
  port: number,
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ServerProcess> {
  await ensureServerBuilt();
  let output = '';
  // SERVER_CPU_PROF_DIR: a CPU profile of every thread of the server (its main thread, each worker) there.
  const profile = process.env.SERVER_CPU_PROF_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SERVER_CPU_PROF_DIR}`]
    : [];
  const child = spawn(process.execPath, [...profile, SERVER_MAIN], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output}`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return { child, origin, output: () => output };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Stops a child process with SIGTERM and waits for it (a no-op when it has already gone). */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * A MAPUSER account (or one with `roles`) with a session, written straight into the database, and a main-server token for it
 * signed with the secret the server process will be given (JWT_SECRET).
 */
export async function seedMapUserToken(
  storage: Storage,
  jwtSecret: string,
  username: string,
  roles?: string[],
): Promise<string> {
  return seedMapUserTokenIn(storage.stores, jwtSecret, username, roles);
}

/** `seedMapUserToken` in any adapter's repositories (the PostgreSQL benchmark's). */
export async function seedMapUserTokenIn(
  stores: Pick<Stores, 'users' | 'sessions'>,
  jwtSecret: string,
  username: string,
  roles: string[] = ['MAPUSER'],
): Promise<string> {
  const user =
    (await stores.users.findByUsername(username)) ??
    (await stores.users.create({
      username,
      email: username,
      name: username.split('@')[0],
      passwordHash: null,
      status: 'active',
      roles,
    }));
  const sid = (await stores.sessions.create(user.id, Date.now())).id;
  return createTokenService(jwtSecret, 3600).sign('main', {
    sub: user.id,
    username: user.username,
    roles: user.roles,
    sid,
  });
}
