import { FieldError, Label, Text } from 'react-aria-components';

/**
 * A field's label, with a star when it must be filled in. The input itself tells assistive technology it is
 * required; the star, outside the label so the accessible name stays exactly the label, is for sight.
 */
export function FieldLabel({ label, isRequired }: { label: string; isRequired?: boolean | undefined }) {
  return (
    <span className="field__label-row">
      <Label className="field__label">{label}</Label>
      {isRequired && (
        <span className="field__required" aria-hidden="true">
          *
        </span>
      )}
    </span>
  );
}

/** What goes under every field's input: its description, if any, and its validation error. */
export function FieldHelp({ description }: { description?: string | undefined }) {
  return (
    <>
      {description && (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      )}
      <FieldError className="field__error" />
    </>
  );
}
