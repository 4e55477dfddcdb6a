/**
 * `npm run dev`: hot reload of both halves. The server restarts on change (tsx watch) on PORT
 * (8080); Vite serves the app with HMR on 5173 and proxies the API paths to the server.
 * Vite listens on loopback only, like the server in development: it proxies /dev, and the dev outbox
 * (every login code) must never face a network. HOST=0.0.0.0 opens both on purpose (a phone on the LAN).
 */
import { spawn } from 'node:child_process';
import { ROOT } from './lib/web-bundle';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], { cwd: ROOT, stdio: 'inherit' }),
  spawn('npx', ['vite', '--host', process.env.HOST || '127.0.0.1'], { cwd: ROOT, stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && stop());
