import { TextArea, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import { FieldHelp, FieldLabel } from './FieldParts.tsx';

export type TextAreaFieldProps = Omit<AriaTextFieldProps, 'className' | 'children'> & {
  label: string;
  description?: string;
  rows?: number;
};

/** Several lines of text (notes); same label, description and error layout as TextField. */
export function TextAreaField({ label, description, rows = 4, ...props }: TextAreaFieldProps) {
  return (
    <AriaTextField {...props} className="field">
      <FieldLabel label={label} isRequired={props.isRequired} />
      <TextArea className="field__input field__textarea" rows={rows} />
      <FieldHelp description={description} />
    </AriaTextField>
  );
}
