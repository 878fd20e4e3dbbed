// `node scripts/check-image.mjs`: builds deploy/Dockerfile with buildah (daemonless, as root), starts the
// image with podman and waits for its /readyz to answer 200 — the image is built and run, not only written.
// Prints each step, and exactly which one failed and why when the machine does not allow it.
//
// What this machine needed (docs/operations.md § The container image):
// - `buildah bud --isolation chroot`: the default OCI isolation fails in RUN steps here;
// - `podman run --runtime runc` with lowered ulimits: crun is refused setrlimit and cgroups in hybrid mode;
// - `--network host`: no container network setup needed.
// The base image (node:20-bookworm-slim) comes from local storage, else Docker Hub, else it is made here
// (ensureBaseImage): Debian bookworm from Debian's mirror with debootstrap, this machine's Node 20 copied in
// (Debian bookworm packages Node 18), tagged localhost/node:20-bookworm-slim.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { BASE_IMAGE, DEBIAN_MIRROR, imageExists } from './imageCheckPreflight.mjs';

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

/**
 * The Dockerfile's base: already here, pulled from Docker Hub, or made from Debian's mirror with the host's
 * Node 20 (its binary, npm and headers, which node-gyp would otherwise download) and the host's CA bundle
 * (the npm registry may be reached through a TLS-intercepting proxy).
 */
function ensureBaseImage() {
  if (imageExists(BASE_IMAGE) || imageExists('docker.io/library/node:20-bookworm-slim')) {
    process.stdout.write(`== base image: present\n`);
    return;
  }
  const pulled = step('pull the base image', 'podman', ['pull', 'docker.io/library/node:20-bookworm-slim'], {
    allowFailure: true,
  });
  if (pulled === 0) return;
  if (!process.version.startsWith('v20.'))
    throw new Error(`no base image, and this machine's Node is ${process.version}, not 20, to copy in`);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'parcel-atlas-base-'));
  try {
    step('debootstrap Debian bookworm', 'debootstrap', [
      '--variant=minbase',
      'bookworm',
      root,
      DEBIAN_MIRROR,
    ]);
    const nodePrefix = path.dirname(path.dirname(process.execPath));
    const copy = (from, to) => fs.cpSync(from, path.join(root, to), { recursive: true, dereference: false });
    copy(process.execPath, 'usr/bin/node');
    copy(path.join(nodePrefix, 'lib', 'node_modules', 'npm'), 'usr/lib/node_modules/npm');
    copy(path.join(nodePrefix, 'include', 'node'), 'usr/include/node');
    fs.symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(root, 'usr/bin/npm'));
    fs.symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', path.join(root, 'usr/bin/npx'));
    copy('/etc/ssl/certs/ca-certificates.crt', 'etc/ssl/certs/host-ca-certificates.crt');
    const changes = [
      `ENV NODE_VERSION=${process.version.slice(1)}`,
      'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/host-ca-certificates.crt',
      'ENV npm_config_nodedir=/usr',
      'CMD ["node"]',
    ].flatMap((change) => ['--change', change]);
    step('import it as the base image', 'sh', [
      '-c',
      `tar -C '${root}' -c . | podman import ${changes.map((c) => `'${c}'`).join(' ')} - ${BASE_IMAGE}`,
    ]);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

async function main() {
  const started = Date.now();
  ensureBaseImage();
  // --base-only: make (or find) the base image and stop.
  if (process.argv.includes('--base-only')) return;
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
    process.stdout.write(
      `\n== the image answers /readyz: ${answer} (${((Date.now() - started) / 60_000).toFixed(1)} min in all)\n`,
    );
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
