import { Input, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import { FieldHelp, FieldLabel } from './FieldParts.tsx';

export type TextFieldProps = Omit<AriaTextFieldProps, 'className' | 'children'> & {
  label: string;
  description?: string;
};

export function TextField({ label, description, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} className="field">
      <FieldLabel label={label} isRequired={props.isRequired} />
      <Input className="field__input" />
      <FieldHelp description={description} />
    </AriaTextField>
  );
}
