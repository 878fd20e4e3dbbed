// `npm start`: build the web app if needed and the server's JavaScript, then run the one-process server (it builds
// the demo dataset on first start).
import { spawn } from 'node:child_process';
import { ensureBuild } from './ensureBuild.mjs';
import { buildServer, SERVER_MAIN } from './buildServer.mjs';

ensureBuild();
await buildServer();
const server = spawn(process.execPath, [SERVER_MAIN], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
