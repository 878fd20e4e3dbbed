// `npm run dev`: webpack in watch mode (development) and the server restarted by tsx on every change.
import { spawn } from 'node:child_process';

// The development build goes to its own folder so `npm start` never serves it as the production build.
const DEV_DIST = 'dist-dev';
const children = [
  spawn('npx', ['webpack', '--mode', 'development', '--watch', '--output-path', DEV_DIST], {
    stdio: 'inherit',
  }),
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, DIST_DIR: DEV_DIST },
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => code && code !== 0 && process.exit(code)));
