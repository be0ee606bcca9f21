import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { SkeletonViewerScreen } from '#app/features/skeleton/SkeletonViewerScreen';

const viewer = getRouteApi('/$type/sessions/viewskeleton/$sessionID/$subSessionID');

export const skeletonViewerLazyRoute = createLazyRoute('/$type/sessions/viewskeleton/$sessionID/$subSessionID')({
  component: function SkeletonViewerPage() {
    const { type, sessionID, subSessionID } = viewer.useParams();
    return <SkeletonViewerScreen type={type} sessionId={sessionID} subSessionId={subSessionID} />;
  },
});
