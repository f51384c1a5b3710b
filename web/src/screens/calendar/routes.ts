import { lazyScreen, type RouteDef } from '../../routes.ts';

export const calendarRoutes: RouteDef[] = [
  { name: 'calendar', path: '/calendar', screen: lazyScreen(async () => (await import('./calendar.tsx')).CalendarScreen) },
];
