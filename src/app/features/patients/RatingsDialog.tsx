import { Button } from '#app/components/ui/Button';
import { Dialog } from '#app/components/ui/Dialog';
import { Select } from '#app/components/ui/Select';
import { codeTitle } from './codeTrees.ts';
import { ICF_QUALIFIERS } from './icfRatings.ts';

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
              options={ICF_QUALIFIERS}
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
