import { RadioGroup } from '#app/components/ui/RadioGroup';
import { CAMERA_VIEW_LABELS, CAMERA_VIEWS, type CameraView } from './cameraPresets.ts';

const OPTIONS = CAMERA_VIEWS.map((id) => ({ id, label: CAMERA_VIEW_LABELS[id] }));
const isView = (id: string): id is CameraView => (CAMERA_VIEWS as readonly string[]).includes(id);

/** The camera presets, one chosen at a time (arrow keys move between them); each frames the walker on any screen. */
export function CameraViews({ view, onChange }: { view: CameraView; onChange: (view: CameraView) => void }) {
  return (
    <div className="skeleton-views">
      <RadioGroup
        label="Camera"
        orientation="horizontal"
        options={OPTIONS}
        value={view}
        onChange={(id) => {
          if (isView(id)) onChange(id);
        }}
      />
    </div>
  );
}
