import type { ReactNode } from 'react';
import { Button, Tooltip, TooltipTrigger } from 'react-aria-components';

export type ControlButtonProps = {
  /** The accessible name, e.g. 'Play'; shown as text unless the button is icon only. */
  label: string;
  icon: ReactNode;
  /** What the control does, with its keyboard shortcut: shown on hover and focus. */
  tip: string;
  onPress: () => void;
  isDisabled?: boolean;
  iconOnly?: boolean;
};

/** A player button with a tooltip explaining it (react-aria: the tip also shows on keyboard focus). */
export function ControlButton({ label, icon, tip, onPress, isDisabled, iconOnly }: ControlButtonProps) {
  return (
    <TooltipTrigger delay={600}>
      <Button
        className={iconOnly ? 'icon-button player__button' : 'button button--secondary player__button'}
        aria-label={iconOnly ? label : undefined}
        onPress={onPress}
        isDisabled={isDisabled}
      >
        {icon}
        {!iconOnly && <span>{label}</span>}
      </Button>
      <Tooltip className="player__tooltip" offset={6}>
        {tip}
      </Tooltip>
    </TooltipTrigger>
  );
}
