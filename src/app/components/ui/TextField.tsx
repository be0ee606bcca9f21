import {
  FieldError,
  Input,
  Label,
  Text,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';

export type TextFieldProps = Omit<AriaTextFieldProps, 'className' | 'children'> & {
  label: string;
  description?: string;
};

export function TextField({ label, description, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} className="field">
      {/* The input itself says it is required; the star, outside the label so the name stays exact, is for sight. */}
      <span className="field__label-row">
        <Label className="field__label">{label}</Label>
        {props.isRequired && (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        )}
      </span>
      <Input className="field__input" />
      {description && (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      )}
      <FieldError className="field__error" />
    </AriaTextField>
  );
}
