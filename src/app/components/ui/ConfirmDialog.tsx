import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';

export type ConfirmDialogProps = {
  title: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  confirmLabel: string;
  onConfirm: () => void;
  /** The safe answer, focused first. */
  cancelLabel?: string;
  children: ReactNode;
};

/** A yes/no question before something that loses work (discarding a change or a half-filled form, logging out). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { title, isOpen, onOpenChange, confirmLabel, onConfirm, cancelLabel = 'Cancel', children } = props;
  return (
    <Dialog title={title} isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => (
        <>
          {children}
          <div className="actions">
            <Button
              variant="danger"
              onPress={() => {
                close();
                onConfirm();
              }}
            >
              {confirmLabel}
            </Button>
            <Button variant="secondary" onPress={close} autoFocus>
              {cancelLabel}
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
