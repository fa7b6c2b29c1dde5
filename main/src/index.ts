import { app, BrowserWindow, ipcMain, Menu, session } from 'electron';
import { join } from 'node:path';
import { DesktopBackend } from './backend/desktop-backend.js';
import { createHandlers, dispatch } from './ipc/ipc-handlers.js';
import { kioskRequested, trustedOrigin, windowOptions } from './window-options.js';

const kiosk = kioskRequested(process.argv, process.env);
const devServer = process.env.ELECTRON_RENDERER_URL;
let win: BrowserWindow | null = null;

// One instance per user: a second start focuses the first (a kiosk never shows two windows).
if (!app.requestSingleInstanceLock()) app.quit();

function createWindow(backend: DesktopBackend): void {
  win = new BrowserWindow(windowOptions({ preload: join(__dirname, '../preload/index.cjs'), kiosk }));
  const contents = win.webContents;
  // The page never leaves the app, opens no windows and embeds nothing.
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  // A crashed or hung page is loaded again: the documents are in the store, not in the page.
  contents.on('render-process-gone', () => contents.reload());
  win.once('ready-to-show', () => win?.show());
  if (devServer) void win.loadURL(devServer);
  else void win.loadFile(join(__dirname, '../renderer/index.html'));
  backend.on('changed', (id: string) => {
    if (win && !win.isDestroyed()) win.webContents.send('kit:changed', id);
  });
}

void app.whenReady().then(() => {
  if (kiosk) Menu.setApplicationMenu(null);
  // The camera is the one permission the page gets.
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) => callback(permission === 'media'));
  const backend = DesktopBackend.open({ dataDir: app.getPath('userData') });
  const handlers = createHandlers(backend);
  ipcMain.handle('kit', (event, channel: unknown, input: unknown) => {
    if (!trustedOrigin(event.senderFrame?.url ?? '', devServer)) return { ok: false, error: { type: 'permission_error', code: 'invalid_parameters', message: 'Calls come from the app only.' } };
    return dispatch(handlers, channel, input);
  });
  createWindow(backend);
  app.on('second-instance', () => {
    if (win?.isMinimized()) win.restore();
    win?.focus();
  });
  app.on('before-quit', () => void backend.close());
});

// A crash of main itself: start again (kiosks run unattended).
process.on('uncaughtException', () => {
  app.relaunch();
  app.exit(1);
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
