import {
  FieldError,
  Label,
  Text,
  TextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';

export type TextAreaFieldProps = Omit<AriaTextFieldProps, 'className' | 'children'> & {
  label: string;
  description?: string;
  rows?: number;
};

/** Several lines of text (notes); same label, description and error layout as TextField. */
export function TextAreaField({ label, description, rows = 4, ...props }: TextAreaFieldProps) {
  return (
    <AriaTextField {...props} className="field">
      <Label className="field__label">{label}</Label>
      <TextArea className="field__input field__textarea" rows={rows} />
      {description && (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      )}
      <FieldError className="field__error" />
    </AriaTextField>
  );
}
