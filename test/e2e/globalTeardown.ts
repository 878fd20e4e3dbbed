import fs from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import type { SMTPServer } from 'smtp-server';

/** Stops the server and the SMTP receiver and removes the run's data directory. */
export default async function globalTeardown(): Promise<void> {
  const shared = globalThis as unknown as {
    __E2E__?: {
      server: ChildProcess;
      mail: SMTPServer;
      root: string;
      closeFixtureTiles: () => Promise<void>;
    };
  };
  const e2e = shared.__E2E__;
  if (!e2e) return;
  await new Promise<void>((resolve) => {
    if (e2e.server.exitCode !== null) return resolve();
    e2e.server.once('exit', () => resolve());
    e2e.server.kill('SIGTERM');
  });
  await new Promise<void>((resolve) => e2e.mail.close(() => resolve()));
  await e2e.closeFixtureTiles();
  fs.rmSync(e2e.root, { recursive: true, force: true });
}
