import {
  Button as AriaButton,
  FieldError,
  Group,
  Input,
  Label,
  NumberField as AriaNumberField,
  Text,
  type NumberFieldProps as AriaNumberFieldProps,
} from 'react-aria-components';
import { MinusIcon, PlusIcon } from './icons.tsx';

export type NumberFieldProps = Omit<AriaNumberFieldProps, 'className' | 'children'> & {
  label: string;
  description?: string;
};

/** A number with − and + steppers, formatted for the user's locale (decimal comma where it is used). */
export function NumberField({ label, description, ...props }: NumberFieldProps) {
  return (
    <AriaNumberField {...props} className="field">
      <Label className="field__label">{label}</Label>
      <Group className="number-field__group">
        <AriaButton slot="decrement" className="icon-button number-field__step">
          <MinusIcon size={20} />
        </AriaButton>
        <Input className="field__input number-field__input" />
        <AriaButton slot="increment" className="icon-button number-field__step">
          <PlusIcon size={20} />
        </AriaButton>
      </Group>
      {description && (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      )}
      <FieldError className="field__error" />
    </AriaNumberField>
  );
}
