import { lazyScreen, type RouteDef } from '../../routes.ts';

export const absenceRoutes: RouteDef[] = [
  { name: 'callOut', path: '/callOut/:shiftID', screen: lazyScreen(async () => (await import('./report-absence.tsx')).ReportAbsenceScreen) },
  { name: 'virtualShift', path: '/virtualShift/:id', screen: lazyScreen(async () => (await import('./report-absence.tsx')).CallOutScreen) },
  { name: 'requestPersonal', path: '/requestPersonal/:shiftID', screen: lazyScreen(async () => (await import('./request-personal.tsx')).RequestPersonalScreen) },
];
