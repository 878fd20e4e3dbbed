import fs from 'node:fs';
import type { E2eShared } from './e2eState';

/** Stops the servers and their users command processes, their fixture tile servers and the SMTP receiver, and removes the run's directory. */
export default async function globalTeardown(): Promise<void> {
  const e2e = (globalThis as unknown as { __E2E__?: E2eShared }).__E2E__;
  if (!e2e) return;
  await Promise.all(
    e2e.processes.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  await new Promise<void>((resolve) => e2e.mail.close(() => resolve()));
  await e2e.closeFixtureTiles();
  fs.rmSync(e2e.root, { recursive: true, force: true });
}
