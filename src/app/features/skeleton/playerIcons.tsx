/** Decorative player icons (24×24 outlines like components/ui/icons); the buttons carry the accessible names. */
function playerIcon(d: string, filled = false) {
  return function PlayerIcon() {
    return (
      <svg viewBox="0 0 24 24" width={22} height={22} aria-hidden="true" focusable="false">
        <path
          d={d}
          fill={filled ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    );
  };
}

export const PlayIcon = playerIcon('M7 5l12 7-12 7z', true);
export const PauseIcon = playerIcon('M8 5v14M16 5v14');
export const StartIcon = playerIcon('M6 5v14M18 5l-9 7 9 7z', true);
export const NextIcon = playerIcon('M6 5l9 7-9 7zM18 5v14', true);
export const ResetIcon = playerIcon('M4 12a8 8 0 1 0 2.3-5.7M4 4v5h5');
export const FramePreviousIcon = playerIcon('M15 6l-6 6 6 6');
export const FrameNextIcon = playerIcon('M9 6l6 6-6 6');
export const FullscreenIcon = playerIcon('M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5');
export const ExitFullscreenIcon = playerIcon('M9 4v5H4M20 9h-5V4M15 20v-5h5M4 15h5v5');
