import { lazyScreen, type RouteDef } from '../../routes.ts';

export const attendanceRoutes: RouteDef[] = [
  { name: 'attendance', path: '/attendance', screen: lazyScreen(async () => (await import('./attendance.tsx')).AttendanceScreen) },
];
