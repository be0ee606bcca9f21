import { useRouterState } from '@tanstack/react-router';
import { Link } from 'react-aria-components';
import type { UserType } from '#shared/auth/userTypes';
import { Drawer } from '#app/components/ui/Drawer';
import { PRODUCT_NAME } from '#app/lib/product';
import { navigationEntries } from './navigationEntries.ts';

export type NavigationDrawerProps = {
  type: UserType;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
};

export function NavigationDrawer({ type, isOpen, onOpenChange }: NavigationDrawerProps) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <Drawer title={PRODUCT_NAME} closeLabel="Close navigation" isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => (
        <nav aria-label="Main">
          <ul className="drawer__list">
            {navigationEntries(type).map((entry) => (
              <li key={entry.href}>
                <Link
                  href={entry.href}
                  onPress={close}
                  className="drawer__link"
                  aria-current={pathname === entry.href ? 'page' : undefined}
                >
                  {entry.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </Drawer>
  );
}
