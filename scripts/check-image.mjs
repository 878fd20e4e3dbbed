// `node scripts/check-image.mjs`: builds deploy/Dockerfile with buildah (daemonless, as root), starts the
// image with podman and waits for its /readyz to answer 200 — the image is built and run, not only written.
// Prints each step, and exactly which one failed and why when the machine does not allow it.
//
// What this machine needed (docs/operations.md § The container image):
// - `buildah bud --isolation chroot`: the default OCI isolation fails in RUN steps here;
// - `podman run --runtime runc` with lowered ulimits: crun is refused setrlimit and cgroups in hybrid mode;
// - `--network host`: no container network setup needed.
// The base image (node:20-bookworm-slim) must be pullable or already in local storage.
import { spawnSync } from 'node:child_process';
import net from 'node:net';

const IMAGE = process.env.IMAGE_TAG ?? 'localhost/parcel-atlas:check';

function step(title, command, args, { allowFailure = false } = {}) {
  process.stdout.write(`\n== ${title}: ${command} ${args.join(' ')}\n`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.error) throw new Error(`${title}: ${command} cannot run (${result.error.message})`);
  if (result.status !== 0 && !allowFailure) throw new Error(`${title} failed (exit ${result.status})`);
  return result.status;
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

async function waitReady(url, deadline) {
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
      last = `${res.status} ${await res.text()}`;
      if (res.status === 200) return last;
    } catch (error) {
      last = error.message;
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  throw new Error(`/readyz did not answer 200 in time (last: ${last})`);
}

async function main() {
  step('build', 'buildah', [
    'bud',
    '--isolation',
    'chroot',
    '--layers',
    '-f',
    'deploy/Dockerfile',
    '-t',
    IMAGE,
    '.',
  ]);
  const port = await freePort();
  const name = `parcel-atlas-check-${process.pid}`;
  step('start', 'podman', [
    'run',
    '-d',
    '--name',
    name,
    '--runtime',
    'runc',
    '--ulimit',
    'nofile=1024:1024',
    '--ulimit',
    'nproc=1024:1024',
    '--network',
    'host',
    '-e',
    `PORT=${port}`,
    '-e',
    'HOST=127.0.0.1',
    '-e',
    'MAIL_OUTBOX=1',
    '-e',
    'DATASET_CANTONS=ZG',
    '-e',
    'WORKERS=1',
    '-e',
    `PUBLIC_URL=http://127.0.0.1:${port}`,
    IMAGE,
  ]);
  try {
    // The first start builds the demo dataset (ZG) before it listens.
    const answer = await waitReady(`http://127.0.0.1:${port}/readyz`, Date.now() + 10 * 60_000);
    process.stdout.write(`\n== the image answers /readyz: ${answer}\n`);
  } catch (error) {
    step('logs', 'podman', ['logs', '--tail', '40', name], { allowFailure: true });
    throw error;
  } finally {
    step('stop', 'podman', ['rm', '-f', name], { allowFailure: true });
  }
}

main().catch((error) => {
  process.stderr.write(`Image check failed: ${error.message}\n`);
  process.exit(1);
});
