import { lazyScreen, type RouteDef } from '../../routes.ts';

export const chatRoutes: RouteDef[] = [{ name: 'chat', path: '/chat', screen: lazyScreen(async () => (await import('./chat.tsx')).ChatScreen) }];
