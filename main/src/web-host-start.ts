// `npm run desktop:web`: the desktop backend in Node with its screens served to a browser on
// loopback, for work where the Electron binary is missing. Data in DOCEX_DESKTOP_DATA (default
// ./desktop-data); the renderer built by `npm run build` (out/renderer).
import { resolve } from 'node:path';
import { DesktopBackend } from './backend/desktop-backend.js';
import { webHost } from './web-host.js';

const backend = DesktopBackend.open({ dataDir: resolve(process.env.DOCEX_DESKTOP_DATA ?? 'desktop-data') });
const port = Number(process.env.PORT ?? 8090);
const server = webHost(backend, resolve('out/renderer')).listen(port, '127.0.0.1', () => process.stdout.write(`Desktop app (web host): http://127.0.0.1:${port}/\n`));
const close = () => server.close(() => void backend.close().then(() => process.exit(0)));
process.once('SIGINT', close);
process.once('SIGTERM', close);
