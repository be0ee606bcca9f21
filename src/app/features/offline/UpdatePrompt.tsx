import { Button } from '#app/components/ui/Button';
import { useWaitingUpdate } from '#app/lib/pwa/updatePrompt';
import './offline.css';

/**
 * 'Update available' (docs/design.md Data flow 7): the new release waits for the user, so a half-filled form is never
 * reloaded away; Reload hands the page to the new service worker, which then reloads it.
 */
export function UpdatePrompt() {
  const update = useWaitingUpdate();
  if (!update) return null;
  return (
    <div role="status" aria-label="Update available" className="update-prompt">
      <span>Update available</span>
      <Button variant="secondary" onPress={update.apply}>
        Reload
      </Button>
    </div>
  );
}
