import os from 'node:os';
import type { ChildProcess } from 'node:child_process';
import type { SMTPServer } from 'smtp-server';
import path from 'node:path';

/** What globalSetup started, handed to the test files (they run in other processes) through a JSON file. */
export interface E2eState {
  baseUrl: string;
  dataDir: string;
  mailDir: string;
  /** The SMTP receiver the server sends to (the users CLI sends there too). */
  smtpUrl: string;
  serverPid: number;
  /** The local stand-in for the terrain and satellite tile services (fixtureTileServer.ts). */
  fixtureTilesUrl: string;
  /** Where this server's users CLI commands run (usersCommandServer.ts; the harness's usersCli posts there). */
  usersUrl: string;
}

/**
 * globalSetup puts the state file in its own run directory and names it in this variable, which the test
 * processes inherit, so two runs at once do not read each other's server.
 */
export const E2E_STATE_ENV = 'PARCEL_ATLAS_E2E_STATE';

export function e2eStateFile(): string {
  return process.env[E2E_STATE_ENV] ?? path.join(os.tmpdir(), 'parcel-atlas-e2e-state.json');
}

/**
 * What the state file holds: one environment (server, data directory, fixture tiles) per jest worker, so
 * test files running side by side never see each other's accounts, tile counts or settings.
 */
export interface E2eRun {
  environments: E2eState[];
}

/**
 * The environment of the jest worker this test file runs in (JEST_WORKER_ID counts from 1 and stays with
 * a worker's slot when jest replaces the process; in band it is 1).
 */
export function environmentOf(run: E2eRun, workerId = process.env.JEST_WORKER_ID): E2eState {
  const index = (Math.max(1, Number(workerId) || 1) - 1) % run.environments.length;
  return run.environments[index];
}

/**
 * Node's options that make a spawned server or CLI hash passwords at argon2's cheapest, as the jest processes
 * of the server tests do (test/helpers/testPasswordCost.cjs; production's cost: test/unit/passwordHashCost.test.ts).
 */
export const TEST_PASSWORD_COST = ['--require', path.resolve('test/helpers/testPasswordCost.cjs')];

/** What globalSetup hands globalTeardown (same process) to stop. */
export interface E2eShared {
  /** The servers and their users command processes. */
  processes: ChildProcess[];
  mail: SMTPServer;
  root: string;
  closeFixtureTiles: () => Promise<void>;
}

/**
 * Debian's two builds of Chromium 156: the headless shell (package `chromium-headless-shell`, Chromium's "old
 * headless", which playwright itself runs for headless tests) and the whole browser (`chromium`). They draw pages
 * with the same Blink, fonts and SwiftShader WebGL. The shell starts a context and its page for about a fifth of
 * the CPU (0.3–0.6 against 2.1–2.8 CPU-s here), and the browser tests open about a hundred (ADR 081). It has no
 * notification permission, so the tests of Web Push run in the whole browser.
 */
export const CHROMIUM_HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const CHROMIUM_BROWSER = '/usr/bin/chromium';
