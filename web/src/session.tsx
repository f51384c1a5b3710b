import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { api, whenSignedOut } from './api.ts';
import type { SignedIn } from './api-types.ts';
import { keepAlive } from './keep-alive.ts';
import { useInactivityMinutes } from './engine.ts';
import { read, type ReadData } from './queries.ts';
import { navigate } from './router.tsx';

/** The spec's session (spec 1 section 3): rank is kept as the agent type's text. */
export interface Session {
  agentId: number;
  firstName: string;
  rank: string;
  probationUntil: string | null;
  isAuthenticated: true;
}

export type Permissions = ReadData<'myPermissions'>['permissions'];

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

const NO_PERMISSIONS: Permissions = {};

export function SessionProvider({ children }: { children: ReactNode }): ReactNode {
  const [session, setSession] = useState<Session | null>(saved);
  // Nothing to check without a saved sign-in.
  const [ready, setReady] = useState(() => saved() === null);

  const client = useQueryClient();
  // The person's permissions are a read like the screens' (GET /api/myPermissions): they come from
  // the live rule set (rules/roles.json), so when another set goes live every read is asked again
  // (engine.ts rulesWentLive) and these follow without a reload. Asked again only then, or on a
  // stream reset: no action changes them.
  const mine = useQuery({ ...read('myPermissions'), enabled: session !== null && ready, staleTime: Infinity });
  const permissions = mine.data?.permissions ?? NO_PERMISSIONS;
  const spanish = mine.data?.spanish ?? false;

  // What one person read is never shown to the next one to sign in on this browser.
  const clear = useCallback(() => {
    window.localStorage.removeItem(STORAGE_KEY);
    client.clear();
    setSession(null);
    navigate('/', { replace: true });
  }, [client]);

  /** Loads the permissions into the cache before the screens need them; false when they could not be had. */
  const loadPermissions = useCallback((): Promise<boolean> => client.fetchQuery(read('myPermissions')).then(() => true, () => false), [client]);

  // A saved sign-in is restored on start (spec 1 section 2) when the server still knows its session.
  useEffect(() => {
    if (!saved()) return;
    let live = true;
    void loadPermissions().then((ok) => {
      if (!live) return;
      if (!ok) clear();
      setReady(true);
    });
    return () => {
      live = false;
    };
  }, [loadPermissions, clear]);

  useEffect(() => {
    whenSignedOut(() => {
      if (saved()) clear();
    });
    return () => whenSignedOut(null);
  }, [clear]);

  const signIn = useCallback(
    async (initials: string, cell: string, password: string): Promise<string | null> => {
      const res = await api.post('/api/login', { body: { initials, cell, password } });
      if (!res.ok) return res.error;
      const signedIn: SignedIn = res.data;
      const s: Session = {
        agentId: signedIn.agentId,
        firstName: signedIn.firstName ?? '',
        rank: String(signedIn.agentType),
        probationUntil: signedIn.probationUntil,
        isAuthenticated: true,
      };
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(s));
      client.clear();
      await api.post('/api/loggingInLog', { body: { AgentID: s.agentId } });
      await loadPermissions();
      setSession(s);
      navigate('/calendar');
      return null;
    },
    [loadPermissions, client],
  );

  const signOut = useCallback(async () => {
    const current = saved();
    // A logout writes a log call carrying the agent id (spec 1 section 2); its failure is only logged.
    if (current) await api.post('/api/loggingOutLog', { body: { AgentID: current.agentId } });
    await api.post('/api/logout');
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
  // Spec 1 section 9, as rules/parameters.json and roles.json say it; the server's idle expiry
  // of the session holds the same limit while the rules load.
  const minutes = useInactivityMinutes(session ? Number(session.rank) : null);
  useEffect(() => {
    if (!session || minutes === null) return;
    const limit = minutes * 60_000;
    const server = keepAlive(() => void api.get('/api/session'));
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
  }, [session, signOut, minutes]);
}
