import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { KitApi } from './preload-api.js';
import { ENGINE_VERSION } from '../../engine/src/version.js';

// The renderer gets these two calls and nothing else of Electron or Node: every input is
// checked again in main (main/src/ipc/ipc-handlers.ts).
const api = {
  engineVersion: ENGINE_VERSION,
  invoke: (channel, input) => ipcRenderer.invoke('kit', channel, input),
  onChanged: (listener) => {
    const relay = (_event: IpcRendererEvent, id: string) => listener(id);
    ipcRenderer.on('kit:changed', relay);
    return () => ipcRenderer.off('kit:changed', relay);
  },
} satisfies KitApi;
contextBridge.exposeInMainWorld('kit', api);
