import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { api, setCsrfToken, whenSignedOut } from './api.js';
import type { SessionInfo } from './types.js';

interface SessionState {
  /** Undefined while the first look is under way; null when signed out. */
  session: SessionInfo | null | undefined;
  signedIn(info: SessionInfo): void;
  signOut(): Promise<void>;
  refresh(): Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<SessionInfo | null | undefined>(undefined);
  const signedIn = useCallback((info: SessionInfo) => {
    setCsrfToken(info.csrf_token);
    setSession(info);
  }, []);
  const refresh = useCallback(async () => {
    try {
      signedIn(await api.get<SessionInfo>('/session'));
    } catch {
      setSession(null);
    }
  }, [signedIn]);
  useEffect(() => {
    whenSignedOut(() => setSession(null));
    void refresh();
  }, [refresh]);
  const signOut = useCallback(async () => {
    try {
      await api.delete('/session');
    } finally {
      setCsrfToken('');
      setSession(null);
    }
  }, []);
  return <SessionContext.Provider value={{ session, signedIn, signOut, refresh }}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession outside SessionProvider');
  return state;
}
