import { lazyScreen, type RouteDef } from '../../routes.ts';

/** Spec 2's posting screens and its two message screens (spec 1 section 2 lists their paths). */
export const postingsRoutes: RouteDef[] = [
  { name: 'postShift', path: '/postShift/:shiftID', screen: lazyScreen(async () => (await import('./seeking-coverage.tsx')).SeekingCoverageScreen) },
  { name: 'editCoverage', path: '/editCoverage/:shiftID', screen: lazyScreen(async () => (await import('./edit-coverage.tsx')).EditCoverageScreen) },
  { name: 'wantShift', path: '/wantShift/:date', screen: lazyScreen(async () => (await import('./looking-to-work.tsx')).LookingToWorkScreen) },
  { name: 'editHours', path: '/editHours/:ID', screen: lazyScreen(async () => (await import('./edit-hours.tsx')).EditHoursScreen) },
  { name: 'sendMessage', path: '/sendMessage/:shiftID', screen: lazyScreen(async () => (await import('./send-message.tsx')).SendMessageScreen) },
  { name: 'sendMessageHours', path: '/sendMessageHours/:shiftID', screen: lazyScreen(async () => (await import('./send-message-hours.tsx')).SendMessageHoursScreen) },
];
