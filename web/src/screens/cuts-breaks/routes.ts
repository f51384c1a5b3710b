import type { RouteDef } from '../../routes.ts';

export const cutsBreaksRoutes: RouteDef[] = [];
