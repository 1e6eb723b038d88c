import { type RouteConfig, index, route } from '@react-router/dev/routes';

// One generic route module answers every URL from page-definitions/ (the splat does not match
// "/", so the home page is the same module mounted as the index route).
export default [
  index('renderer/page-route.tsx', { id: 'page-index' }),
  route('*', 'renderer/page-route.tsx', { id: 'page' }),
] satisfies RouteConfig;
