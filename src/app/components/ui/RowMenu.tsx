import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Menu, MenuItem, Popover } from 'react-aria-components';
import { MoreIcon } from './icons.tsx';
import { notify } from './Toast.tsx';
import './rowAction.css';

export type RowMenuItem = {
  id: string;
  /** The visible word ('Report', 'Skeleton'); the menu's own name says which row it is for. */
  label: string;
  icon: ReactNode;
  isDisabled?: boolean;
  /** A page of the app (the skeleton viewer) instead of an action. */
  href?: string;
  onAction?: () => void;
  /** Why this user may not do it: the item stays usable and says so when chosen (as RowActionButton does). */
  unavailableReason?: string;
};

export type RowMenuRequest = {
  trigger: HTMLElement;
  /** The menu's name, the same as its button's ('Actions for …'). */
  label: string;
  items: readonly RowMenuItem[];
};

const MORE = <MoreIcon size={22} />;

/**
 * A row's menu button. A plain element with no hooks: a page holds 25 of them and a filter change over 100,000
 * sessions patches them in place; the one menu of the table is built only when a button is pressed (useRowMenu).
 */
export function RowMenuButton({ name, onOpen }: { name: string; onOpen: (trigger: HTMLElement) => void }) {
  return (
    <button
      type="button"
      className="icon-button row-menu-button"
      aria-label={name}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={(event) => onOpen(event.currentTarget)}
    >
      {MORE}
    </button>
  );
}

/** The table's one row menu: `open` shows it under the pressed button, `menu` is the element to render. */
export function useRowMenu() {
  const [request, setRequest] = useState<RowMenuRequest | null>(null);
  const open = useCallback((next: RowMenuRequest) => {
    next.trigger.setAttribute('aria-expanded', 'true');
    setRequest(next);
  }, []);
  const close = useCallback(() => {
    setRequest((current) => {
      current?.trigger.setAttribute('aria-expanded', 'false');
      return null;
    });
  }, []);
  const menu = request && <RowActionsMenu request={request} onClose={close} />;
  return { open, menu };
}

function RowActionsMenu({ request, onClose }: { request: RowMenuRequest; onClose: () => void }) {
  const triggerRef = useRef<HTMLElement>(request.trigger);
  const listRef = useRef<HTMLDivElement>(null);
  const { items } = request;
  // Without a MenuTrigger the popover's focus scope focuses the list, not its first item: move focus onto the item
  // the menu already marks as focused, so that a screen reader reads it and Enter chooses it.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const list = listRef.current;
      const item = list?.querySelector<HTMLElement>('[role="menuitem"][data-focused], [role="menuitem"]');
      if (item && document.activeElement === list) item.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [request]);
  const choose = (id: string) => {
    const item = items.find((candidate) => candidate.id === id);
    onClose();
    // Focus back on the row's button, where the user was; a dialog the action opens takes it from there.
    request.trigger.focus();
    if (!item) return;
    if (item.unavailableReason !== undefined) notify(item.unavailableReason, 'info');
    else item.onAction?.();
  };
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen
      onOpenChange={(isOpen) => {
        if (isOpen) return;
        onClose();
        request.trigger.focus();
      }}
      // Outside a MenuTrigger the popover is a dialog of its own, named like its menu.
      aria-label={request.label}
      placement="bottom end"
      offset={4}
      className="popover row-menu"
    >
      <Menu
        ref={listRef}
        aria-label={request.label}
        autoFocus="first"
        className="row-menu__list"
        disabledKeys={items.filter((item) => item.isDisabled).map((item) => item.id)}
        onAction={(key) => choose(String(key))}
      >
        {items.map((item) => (
          <MenuItem
            key={item.id}
            id={item.id}
            href={item.isDisabled ? undefined : item.href}
            textValue={item.label}
            aria-label={item.unavailableReason ? `${item.label} (${item.unavailableReason})` : undefined}
            className="row-menu__item"
            data-unavailable={item.unavailableReason !== undefined || undefined}
          >
            {item.icon}
            {item.label}
          </MenuItem>
        ))}
      </Menu>
    </Popover>
  );
}
