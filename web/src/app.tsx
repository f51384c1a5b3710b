import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, type ReactNode } from 'react';
import { createQueryClient } from './queries.ts';
import { matchPath, navigate, usePath } from './router.tsx';
import type { RouteDef } from './routes.ts';
import { LoginScreen } from './screens/login.tsx';
import { absenceRoutes } from './screens/absence/routes.ts';
import { attendanceRoutes } from './screens/attendance/routes.ts';
import { calendarRoutes } from './screens/calendar/routes.ts';
import { chatRoutes } from './screens/chat/routes.ts';
import { combineRoutes } from './screens/combine/routes.ts';
import { cutsBreaksRoutes } from './screens/cuts-breaks/routes.ts';
import { historyRoutes } from './screens/history/routes.ts';
import { inboxRoutes } from './screens/inbox/routes.ts';
import { calendarFeedRoutes } from './screens/calendar-feed/routes.ts';
import { offersRoutes } from './screens/offers/routes.ts';
import { openShiftsRoutes } from './screens/open-shifts/routes.ts';
import { pendingRoutes } from './screens/pending/routes.ts';
import { postingsRoutes } from './screens/postings/routes.ts';
import { rulesRoutes } from './screens/rules/routes.ts';
import { shellRoutes } from './screens/shell/routes.ts';
import { teamRoutes } from './screens/team/routes.ts';
import { SessionProvider, useSession } from './session.tsx';
import { Shell } from './shell.tsx';
import { DialogProvider } from './ui/dialogs.tsx';
import { Loading, Page } from './ui/components.tsx';

/** Every route but home, by area: each area's screens list their own (spec 1 section 2). */
const ROUTES: RouteDef[] = [
  ...shellRoutes,
  ...rulesRoutes,
  ...calendarRoutes,
  ...pendingRoutes,
  ...historyRoutes,
  ...teamRoutes,
  ...postingsRoutes,
  ...offersRoutes,
  ...absenceRoutes,
  ...combineRoutes,
  ...openShiftsRoutes,
  ...cutsBreaksRoutes,
  ...attendanceRoutes,
  ...chatRoutes,
  ...inboxRoutes,
  ...calendarFeedRoutes,
];

function NotFound(): ReactNode {
  return (
    <Page title="Page not found">
      <p>There is no such page. Use the navigation above.</p>
    </Page>
  );
}

function Redirect({ to }: { to: string }): ReactNode {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}

function Screen(): ReactNode {
  const path = usePath();
  const { session, ready } = useSession();
  if (!ready) return <Loading what="Signing in" />;
  if (path === '/') {
    return session ? <Redirect to="/calendar" /> : <LoginScreen />;
  }
  // Every route but home needs a signed-in user; a visitor goes home (spec 1 section 2).
  if (!session) return <Redirect to="/" />;
  for (const route of ROUTES) {
    const params = matchPath(route.path, path);
    if (params) {
      const View = route.screen;
      // Keyed by the full path: the page re-renders when it changes (spec 1 section 2).
      return (
        <Suspense fallback={<Loading />}>
          <View key={path} params={params} />
        </Suspense>
      );
    }
  }
  return <NotFound />;
}

/** One cache of the server's reads for the page's life; signing out empties it (session.tsx). */
const queryClient = createQueryClient();

export function App(): ReactNode {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <DialogProvider>
          <Shell>
            <Screen />
          </Shell>
        </DialogProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
