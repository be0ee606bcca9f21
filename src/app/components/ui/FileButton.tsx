import { FileTrigger } from 'react-aria-components';
import { Button, type ButtonVariant } from './Button.tsx';

export type FileButtonProps = {
  /** The button's text, e.g. 'Choose Files'. */
  children: string;
  /** Extensions or MIME types offered by the picker (e.g. ['.json', '.txt', '.mp4']). */
  accept: readonly string[];
  allowsMultiple?: boolean;
  onSelect: (files: File[]) => void;
  variant?: ButtonVariant;
  isDisabled?: boolean;
};

/** A button that opens the file picker (react-aria's FileTrigger); the picked files come back as an array. */
export function FileButton({
  children,
  accept,
  allowsMultiple,
  onSelect,
  variant = 'secondary',
  isDisabled,
}: FileButtonProps) {
  return (
    <FileTrigger
      acceptedFileTypes={accept}
      allowsMultiple={allowsMultiple}
      onSelect={(list) => onSelect(list ? [...list] : [])}
    >
      <Button variant={variant} isDisabled={isDisabled}>
        {children}
      </Button>
    </FileTrigger>
  );
}
