// deploy/nginx.conf for a run on this machine (scripts/run-cluster.mjs, test/server/rollingRestart.test.ts):
// the upstream servers and the listen address replaced, the access log and the pid file in `root`.
import fs from 'node:fs';
import path from 'node:path';

/** Debian's nginx. */
export const NGINX = '/usr/sbin/nginx';

/**
 * Writes `root`/nginx.conf: deploy/nginx.conf with `appPorts` on 127.0.0.1 as the upstream servers (each
 * line as the compose file's app1 has it) and `listenPort` on loopback. Returns the file and the access log.
 */
export function writeNginxConfig({ root, listenPort, appPorts, repository = process.cwd() }) {
  const template = fs.readFileSync(path.join(repository, 'deploy', 'nginx.conf'), 'utf8');
  const serverLine = template.match(/^ {4}server app1:8080([^\n]*)\n/m);
  if (!serverLine) throw new Error('deploy/nginx.conf has no upstream server app1:8080 to fill');
  const servers = appPorts.map((port) => `    server 127.0.0.1:${port}${serverLine[1]}\n`).join('');
  const accessLog = path.join(root, 'access.log');
  const config = template
    .replace(/^ {4}server app\d+:8080[^\n]*\n/gm, (line) => (line === serverLine[0] ? servers : ''))
    .replace('listen 80;', `listen 127.0.0.1:${listenPort};`)
    .replace('access_log /dev/stdout upstream;', `access_log ${accessLog} upstream;`);
  const file = path.join(root, 'nginx.conf');
  fs.writeFileSync(file, config);
  return { file, accessLog };
}

/** nginx's arguments to run `file` in the foreground, its pid file and error log in `root`. */
export function nginxArgs(root, file) {
  return [
    '-p',
    root,
    '-c',
    file,
    '-g',
    `daemon off; pid ${root}/nginx.pid; error_log ${root}/nginx-error.log warn;`,
  ];
}
