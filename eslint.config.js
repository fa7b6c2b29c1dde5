// Lint setup: typescript-eslint's recommended rules plus the import boundaries of
// docs/architecture.md (engine core, engine adapters, server, main, renderer).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['node:*', 'fs', 'fs/*', 'path', 'os', 'crypto', 'worker_threads', 'child_process', 'url', 'module', 'stream', 'util', 'events', 'buffer', 'zlib', 'http', 'https', 'net'];
const nativeLibs = ['sharp', 'onnxruntime-node', 'onnxruntime-web', 'onnxruntime-web/*', 'libheif-js', 'libheif-js/*', '@napi-rs/canvas', 'piscina'];
const appFolders = ['**/server/**', '**/main/**', '**/renderer/**'];

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'dist/**', 'scratch/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Engine core: portable code only. Node, sharp and ONNX runtimes belong in node/ or browser/ adapters.
    files: ['engine/src/**/*.ts'],
    ignores: ['engine/src/**/node/**', 'engine/src/**/browser/**', 'engine/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: nodeBuiltins, message: 'Engine core is portable: Node built-ins only in engine/src/**/node/ adapters.' },
          { group: nativeLibs, message: 'Engine core is portable: native and runtime libraries only in node/ or browser/ adapters.' },
          { group: appFolders, message: 'The engine imports nothing from server/, main/ or renderer/.' },
        ],
      }],
    },
  },
  {
    files: ['engine/src/**/node/**/*.ts', 'engine/src/**/browser/**/*.ts', 'models/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: appFolders, message: 'The engine imports nothing from server/, main/ or renderer/.' }] }],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/main/**', '**/renderer/**'], message: 'The server imports the engine and its own modules only.' }] }],
    },
  },
  {
    files: ['main/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/renderer/**'], message: 'main/ talks to the renderer over IPC, not imports.' }] }],
    },
  },
  {
    // Renderer: engine contracts as types only, never runtime engine code, Node or Electron.
    files: ['renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/engine/src/contracts/**'], allowTypeImports: true, message: 'The renderer may import engine contracts as types only.' },
          { regex: '(^|/)engine/(?!src/contracts/)', message: 'The renderer imports engine contracts as types only.' },
          { regex: '(^|/)(server|main)/(?!src/preload-api)', message: 'The renderer reaches main and the server through its API client.' },
          { group: [...nodeBuiltins, ...nativeLibs, 'electron'], message: 'The renderer runs in a browser sandbox.' },
        ],
      }],
    },
  },
);
