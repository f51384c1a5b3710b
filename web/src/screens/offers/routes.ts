import type { RouteDef } from '../../routes.ts';

export const offersRoutes: RouteDef[] = [];
