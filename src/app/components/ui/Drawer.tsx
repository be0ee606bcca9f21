import type { ReactNode } from 'react';
import { Button as AriaButton, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { CloseIcon } from './icons.tsx';

export type DrawerProps = {
  title: string;
  closeLabel: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  children: (close: () => void) => ReactNode;
};

/** A modal panel sliding in from the left edge; focus is trapped and Escape or a tap outside closes it. */
export function Drawer({ title, closeLabel, isOpen, onOpenChange, children }: DrawerProps) {
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable className="drawer-overlay">
      <Modal className="drawer">
        <Dialog className="drawer__dialog">
          {({ close }) => (
            <>
              <div className="drawer__header">
                <Heading slot="title" className="drawer__title">
                  {title}
                </Heading>
                <AriaButton slot="close" aria-label={closeLabel} className="icon-button">
                  <CloseIcon />
                </AriaButton>
              </div>
              {children(close)}
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
