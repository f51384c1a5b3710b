import { lazyScreen, type RouteDef } from '../../routes.ts';

export const combineRoutes: RouteDef[] = [
  { name: 'combine', path: '/combine/:date', screen: lazyScreen(async () => (await import('./combine.tsx')).CombineScreen) },
];
