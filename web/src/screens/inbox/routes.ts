import { lazyScreen, type RouteDef } from '../../routes.ts';

/** Issue 21's inbox: every text sent to the person, each linking to the screen it concerns. */
export const inboxRoutes: RouteDef[] = [{ name: 'inbox', path: '/inbox', screen: lazyScreen(async () => (await import('./inbox.tsx')).InboxScreen) }];
