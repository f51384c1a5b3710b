import type { Feature } from './feature.ts';
import { offerActions } from './offers.ts';

/**
 * Every part of the API beyond sign-in, the world slice and the calendar reads (server/app.ts,
 * server/reads): one module per part, each listing its calls as data. The app registers them and
 * the OpenAPI document describes them from this list.
 */
export const FEATURES: readonly Feature[] = [offerActions];
