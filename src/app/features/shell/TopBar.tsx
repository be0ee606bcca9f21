import { lazy, Suspense, useCallback, useState, type ComponentType } from 'react';
import type { UserType } from '#shared/auth/userTypes';
import { ButtonLink } from '#app/components/ui/ButtonLink';
import { IconButton } from '#app/components/ui/IconButton';
import { MenuIcon } from '#app/components/ui/icons';
import { PRODUCT_NAME } from '#app/lib/product';
import { useStoredLogin } from '#app/lib/useStoredLogin';
import { useEdgeSwipe } from './useEdgeSwipe.ts';

// The drawer's modal machinery is only needed once logged in, so it stays out of the login bundle.
const NavigationDrawer = lazy(() => import('./NavigationDrawer.tsx').then((m) => ({ default: m.NavigationDrawer })));
/** The corner that shows the connection and the unsent changes; it also owns the Logout button. */
export type OutboxStatusComponent = ComponentType<{ type: UserType; userKey: string }>;

/**
 * The menu, the drawer and Logout exist only while logged in (docs/spec.md §2, Navigation); so do the Offline badge and the
 * unsent-changes count, whose component also asks before a logout that would delete unsent changes.
 */
export function TopBar({ OutboxStatus }: { OutboxStatus: OutboxStatusComponent }) {
  const login = useStoredLogin();
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const openDrawer = useCallback(() => setDrawerOpen(true), []);
  useEdgeSwipe(openDrawer, login !== null && !isDrawerOpen);

  return (
    <header className="top-bar">
      {login && (
        <IconButton aria-label="Open navigation" onPress={openDrawer}>
          <MenuIcon />
        </IconButton>
      )}
      <span className="top-bar__product">{PRODUCT_NAME}</span>
      {login && (
        <>
          <Suspense
            fallback={
              <ButtonLink href="/logout" variant="quiet">
                Logout
              </ButtonLink>
            }
          >
            <OutboxStatus type={login.loginType} userKey={`${login.loginType}-${login.id}`} />
          </Suspense>
          <Suspense>
            <NavigationDrawer type={login.loginType} isOpen={isDrawerOpen} onOpenChange={setDrawerOpen} />
          </Suspense>
        </>
      )}
    </header>
  );
}
