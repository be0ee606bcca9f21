import { Label, ProgressBar } from 'react-aria-components';
import type { LoadProgress } from './loadJointData.ts';

/** docs/spec.md §2 loading bar: a percentage while downloading when the size is known, otherwise an activity bar. */
export function LoadingBar({ progress }: { progress: LoadProgress }) {
  const fraction = progress.phase === 'downloading' ? progress.fraction : null;
  const label = progress.phase === 'downloading' ? 'Downloading the joint data file' : 'Reading the joint data file';
  return (
    <ProgressBar
      className="loading-bar"
      value={fraction === null ? undefined : fraction * 100}
      isIndeterminate={fraction === null}
    >
      {({ percentage, valueText }) => (
        <>
          <Label className="loading-bar__label">
            {label}
            {fraction !== null && ` ${valueText ?? ''}`}
          </Label>
          <div className="loading-bar__track">
            <div
              className={fraction === null ? 'loading-bar__fill loading-bar__fill--busy' : 'loading-bar__fill'}
              style={fraction === null ? undefined : { width: `${percentage ?? 0}%` }}
            />
          </div>
        </>
      )}
    </ProgressBar>
  );
}
