// Whether `npm run check-image` can run on this machine, and if not, why: `.ci/run` runs the image check only
// where it can, and `npm test` says which. The base image must be here already, or come from
// Docker Hub, or be made with debootstrap from Debian's mirror; a machine without any of the three would
// only fail minutes into the check (a CI run failed so: no registry, no debootstrap).
import { spawnSync } from 'node:child_process';
import dns from 'node:dns/promises';
import fs from 'node:fs';

export const BASE_IMAGE = process.env.BASE_IMAGE_TAG ?? 'localhost/node:20-bookworm-slim';
export const DEBIAN_MIRROR = process.env.DEBIAN_MIRROR ?? 'http://deb.debian.org/debian';
const DOCKER_HUB_IMAGE = 'docker.io/library/node:20-bookworm-slim';

const onPath = (tool) => spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status === 0;
export const imageExists = (ref) => spawnSync('podman', ['image', 'exists', ref]).status === 0;

async function resolves(host) {
  try {
    await Promise.race([
      dns.lookup(host),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 3000)),
    ]);
    return true;
  } catch {
    return false;
  }
}

/** null when the image check can run here, else the reason it cannot (one sentence). */
export async function imageCheckBlocker() {
  if (process.getuid?.() !== 0) return 'it needs root (buildah/podman without a daemon)';
  const missing = ['buildah', 'podman'].filter((tool) => !onPath(tool) && !fs.existsSync(`/usr/bin/${tool}`));
  if (missing.length > 0) return `it needs ${missing.join(' and ')} (apt-get install -y buildah podman)`;
  if (imageExists(BASE_IMAGE) || imageExists(DOCKER_HUB_IMAGE)) return null;
  if (await resolves('registry-1.docker.io')) return null;
  if (!onPath('debootstrap'))
    return 'no base image here, Docker Hub is out of reach, and debootstrap is missing to make one (apt-get install -y debootstrap)';
  if (!(await resolves(new URL(DEBIAN_MIRROR).hostname)))
    return `no base image here, and neither Docker Hub nor ${DEBIAN_MIRROR} is reachable to get one`;
  if (!process.version.startsWith('v20.'))
    return `no base image here, and this machine's Node is ${process.version}, not 20, to copy into one`;
  return null;
}

// `node scripts/imageCheckPreflight.mjs`: exit 0 when the check can run, else print why and exit 3.
if (import.meta.url === `file://${process.argv[1]}`) {
  const blocker = await imageCheckBlocker();
  if (blocker) {
    process.stdout.write(`Container image check not possible here: ${blocker}.\n`);
    process.exit(3);
  }
}
