import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { api, whenSignedOut, type Answer } from './api.ts';
import { keepAlive } from './keep-alive.ts';
import { navigate } from './router.tsx';

/** The spec's session (spec 1 section 3): rank is kept as the agent type's text. */
export interface Session {
  agentId: number;
  firstName: string;
  rank: string;
  probationUntil: string | null;
  isAuthenticated: true;
}

export type Permissions = Record<string, boolean | (string | number)[]>;

interface SessionState {
  session: Session | null;
  spanish: boolean;
  permissions: Permissions;
  /** False until a saved sign-in has been checked with the server. */
  ready: boolean;
  signIn: (initials: string, cell: string, password: string) => Promise<string | null>;
  signOut: () => Promise<void>;
}

const STORAGE_KEY = 'shiftinator.session';
/** Spec 1 section 9: 45 minutes for rank 100 and above, otherwise 15. */
export function inactivityLimitMs(rank: number): number {
  return rank >= 100 ? 2_700_000 : 900_000;
}

const SessionContext = createContext<SessionState | null>(null);

function saved(): Session | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    const s = raw ? (JSON.parse(raw) as Session) : null;
    return s && Number.isInteger(s.agentId) && s.isAuthenticated === true ? s : null;
  } catch {
    return null;
  }
}

interface PermissionsAnswer {
  agentType: number;
  spanish: boolean;
  permissions: Permissions;
}

export function SessionProvider({ children }: { children: ReactNode }): ReactNode {
  const [session, setSession] = useState<Session | null>(saved);
  const [permissions, setPermissions] = useState<Permissions>({});
  const [spanish, setSpanish] = useState(false);
  // Nothing to check without a saved sign-in.
  const [ready, setReady] = useState(() => saved() === null);

  const client = useQueryClient();
  // What one person read is never shown to the next one to sign in on this browser.
  const clear = useCallback(() => {
    window.localStorage.removeItem(STORAGE_KEY);
    client.clear();
    setSession(null);
    setPermissions({});
    navigate('/', { replace: true });
  }, [client]);

  const applyPermissions = useCallback((res: Answer<PermissionsAnswer>): boolean => {
    if (!res.ok) return false;
    setPermissions(res.data.permissions);
    setSpanish(res.data.spanish);
    return true;
  }, []);

  // A saved sign-in is restored on start (spec 1 section 2) when the server still knows its session.
  useEffect(() => {
    if (!saved()) return;
    let live = true;
    void api.get<PermissionsAnswer>('/myPermissions').then((res) => {
      if (!live) return;
      if (!applyPermissions(res)) clear();
      setReady(true);
    });
    return () => {
      live = false;
    };
  }, [applyPermissions, clear]);

  useEffect(() => {
    whenSignedOut(() => {
      if (saved()) clear();
    });
    return () => whenSignedOut(null);
  }, [clear]);

  const signIn = useCallback(
    async (initials: string, cell: string, password: string): Promise<string | null> => {
      const res = await api.post<{ agentId: number; agentType: number; firstName: string | null; probationUntil: string | null }>('/login', { initials, cell, password });
      if (!res.ok) return res.error;
      const s: Session = {
        agentId: res.data.agentId,
        firstName: res.data.firstName ?? '',
        rank: String(res.data.agentType),
        probationUntil: res.data.probationUntil,
        isAuthenticated: true,
      };
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(s));
      client.clear();
      await api.post('/loggingInLog', { AgentID: s.agentId });
      applyPermissions(await api.get<PermissionsAnswer>('/myPermissions'));
      setSession(s);
      navigate('/calendar');
      return null;
    },
    [applyPermissions, client],
  );

  const signOut = useCallback(async () => {
    const current = saved();
    // A logout writes a log call carrying the agent id (spec 1 section 2); its failure is only logged.
    if (current) await api.post('/loggingOutLog', { AgentID: current.agentId });
    await api.post('/logout');
    clear();
  }, [clear]);

  const value = useMemo(() => ({ session, permissions, spanish, ready, signIn, signOut }), [session, permissions, spanish, ready, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}

/** The signed-in agent, on screens only signed-in people reach. */
export function useAgent(): Session & { rankNumber: number; spanish: boolean; permissions: Permissions } {
  const { session, spanish, permissions } = useSession();
  if (!session) throw new Error('useAgent without a session');
  return { ...session, rankNumber: Number(session.rank), spanish, permissions };
}

/** A flag permission of rules/roles.json. */
export function can(permissions: Permissions, name: string): boolean {
  return permissions[name] === true;
}

/** A list permission of rules/roles.json (calendar views, open-shift types...). */
export function allowed(permissions: Permissions, name: string): (string | number)[] {
  const p = permissions[name];
  return Array.isArray(p) ? p : [];
}

/**
 * Signs out after the spec's inactivity time; mouse moves, key presses and clicks reset it, and
 * keep the server's session alive as long (a 401 on the keep-alive signs out at once).
 */
export function useInactivityLogout(): void {
  const { session, signOut } = useSession();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!session) return;
    const limit = inactivityLimitMs(Number(session.rank));
    const server = keepAlive(() => void api.get('/session'));
    const reset = (): void => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void signOut(), limit);
      server.activity();
    };
    reset();
    const events = ['mousemove', 'keydown', 'click'] as const;
    for (const e of events) window.addEventListener(e, reset);
    return () => {
      window.clearTimeout(timer.current);
      server.stop();
      for (const e of events) window.removeEventListener(e, reset);
    };
  }, [session, signOut]);
}
