import type { ReactNode } from 'react';
import { Button } from '#app/components/ui/Button';
import { Dialog } from '#app/components/ui/Dialog';

export type ConfirmDialogProps = {
  title: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  confirmLabel: string;
  onConfirm: () => void;
  children: ReactNode;
};

/** A yes/no question before something that loses unsent work (discarding a change, logging out). */
export function ConfirmDialog({ title, isOpen, onOpenChange, confirmLabel, onConfirm, children }: ConfirmDialogProps) {
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
              Cancel
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
