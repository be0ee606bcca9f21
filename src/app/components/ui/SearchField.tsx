import {
  Button as AriaButton,
  Input,
  Label,
  SearchField as AriaSearchField,
  type SearchFieldProps as AriaSearchFieldProps,
} from 'react-aria-components';
import { CloseIcon, SearchIcon } from './icons.tsx';

export type SearchFieldProps = Omit<AriaSearchFieldProps, 'className' | 'children'> & {
  label: string;
  /** List screens name the box by their title; the visible label would repeat it. */
  isLabelHidden?: boolean;
  placeholder?: string;
};

/** A search box: Escape or the × clears it, and it is announced as a search. */
export function SearchField({ label, isLabelHidden, placeholder, ...props }: SearchFieldProps) {
  return (
    <AriaSearchField {...props} aria-label={isLabelHidden ? label : undefined} className="field search-field">
      {!isLabelHidden && <Label className="field__label">{label}</Label>}
      <div className="search-field__box">
        <span className="search-field__icon" aria-hidden="true">
          <SearchIcon size={20} />
        </span>
        <Input className="field__input search-field__input" placeholder={placeholder} />
        <AriaButton className="icon-button search-field__clear" aria-label="Clear search">
          <CloseIcon size={20} />
        </AriaButton>
      </div>
    </AriaSearchField>
  );
}
