import { createLazyRoute } from '@tanstack/react-router';
import { OutboxScreen } from '#app/features/outbox/OutboxScreen';

export const outboxLazyRoute = createLazyRoute('/$type/outbox')({ component: OutboxScreen });
