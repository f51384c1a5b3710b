import { lazyScreen, type RouteDef } from '../../routes.ts';

/** Spec 3 section 2: cuts, meal breaks and the two wishlists. */
export const cutsBreaksRoutes: RouteDef[] = [
  { name: 'requestCut', path: '/requestCut/:shiftID', screen: lazyScreen(async () => (await import('./request-cut.tsx')).RequestCutScreen) },
  { name: 'cutUser', path: '/cutUser/:shiftID', screen: lazyScreen(async () => (await import('./cut-user.tsx')).CutUserScreen) },
  { name: 'requestLunch', path: '/requestLunch/:shiftID', screen: lazyScreen(async () => (await import('./request-lunch.tsx')).RequestLunchScreen) },
  { name: 'approveLunch', path: '/approveLunch/:shiftID', screen: lazyScreen(async () => (await import('./approve-lunch.tsx')).ApproveLunchScreen) },
  { name: 'wishlist', path: '/wishlist', screen: lazyScreen(async () => (await import('./wishlist.tsx')).WishlistScreen) },
  { name: 'myWishlist', path: '/myWishlist', screen: lazyScreen(async () => (await import('./my-wishlist.tsx')).MyWishlistScreen) },
];
