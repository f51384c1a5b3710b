import type { RouteDef } from '../../routes.ts';

export const postingsRoutes: RouteDef[] = [];
