import { queryClient } from '#app/lib/queryClient';
import type { MirrorList } from './lists.ts';
import { mirrorSyncKey } from './sync.ts';

/** Re-syncs lists a confirmed write changed: those on screen fetch their delta now, the rest on their next visit. */
export function refreshLists(lists: Iterable<MirrorList>): void {
  for (const list of lists) void queryClient.invalidateQueries({ queryKey: mirrorSyncKey(list) });
}
