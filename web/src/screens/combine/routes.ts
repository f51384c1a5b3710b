import type { RouteDef } from '../../routes.ts';

export const combineRoutes: RouteDef[] = [];
