import type { PlaybackAction } from './playback.ts';

export type KeyTarget = { tagName: string; isContentEditable?: boolean } | null;

/**
 * Keyboard shortcuts: Space plays or pauses, ← and → step one frame, Home goes to the start. Keys typed into a field,
 * sent to a slider (whose arrows move it) or pressed on a button (Space presses it) are left alone.
 */
export function playerKeyAction(key: string, target: KeyTarget): PlaybackAction | null {
  const tag = target?.tagName.toUpperCase() ?? '';
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target?.isContentEditable === true) return null;
  switch (key) {
    case ' ':
      return tag === 'BUTTON' ? null : { type: 'toggle' };
    case 'ArrowLeft':
      return { type: 'step', frames: -1 };
    case 'ArrowRight':
      return { type: 'step', frames: 1 };
    case 'Home':
      return { type: 'start' };
    default:
      return null;
  }
}
