import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

export type DialogProps = {
  title: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Render prop so the content can close the dialog itself. */
  children: (close: () => void) => ReactNode;
};

/** A centred modal dialog, 500 to 700px wide (docs/spec.md §2, Add and edit dialogs). */
export function Dialog({ title, isOpen, onOpenChange, children }: DialogProps) {
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable className="modal-overlay">
      <Modal className="modal">
        <AriaDialog className="dialog">
          {({ close }) => (
            <>
              <Heading slot="title" className="dialog__title">
                {title}
              </Heading>
              {children(close)}
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}

/** The footer of a dialog that only informs or shows something: one Close button. */
export function DialogCloseActions({ onClose }: { onClose: () => void }) {
  return (
    <div className="actions">
      <Button variant="secondary" onPress={onClose}>
        Close
      </Button>
    </div>
  );
}
