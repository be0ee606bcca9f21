import type { VideoGait } from '#shared/pose/videoGait';

const fixed = (value: number | null | undefined, digits: number) =>
  value === null || value === undefined ? '—' : value.toFixed(digits);

/** The walk's side-view measures, what they come from, and what a side view cannot give. */
export function VideoGaitSummary({ gait }: { gait: VideoGait }) {
  const { analysis } = gait;
  if (analysis.status !== 'ok') return null;
  const m = analysis.session;
  return (
    <div className="video-gait__summary">
      <dl aria-label="Gait from the video">
        <dt>Cadence</dt>
        <dd>{fixed(m.cadence, 1)} steps/min</dd>
        <dt>Walking speed</dt>
        <dd>{fixed(m.speed, 2)} m/s</dd>
        <dt>Step length</dt>
        <dd>{fixed(m.stepLength, 2)} m</dd>
        <dt>Stance</dt>
        <dd>{fixed(m.stancePercent, 1)} %</dd>
        <dt>Gait cycles</dt>
        <dd>{m.cycleCount}</dd>
      </dl>
      <p className="field__description">From {gait.provenance}.</p>
      <p className="field__description">Step width and frontal-plane measures are not available from a side view.</p>
      {gait.warnings.map((warning) => (
        <p key={warning} className="field__description">
          {warning}
        </p>
      ))}
    </div>
  );
}
