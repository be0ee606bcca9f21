import {
  Button as AriaButton,
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components';
import { CloseIcon } from './icons.tsx';

export type ToastTone = 'info' | 'success' | 'error';
type ToastMessage = { text: string; tone: ToastTone };

/**
 * One queue for the whole app, so non-React code (route guards, the logout step) can notify too.
 * React Aria's toast region is a landmark (F6) whose toasts carry role=alert; it replaces the
 * window.alert() calls the specification's (docs/spec.md) messages were written for. Its API is still marked unstable.
 */
const queue = new ToastQueue<ToastMessage>({ maxVisibleToasts: 3 });

/** Errors stay longer: they usually need reading before acting. */
const TIMEOUTS: Record<ToastTone, number> = { info: 6_000, success: 6_000, error: 12_000 };

export function notify(text: string, tone: ToastTone = 'info'): void {
  queue.add({ text, tone }, { timeout: TIMEOUTS[tone] });
}

/** Drops every visible notification, e.g. a login error once the login has succeeded. */
export function dismissNotifications(): void {
  queue.clear();
}

export function ToastArea() {
  return (
    <ToastRegion queue={queue} className="toast-region">
      {({ toast }) => (
        <AriaToast toast={toast} className={`toast toast--${toast.content.tone}`}>
          <ToastContent className="toast__content">
            <Text slot="title">{toast.content.text}</Text>
          </ToastContent>
          <AriaButton slot="close" aria-label="Dismiss" className="icon-button toast__close">
            <CloseIcon size={20} />
          </AriaButton>
        </AriaToast>
      )}
    </ToastRegion>
  );
}
