import { Button } from '#app/components/ui/Button';
import { Dialog } from '#app/components/ui/Dialog';
import { Select } from '#app/components/ui/Select';
import { codeTitle } from './codeTrees.ts';

/** The ICF generic qualifier (WHO ICF, 2001): the extent of the problem with a function or activity. */
const QUALIFIERS = [
  { id: '0', label: '0 — No problem' },
  { id: '1', label: '1 — Mild problem' },
  { id: '2', label: '2 — Moderate problem' },
  { id: '3', label: '3 — Severe problem' },
  { id: '4', label: '4 — Complete problem' },
  { id: '8', label: '8 — Not specified' },
  { id: '9', label: '9 — Not applicable' },
];

export type RatingsDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  icf: readonly string[];
  ratings: readonly string[];
  onChange: (ratings: string[]) => void;
};

/** One rating per chosen ICF item, in the ICFs' order (docs/spec.md §3 Ratings). */
export function RatingsDialog({ isOpen, onOpenChange, icf, ratings, onChange }: RatingsDialogProps) {
  const rate = (index: number, value: string | null) =>
    onChange(icf.map((_, i) => (i === index ? (value ?? '') : (ratings[i] ?? ''))));
  return (
    <Dialog title="Ratings" isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => (
        <div className="form">
          {icf.map((code, index) => (
            <Select
              key={code}
              label={`${code} ${codeTitle(code)}`}
              options={QUALIFIERS}
              value={ratings[index] || null}
              onChange={(value) => rate(index, value)}
            />
          ))}
          <div className="actions">
            <Button onPress={close}>Done</Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
