import {
  Button as AriaButton,
  Group,
  Input,
  NumberField as AriaNumberField,
  type NumberFieldProps as AriaNumberFieldProps,
} from 'react-aria-components';
import { FieldHelp, FieldLabel } from './FieldParts.tsx';
import { MinusIcon, PlusIcon } from './icons.tsx';

export type NumberFieldProps = Omit<AriaNumberFieldProps, 'className' | 'children'> & {
  label: string;
  description?: string;
};

/** A number with − and + steppers, formatted for the user's locale (decimal comma where it is used). */
export function NumberField({ label, description, ...props }: NumberFieldProps) {
  return (
    <AriaNumberField {...props} className="field">
      <FieldLabel label={label} isRequired={props.isRequired} />
      <Group className="number-field__group">
        <AriaButton slot="decrement" className="icon-button number-field__step">
          <MinusIcon size={20} />
        </AriaButton>
        <Input className="field__input number-field__input" />
        <AriaButton slot="increment" className="icon-button number-field__step">
          <PlusIcon size={20} />
        </AriaButton>
      </Group>
      <FieldHelp description={description} />
    </AriaNumberField>
  );
}
