import type { Channel, DesktopChannels, KitApi } from '../../../main/src/preload-api.js';
import { webKit } from './web-kit.js';

/** An error the backend answered, with its catalogue code. */
export class KitError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

/** Electron's preload bridge, or the same calls over HTTP when the backend runs in Node (web host). */
export const kit: KitApi = window.kit ?? webKit();

export async function call<C extends Channel>(channel: C, input: DesktopChannels[C]['input']): Promise<DesktopChannels[C]['output']> {
  const result = await kit.invoke(channel, input);
  if (!result.ok) throw new KitError(result.error.code, result.error.message, result.error.param);
  return result.value;
}
