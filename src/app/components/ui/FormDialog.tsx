import type { FormEvent, ReactNode } from 'react';
import { Dialog, Form, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './Button.tsx';

export type FormDialogProps = {
  title: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  submitLabel: string;
  /** Called after the fields passed their own validation. */
  onSubmit: () => void;
  /** While the call runs: the submit button spins, and the dialog cannot be dismissed half-way. */
  isBusy?: boolean;
  /** The server's answer when it refused; announced, and the dialog stays open (spec §4). */
  error?: string | null;
  children: ReactNode;
};

/** A modal form, 500 to 700px wide (spec §2 Add and edit dialogs), with Cancel and a submit button. */
export function FormDialog({
  title,
  isOpen,
  onOpenChange,
  submitLabel,
  onSubmit,
  isBusy = false,
  error,
  children,
}: FormDialogProps) {
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (!isBusy) onSubmit();
  };
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!isBusy) onOpenChange(open);
      }}
      // A stray tap beside the dialog on a tablet must not throw away a half-filled form; Escape and Cancel still close it.
      isDismissable={false}
      isKeyboardDismissDisabled={isBusy}
      className="modal-overlay"
    >
      <Modal className="modal">
        <Dialog className="dialog">
          <Heading slot="title" className="dialog__title">
            {title}
          </Heading>
          <Form onSubmit={submit} className="form" aria-busy={isBusy}>
            {children}
            {/* Always present so that assistive technology announces a message when it appears. */}
            <div role="alert" className="form-error">
              {error}
            </div>
            <div className="actions">
              <Button type="submit" isPending={isBusy}>
                {submitLabel}
              </Button>
              <Button variant="secondary" isDisabled={isBusy} onPress={() => onOpenChange(false)}>
                Cancel
              </Button>
            </div>
          </Form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
