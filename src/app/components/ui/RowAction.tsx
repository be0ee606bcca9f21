import { useRouter } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import { notify } from './Toast.tsx';
import './rowAction.css';

type RowActionBase = {
  /** The visible word ('Report', 'Edit'). */
  label: string;
  /** The accessible name; it starts with the visible word ('Report of session 3.1 of …'), WCAG 2.5.3. */
  name: string;
  icon: ReactNode;
  /**
   * A 44px square with the icon alone (dense tables): the word stays for screen readers and shows as a tooltip.
   * Without it, a tile of icon over word.
   */
  isIconOnly?: boolean;
};

const actionClass = (isIconOnly: boolean | undefined) => (isIconOnly ? 'row-action row-action--icon' : 'row-action');

export type RowActionButtonProps = RowActionBase & {
  onPress: () => void;
  isDisabled?: boolean;
  /**
   * Why the action is not available to this user: the button stays focusable, looks disabled, names the reason to
   * screen readers and shows it when pressed, instead of failing after the press.
   */
  unavailableReason?: string;
};

/**
 * A row's labelled action (icon and word). Plain elements: a list page holds 25 rows of up to six actions, and
 * virtualised rows are created and dropped while scrolling, so no per-button hooks.
 */
export function RowActionButton({
  label,
  name,
  icon,
  onPress,
  isDisabled,
  unavailableReason,
  isIconOnly,
}: RowActionButtonProps) {
  const unavailable = unavailableReason !== undefined;
  return (
    <button
      type="button"
      className={actionClass(isIconOnly)}
      aria-label={unavailable ? `${name} (${unavailableReason})` : name}
      aria-disabled={unavailable || undefined}
      disabled={isDisabled}
      title={unavailableReason ?? (isIconOnly ? label : undefined)}
      onClick={() => (unavailable ? notify(unavailableReason, 'info') : onPress())}
    >
      {icon}
      <span className="row-action__label">{label}</span>
    </button>
  );
}

export type RowActionLinkProps = RowActionBase & {
  href: string;
  isDisabled?: boolean;
  /** A file to save (a plain link the browser downloads) rather than a page of the app. */
  download?: boolean;
};

/** A plain click opens the page in the app; a modified or middle click is left to the browser (new tab). */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * A row's labelled link to another page of the app (the skeleton viewer) or a file; a disabled one is a link without
 * a target that says so (not focusable, announced as a disabled link). It is the same `<a>` element either way, so a
 * page of rows whose links turn on or off after a filter change is patched in place rather than rebuilt.
 *
 * A page of 25 rows holds 25 of these: a router Link builds and matches its location on every render, which a filter
 * change over 100,000 sessions cannot afford; the router is asked only when an app link is clicked.
 */
export function RowActionLink({ label, name, icon, href, isDisabled, download, isIconOnly }: RowActionLinkProps) {
  const router = useRouter();
  const opensInApp = !isDisabled && !download;
  return (
    <a
      href={isDisabled ? undefined : href}
      download={!isDisabled && download ? '' : undefined}
      role={isDisabled ? 'link' : undefined}
      aria-disabled={isDisabled || undefined}
      className={actionClass(isIconOnly)}
      aria-label={name}
      title={isIconOnly ? label : undefined}
      onClick={
        opensInApp
          ? (event) => {
              if (!isPlainClick(event)) return;
              event.preventDefault();
              void router.navigate({ href });
            }
          : undefined
      }
    >
      {icon}
      <span className="row-action__label">{label}</span>
    </a>
  );
}
