// The desktop window's security and kiosk settings, checked without the Electron binary.
import { describe, expect, it } from 'vitest';
import { kioskRequested, trustedOrigin, windowOptions } from '../../main/src/window-options.js';

describe('window options', () => {
  it('isolates the renderer: context isolation, no Node, sandbox, no webview, web security on', () => {
    for (const kiosk of [false, true]) {
      const web = windowOptions({ preload: '/app/preload.cjs', kiosk }).webPreferences!;
      expect(web).toMatchObject({ contextIsolation: true, nodeIntegration: false, nodeIntegrationInWorker: false, sandbox: true, webSecurity: true, allowRunningInsecureContent: false, webviewTag: false, preload: '/app/preload.cjs' });
    }
  });

  it('makes a kiosk full screen with no devtools; a workstation keeps devtools and a window', () => {
    expect(windowOptions({ preload: 'p', kiosk: true })).toMatchObject({ kiosk: true, fullscreen: true, autoHideMenuBar: true, webPreferences: { devTools: false } });
    expect(windowOptions({ preload: 'p', kiosk: false })).toMatchObject({ kiosk: false, fullscreen: false, webPreferences: { devTools: true } });
    expect(kioskRequested(['electron', '.', '--kiosk'], {})).toBe(true);
    expect(kioskRequested(['electron', '.'], { DOCEX_KIOSK: '1' })).toBe(true);
    expect(kioskRequested(['electron', '.'], {})).toBe(false);
  });

  it('takes IPC only from the app\'s own pages', () => {
    expect(trustedOrigin('file:///opt/docex/resources/app/out/renderer/index.html', undefined)).toBe(true);
    expect(trustedOrigin('http://localhost:5173/', 'http://localhost:5173')).toBe(true);
    expect(trustedOrigin('http://localhost:5173/', undefined)).toBe(false);
    expect(trustedOrigin('https://evil.example/', 'http://localhost:5173')).toBe(false);
    expect(trustedOrigin('', undefined)).toBe(false);
  });
});
