import type { RouteDef } from '../../routes.ts';

export const historyRoutes: RouteDef[] = [];
