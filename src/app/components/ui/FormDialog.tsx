import { useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Dialog, Form, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './Button.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';

export type FormDialogProps = {
  title: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  submitLabel: string;
  /** Called after the fields passed their own validation. */
  onSubmit: () => void;
  /** While the call runs: the submit button spins, and the dialog cannot be dismissed half-way. */
  isBusy?: boolean;
  /** The server's answer when it refused; announced, and the dialog stays open (docs/spec.md §4). */
  error?: string | null;
  /**
   * Shown just above the buttons, where the user is when they press them (e.g. a conflict with someone else's
   * change): a message at the top of a long form would go unseen.
   */
  notice?: ReactNode;
  /** Something was typed or chosen: Escape then asks before throwing it away (Cancel is a deliberate choice). */
  isDirty?: boolean;
  children: ReactNode;
};

/** A modal form, 500 to 700px wide (docs/spec.md §2 Add and edit dialogs), with Cancel and a submit button. */
export function FormDialog({
  title,
  isOpen,
  onOpenChange,
  submitLabel,
  onSubmit,
  isBusy = false,
  error,
  notice,
  isDirty = false,
  children,
}: FormDialogProps) {
  const [isConfirmingDiscard, setConfirmingDiscard] = useState(false);
  const actions = useRef<HTMLDivElement>(null);
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (!isBusy) onSubmit();
  };
  // An Escape that a field's own list did not take (a select or code list closes itself and stops it).
  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || !isDirty || isBusy || event.isPropagationStopped()) return;
    event.stopPropagation();
    setConfirmingDiscard(true);
  };
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!isBusy) onOpenChange(open);
      }}
      // A stray tap beside the dialog on a tablet must not throw away a half-filled form; Escape and Cancel still close it.
      isDismissable={false}
      isKeyboardDismissDisabled={isBusy || isDirty}
      className="modal-overlay"
    >
      <Modal className="modal">
        <Dialog className="dialog">
          <Heading slot="title" className="dialog__title">
            {title}
          </Heading>
          {/* Keyboard events of the whole form, to catch an Escape meant for the dialog. */}
          <div onKeyDown={onKeyDown}>
            <Form onSubmit={submit} className="form" aria-busy={isBusy}>
              {children}
              {notice && (
                // When a notice appears, the buttons are scrolled into view: it sits just above them.
                <div ref={() => actions.current?.scrollIntoView({ block: 'nearest' })}>{notice}</div>
              )}
              {/* Always present so that assistive technology announces a message when it appears. */}
              <div role="alert" className="form-error">
                {error}
              </div>
              <div className="actions" ref={actions}>
                <Button type="submit" isPending={isBusy}>
                  {submitLabel}
                </Button>
                <Button variant="secondary" isDisabled={isBusy} onPress={() => onOpenChange(false)}>
                  Cancel
                </Button>
              </div>
            </Form>
          </div>
          <ConfirmDialog
            title="Discard changes?"
            isOpen={isConfirmingDiscard}
            onOpenChange={setConfirmingDiscard}
            confirmLabel="Discard"
            cancelLabel="Keep editing"
            onConfirm={() => onOpenChange(false)}
          >
            <p>What you entered in {title} has not been saved.</p>
          </ConfirmDialog>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
