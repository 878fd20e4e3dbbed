// `npm start`: build the web app if needed, then run the one-process server (it builds the demo dataset on first start).
import { spawn } from 'node:child_process';
import { ensureBuild } from './ensureBuild.mjs';

ensureBuild();
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
