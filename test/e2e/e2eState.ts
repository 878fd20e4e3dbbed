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
}

export const E2E_STATE_FILE = path.join(os.tmpdir(), 'parcel-atlas-e2e-state.json');
