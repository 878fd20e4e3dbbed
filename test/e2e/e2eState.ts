import os from 'node:os';
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
}

/**
 * globalSetup puts the state file in its own run directory and names it in this variable, which the test
 * processes inherit, so two runs at once do not read each other's server.
 */
export const E2E_STATE_ENV = 'PARCEL_ATLAS_E2E_STATE';

export function e2eStateFile(): string {
  return process.env[E2E_STATE_ENV] ?? path.join(os.tmpdir(), 'parcel-atlas-e2e-state.json');
}
