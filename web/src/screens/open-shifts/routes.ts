import { lazyScreen, type RouteDef } from '../../routes.ts';

/** Spec 3 section 2: creating, editing and claiming open shifts and open training shifts. */
export const openShiftsRoutes: RouteDef[] = [
  { name: 'createOpen', path: '/createOpen/:date', screen: lazyScreen(async () => (await import('./create-open-shift.tsx')).CreateOpenShiftScreen) },
  { name: 'editOpenShift', path: '/editOpenShift/:shiftID', screen: lazyScreen(async () => (await import('./edit-open-shift.tsx')).EditOpenShiftScreen) },
  { name: 'coverOpenShift', path: '/coverOpenShift/:offerID', screen: lazyScreen(async () => (await import('./claim-open-shift.tsx')).ClaimOpenShiftScreen) },
  { name: 'createOpenTraining', path: '/createOpenTraining/:date', screen: lazyScreen(async () => (await import('./create-open-training.tsx')).CreateOpenTrainingScreen) },
  { name: 'editOpenTrainingShift', path: '/editOpenTrainingShift/:shiftID', screen: lazyScreen(async () => (await import('./edit-open-training.tsx')).EditOpenTrainingScreen) },
  { name: 'coverOpenTrainingShift', path: '/coverOpenTrainingShift/:offerID', screen: lazyScreen(async () => (await import('./claim-open-training.tsx')).ClaimOpenTrainingScreen) },
];
