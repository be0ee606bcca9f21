import { useState, type ReactNode } from 'react';
import { Form } from 'react-aria-components';
import { Button } from './Button.tsx';
import { isDeleteConfirmed } from './deleteConfirmation.ts';
import { Dialog } from './Dialog.tsx';
import { TextField } from './TextField.tsx';

export type ConfirmDeleteDialogProps = {
  title: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** What must be typed exactly, e.g. the person's full name (docs/spec.md §4 Delete). */
  targetText: string;
  onConfirm: () => void;
  isBusy?: boolean;
  error?: string | null;
  /** Extra warning, e.g. what the server will refuse. */
  children?: ReactNode;
};

export function ConfirmDeleteDialog({ title, isOpen, onOpenChange, ...props }: ConfirmDeleteDialogProps) {
  return (
    <Dialog title={title} isOpen={isOpen} onOpenChange={(open) => !props.isBusy && onOpenChange(open)}>
      {/* Remounted per opening, so the typed text never carries over to the next deletion. */}
      {() => <ConfirmDeleteForm {...props} onCancel={() => onOpenChange(false)} />}
    </Dialog>
  );
}

type FormProps = Omit<ConfirmDeleteDialogProps, 'title' | 'isOpen' | 'onOpenChange'> & { onCancel: () => void };

function ConfirmDeleteForm({ targetText, onConfirm, isBusy = false, error, children, onCancel }: FormProps) {
  const [typed, setTyped] = useState('');
  const confirmed = isDeleteConfirmed(typed, targetText);
  return (
    <Form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (confirmed && !isBusy) onConfirm();
      }}
    >
      <p className="confirm-delete__text">
        This cannot be undone. To confirm, type <strong className="confirm-delete__target">{targetText}</strong> below.
      </p>
      {children}
      <TextField
        label={`Type ${targetText} to confirm`}
        value={typed}
        onChange={setTyped}
        autoComplete="off"
        spellCheck="false"
        autoFocus
      />
      <div role="alert" className="form-error">
        {error}
      </div>
      <div className="actions">
        <Button type="submit" variant="danger" isDisabled={!confirmed} isPending={isBusy}>
          Delete
        </Button>
        <Button variant="secondary" isDisabled={isBusy} onPress={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
