import { useState } from 'react';
import { MESSAGES } from '#shared/messages';
import { Button } from '#app/components/ui/Button';
import { MultiSelect } from '#app/components/ui/MultiSelect';
import { notify } from '#app/components/ui/Toast';
import { TreeSelect } from '#app/components/ui/TreeSelect';
import { ICD_OPTIONS, ICF_OPTIONS, TAG_OPTIONS } from './codeTrees.ts';
import { withIcfs } from './patientForm.ts';
import type { FieldGroupProps } from './patientFormParts.ts';
import { RatingsDialog } from './RatingsDialog.tsx';

/** ICD conditions, ICF items with their ratings, and tags (docs/spec.md §3, §4, §5). */
export function CodeFields({ values, onChange }: FieldGroupProps) {
  const [isRating, setRating] = useState(false);
  const rated = values.ratings.filter((rating) => rating !== '').length;
  const openRatings = () => {
    // docs/spec.md §5: ratings can be edited only after ICFs are selected.
    if (values.icf.length === 0) notify(MESSAGES.selectICFsFirst, 'error');
    else setRating(true);
  };
  return (
    <>
      <TreeSelect label="ICD" tree={ICD_OPTIONS} value={values.icd} onChange={(icd) => onChange({ icd })} />
      <TreeSelect
        label="ICF"
        tree={ICF_OPTIONS}
        value={values.icf}
        onChange={(icf) => onChange(withIcfs(values, icf))}
      />
      <div className="ratings-row">
        <Button variant="secondary" onPress={openRatings}>
          Ratings
        </Button>
        <span className="field__description">
          {values.icf.length === 0
            ? 'Choose ICF items to rate them.'
            : `${String(rated)} of ${String(values.icf.length)} rated`}
        </span>
      </div>
      <RatingsDialog
        isOpen={isRating}
        onOpenChange={setRating}
        icf={values.icf}
        ratings={values.ratings}
        onChange={(ratings) => onChange({ ratings })}
      />
      <MultiSelect
        label="Tags"
        options={TAG_OPTIONS}
        value={values.miscs}
        onChange={(miscs) => onChange({ miscs })}
        isClearable
      />
    </>
  );
}
