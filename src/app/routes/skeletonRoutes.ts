import { createRoute } from '@tanstack/react-router';
import type { UserType } from '#shared/auth/userTypes';
import { endIdleJointDataWorker, startJointDataWorker } from '#app/features/skeleton/workerAhead';
import { requireLogin } from './guards.ts';
import { userTypeParams } from './params.ts';
import { rootRoute } from './root.ts';

type ViewerParams = { type: UserType; sessionID: string; subSessionID: string };

/** Only the four login types; session and sub-session ids travel as they are (the server decides who sees what). */
const viewerParams = {
  parse: ({
    type,
    sessionID,
    subSessionID,
  }: {
    type: string;
    sessionID: string;
    subSessionID: string;
  }): ViewerParams | false => {
    const parsed = userTypeParams.parse({ type });
    return parsed && sessionID !== '' && subSessionID !== '' ? { type: parsed.type, sessionID, subSessionID } : false;
  },
  stringify: (params: ViewerParams) => ({ ...params }),
};

/**
 * /{userType}/sessions/viewskeleton/{sessionID}/{subSessionID} for all four roles (docs/spec.md §2), each at its own address.
 * Another user's file answers 404 on the server, which the viewer shows as 'no joint data file'.
 */
export const skeletonViewerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$type/sessions/viewskeleton/$sessionID/$subSessionID',
  params: viewerParams,
  beforeLoad: ({ params, location }) => requireLogin([params.type], location),
  // The file reader's worker starts before the viewer's code has loaded, so that it is ready when the file comes.
  loader: ({ preload, cause }) => {
    if (!preload && cause === 'enter') startJointDataWorker();
  },
  onLeave: endIdleJointDataWorker,
}).lazy(() => import('./skeletonRoutes.lazy.tsx').then((m) => m.skeletonViewerLazyRoute));
