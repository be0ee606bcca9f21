import { lazy, Suspense, useCallback, useState } from 'react';
import { ButtonLink } from '#app/components/ui/ButtonLink';
import { IconButton } from '#app/components/ui/IconButton';
import { MenuIcon } from '#app/components/ui/icons';
import { PRODUCT_NAME } from '#app/lib/product';
import { useStoredLogin } from '#app/lib/useStoredLogin';
import { useEdgeSwipe } from './useEdgeSwipe.ts';

// The drawer's modal machinery is only needed once logged in, so it stays out of the login bundle.
const NavigationDrawer = lazy(() => import('./NavigationDrawer.tsx').then((m) => ({ default: m.NavigationDrawer })));

/** The menu, the drawer and Logout exist only while logged in (spec §2, Navigation). */
export function TopBar() {
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
          <ButtonLink href="/logout" variant="quiet">
            Logout
          </ButtonLink>
          <Suspense>
            <NavigationDrawer type={login.loginType} isOpen={isDrawerOpen} onOpenChange={setDrawerOpen} />
          </Suspense>
        </>
      )}
    </header>
  );
}
