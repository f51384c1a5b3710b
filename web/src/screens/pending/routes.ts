import { lazyScreen, type RouteDef } from '../../routes.ts';

export const pendingRoutes: RouteDef[] = [{ name: 'pending', path: '/pending', screen: lazyScreen(async () => (await import('./pending.tsx')).PendingScreen) }];
