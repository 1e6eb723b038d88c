import { type RouteConfig, index, route } from '@react-router/dev/routes';
import { EDITOR_ROUTES } from './dev-events.ts';

// One generic route module answers every URL from page-definitions/ (the splat does not match
// "/", so the home page is the same module mounted as the index route).
// The block catalog (/__catalog, src/editor/catalog-route.tsx) is a development tool: it is
// only in the route config when not building for production, so a production build has no
// trace of it and /__catalog is an ordinary unknown URL (404) there. The page editor (/__editor,
// src/editor/editor-route.tsx) and its draft preview (/__preview/<draft>/<path>,
// src/editor/preview-route.tsx) likewise.
const development = process.env.NODE_ENV !== 'production';

export default [
  index('engine/page-route.tsx', { id: 'page-index' }),
  ...(development
    ? [
        route('__catalog/:block?', 'editor/catalog-route.tsx', { id: 'catalog' }),
        route(EDITOR_ROUTES.editor, 'editor/editor-route.tsx', { id: 'editor' }),
        route(EDITOR_ROUTES.preview, 'editor/preview-route.tsx', { id: 'preview' }),
      ]
    : []),
  route('*', 'engine/page-route.tsx', { id: 'page' }),
] satisfies RouteConfig;
