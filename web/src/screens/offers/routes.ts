import { lazyScreen, type RouteDef } from '../../routes.ts';

/** Spec 2's offer screens (section 2): offering coverage or one's shift, and countering an offer. */
export const offersRoutes: RouteDef[] = [
  { name: 'offerCoverage', path: '/offerCoverage/:shiftID', screen: lazyScreen(async () => (await import('./offer-coverage.tsx')).OfferCoverageScreen) },
  { name: 'offerShift', path: '/offerShift/:offerID', screen: lazyScreen(async () => (await import('./offer-shift.tsx')).OfferShiftScreen) },
  { name: 'counterOffer', path: '/counterOffer/:offerID', screen: lazyScreen(async () => (await import('./counter-offer.tsx')).CounterOfferScreen) },
  { name: 'counterOfferHours', path: '/counterOfferHours/:offerID', screen: lazyScreen(async () => (await import('./counter-offer-hours.tsx')).CounterOfferHoursScreen) },
];
