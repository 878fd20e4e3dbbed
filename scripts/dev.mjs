// `npm run dev`: webpack in watch mode (development) and the server restarted by tsx on every change.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['webpack', '--mode', 'development', '--watch'], { stdio: 'inherit' }),
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => code && code !== 0 && process.exit(code)));
