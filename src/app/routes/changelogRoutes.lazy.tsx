import { createLazyRoute } from '@tanstack/react-router';
import { ChangelogScreen } from '#app/features/changelog/ChangelogScreen';

export const changelogLazyRoute = createLazyRoute('/admin/changelog')({ component: ChangelogScreen });
