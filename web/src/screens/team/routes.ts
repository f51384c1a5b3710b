import { lazyScreen, type RouteDef } from '../../routes.ts';

export const teamRoutes: RouteDef[] = [
  { name: 'teamCalendar', path: '/teamCalendar', screen: lazyScreen(async () => (await import('./team-calendar.tsx')).TeamCalendarScreen) },
];
