import { lazyScreen, type RouteDef } from '../../routes.ts';

/** Issue 21's calendar feed: the address a calendar app subscribes to for the person's shifts. */
export const calendarFeedRoutes: RouteDef[] = [
  { name: 'myCalendarFeed', path: '/myCalendarFeed', screen: lazyScreen(async () => (await import('./calendar-feed.tsx')).CalendarFeedScreen) },
];
