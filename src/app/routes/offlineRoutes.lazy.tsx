import { createLazyRoute } from '@tanstack/react-router';
import { OfflineStorageScreen } from '#app/features/offline/OfflineStorageScreen';

export const offlineStorageLazyRoute = createLazyRoute('/$type/offline')({ component: OfflineStorageScreen });
