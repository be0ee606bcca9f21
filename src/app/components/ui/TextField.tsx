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
      <Label className="field__label">{label}</Label>
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
