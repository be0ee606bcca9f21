import { Outlet, useRouter } from '@tanstack/react-router';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { ToastArea } from '#app/components/ui/Toast';
import { UpdatePrompt } from '#app/features/offline/UpdatePrompt';
import { TopBar } from './TopBar.tsx';

/** The layout of every page; React Aria links navigate through the TanStack router. */
export function AppShell() {
  const router = useRouter();
  return (
    <AriaRouterProvider navigate={(href) => void router.navigate({ href })}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <TopBar />
      <main id="main" tabIndex={-1} className="page">
        <Outlet />
      </main>
      <ToastArea />
      <UpdatePrompt />
    </AriaRouterProvider>
  );
}
