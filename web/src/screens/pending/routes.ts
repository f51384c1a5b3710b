import type { RouteDef } from '../../routes.ts';

export const pendingRoutes: RouteDef[] = [];
