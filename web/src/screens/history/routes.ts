import { lazyScreen, type RouteDef } from '../../routes.ts';

export const historyRoutes: RouteDef[] = [{ name: 'history', path: '/history', screen: lazyScreen(async () => (await import('./history.tsx')).HistoryScreen) }];
