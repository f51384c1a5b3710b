import type { RouteDef } from '../../routes.ts';

export const teamRoutes: RouteDef[] = [];
