import type { BrowserWindowConstructorOptions } from 'electron';

export interface WindowSettings {
  /** The preload script's path (built by electron-vite). */
  preload: string;
  /** Kiosk: full screen, one window, no menus, no devtools. */
  kiosk: boolean;
}

/**
 * The one window's options. The renderer is untrusted web content: isolated from the preload's
 * world, without Node, sandboxed, and (in kiosk mode) without devtools. Navigation and new
 * windows are blocked where the window is made (main/src/index.ts).
 */
export function windowOptions(s: WindowSettings): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 820,
    minWidth: 390,
    show: false,
    backgroundColor: '#ffffff',
    kiosk: s.kiosk,
    fullscreen: s.kiosk,
    autoHideMenuBar: true,
    webPreferences: {
      preload: s.preload,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      sandbox: true,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      devTools: !s.kiosk,
      spellcheck: false,
    },
  };
}

/** Only the app's own pages may call main: the built files, or electron-vite's dev server. */
export function trustedOrigin(url: string, devServer: string | undefined): boolean {
  if (url.startsWith('file://')) return true;
  if (!devServer) return false;
  try {
    return new URL(url).origin === new URL(devServer).origin;
  } catch {
    return false;
  }
}

/** Kiosk mode: `--kiosk` on the command line or `DOCEX_KIOSK=1`. */
export function kioskRequested(argv: readonly string[], env: Record<string, string | undefined>): boolean {
  return argv.includes('--kiosk') || env.DOCEX_KIOSK === '1';
}
