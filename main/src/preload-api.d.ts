/** What the preload script exposes to the renderer as `window.kit`. */
export interface KitApi {
  engineVersion: string;
}

declare global {
  interface Window {
    kit?: KitApi;
  }
}
