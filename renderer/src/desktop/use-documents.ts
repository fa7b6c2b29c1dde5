import { useCallback, useEffect, useState } from 'react';
import type { DesktopDocument } from '../../../main/src/preload-api.js';
import { call, kit } from './kit.js';

/** The documents on this device, refreshed whenever the backend says one moved. */
export function useDocuments(review?: DesktopDocument['review']): { documents: DesktopDocument[]; reload: () => void } {
  const [documents, setDocuments] = useState<DesktopDocument[]>([]);
  const reload = useCallback(() => {
    void call('documents', review ? { review } : {}).then(setDocuments, () => setDocuments([]));
  }, [review]);
  useEffect(() => {
    reload();
    return kit.onChanged(() => reload());
  }, [reload]);
  return { documents, reload };
}

export const SYNC_LABEL: Record<DesktopDocument['sync'], string> = { local: 'not sent', pending: 'waiting to sync', synced: 'synced', failed: 'refused by the server' };
