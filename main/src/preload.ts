import { contextBridge } from 'electron';
import type { KitApi } from './preload-api.js';
import { ENGINE_VERSION } from '../../engine/src/version.js';

const api = { engineVersion: ENGINE_VERSION } satisfies KitApi;
contextBridge.exposeInMainWorld('kit', api);
