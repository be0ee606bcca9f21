import { Outlet, useRouter } from '@tanstack/react-router';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { ToastArea } from '#app/components/ui/Toast';
import type { ReactNode } from 'react';
import { TopBar, type OutboxStatusComponent } from './TopBar.tsx';

export type AppShellProps = {
  OutboxStatus: OutboxStatusComponent;
  updatePrompt: ReactNode;
  /** Work without a face of its own that runs while the app is open (e.g. keeping sessions asked for offline). */
  background?: ReactNode;
};

/**
 * The layout of every page; React Aria links navigate through the TanStack router. The outbox corner and the update
 * prompt belong to other features and are handed in by the root route.
 */
export function AppShell({ OutboxStatus, updatePrompt, background }: AppShellProps) {
  const router = useRouter();
  return (
    <AriaRouterProvider navigate={(href) => void router.navigate({ href })}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <TopBar OutboxStatus={OutboxStatus} />
      <main id="main" tabIndex={-1} className="page">
        <Outlet />
      </main>
      <ToastArea />
      {updatePrompt}
      {background}
    </AriaRouterProvider>
  );
}
