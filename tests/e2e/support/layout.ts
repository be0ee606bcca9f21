import { expect, type Page } from '@playwright/test';
import type { UserType } from '#shared/auth/userTypes';
import type { Session, SessionsResponse } from '#shared/sessions/session';

/** Phones (320 small, 390 an iPhone), a tablet upright and sideways (768, 1024), a laptop. */
export const WIDTHS = [320, 390, 768, 1024, 1440] as const;

/** The height that goes with a width: a phone held upright, an iPad in landscape, a laptop. */
export function viewportFor(width: number): { width: number; height: number } {
  if (width < 600) return { width, height: 844 };
  if (width <= 1024) return { width, height: 768 };
  return { width, height: 900 };
}

/** The pages each role reaches from the drawer and the home page (the skeleton viewer is added per session). */
export const ROUTES: Record<UserType, readonly string[]> = {
  patient: ['home', 'sessions', 'offline', 'outbox'],
  clinician: ['home', 'sessions', 'patients', 'offline', 'outbox'],
  clinic: ['home', 'sessions', 'patients', 'clinicians', 'offline', 'outbox'],
  admin: ['home', 'sessions', 'patients', 'clinicians', 'clinics', 'changelog', 'audit-log', 'offline', 'outbox'],
};

/** The page has drawn what it will draw: its heading is up and no list or detail is still loading. */
export async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByText(/^Loading( Data)?\.\.\.$/)).toHaveCount(0, { timeout: 15_000 });
}

/** How far the page itself (not a scroll box inside it) reaches past the window's width. */
export async function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
}

/** A seeded session of the logged-in user with joint data, through the API the app itself uses. */
export async function sessionWithJointData(page: Page, type: UserType): Promise<Session> {
  const token = await page.evaluate(() => sessionStorage.getItem('access_token'));
  const response = await page.request.get(`/api/sessions?UserType=${type}`, {
    headers: { Authorization: `Bearer ${token ?? ''}` },
  });
  expect(response.ok()).toBe(true);
  const { sessions } = (await response.json()) as SessionsResponse;
  const session = seededWithJointData(sessions);
  if (!session) throw new Error(`the demo seed gives ${type} no session with a joint data file`);
  return session;
}

/**
 * The seeded session with a joint data file that comes first by session number. The list's own order is by internal
 * id, so 'the first one' would be any session another spec added; specs add theirs under high session numbers.
 */
export function seededWithJointData(sessions: readonly Session[]): Session | undefined {
  return sessions
    .filter((s) => s.Data)
    .sort(
      (a, b) =>
        a.SessionNumber - b.SessionNumber ||
        a.SubSessionNumber - b.SubSessionNumber ||
        a.GivenPatientID.localeCompare(b.GivenPatientID),
    )[0];
}

export const skeletonPath = (type: UserType, s: Session) =>
  `/${type}/sessions/viewskeleton/${encodeURIComponent(s.SessionID)}/${encodeURIComponent(s.SubSessionID)}`;

/**
 * Cumulative Layout Shift as the browser reports it ('layout-shift' entries without recent input, summed over the
 * whole load: never less than the windowed CLS of Core Web Vitals). Install before the page loads.
 */
export async function watchLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = { value: 0 };
    Object.defineProperty(window, '__layoutShift', { value: record });
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) if (!entry.hadRecentInput) record.value += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __layoutShift: { value: number } }).__layoutShift.value);
}
