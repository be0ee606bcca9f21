import { expect, test, type Page } from '@playwright/test';
import { SkeletonViewerPage } from './pages/SkeletonViewerPage.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { DEMO_ACCOUNTS } from './support/demoAccounts.ts';
import { sessionWithJointData, skeletonPath } from './support/layout.ts';
import { logInAs } from './support/logIn.ts';

/**
 * The skeleton as a clinician reads it, at the tablet's two orientations and a phone. The floor is measured from the
 * scene three.js draws (its own objects, handed to the page's three.js developer-tools hook: nothing the product
 * shows or builds for tests) and from the drawn pixels; the views and the legend from the screen.
 */
const VIEWPORTS = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
];

/** Every status text the viewer shows, in order, and whether its stage held a canvas when it said 'Ready'. */
async function recordStatuses(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: { text: string; canvas: boolean }[] = [];
    Object.defineProperty(window, '__statuses', { value: seen });
    new MutationObserver(() => {
      const status = document.querySelector('[role="status"][aria-label="Playback status"]');
      const text = status?.textContent ?? null;
      if (text === null || seen.at(-1)?.text === text) return;
      seen.push({ text, canvas: document.querySelector('.skeleton-viewer__canvas canvas') !== null });
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

async function openViewer(page: Page): Promise<SkeletonViewerPage> {
  await SkeletonViewerPage.watchScenes(page.context());
  await recordStatuses(page);
  await logInAs(page, DEMO_ACCOUNTS.clinician);
  await page.goto(skeletonPath('clinician', await sessionWithJointData(page, 'clinician')));
  const viewer = new SkeletonViewerPage(page);
  await expect(viewer.status).toHaveText('Ready', { timeout: 30_000 });
  await expect.poll(() => viewer.sceneState(), { timeout: 10_000 }).not.toBeNull();
  return viewer;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const size of VIEWPORTS) {
  test.describe(`at ${String(size.width)}×${String(size.height)}`, () => {
    test.use({ viewport: size });

    test('one status: it says the 3D view is starting until the scene is drawn, then Ready', async ({ page }) => {
      const viewer = await openViewer(page);
      // The one status of the viewer's state (the speed slider's own output is the other status in the region).
      await expect(viewer.viewer.getByRole('status').filter({ hasText: /Ready|Starting/ })).toHaveCount(1);
      const statuses = await page.evaluate(
        () => (window as unknown as { __statuses: { text: string; canvas: boolean }[] }).__statuses,
      );
      const texts = statuses.map((s) => s.text);
      expect(texts).toContain('Starting the 3D view…');
      expect(texts.indexOf('Starting the 3D view…')).toBeLessThan(texts.indexOf('Ready'));
      expect(statuses.filter((s) => s.text === 'Ready').every((s) => s.canvas)).toBe(true);
      await expect(viewer.viewer.getByText('Starting the 3D view…')).toHaveCount(0);
    });

    test('the figure stands on the floor, which lies under its feet through the walk', async ({ page }) => {
      // Four scrubs, each read from the scene and from a screenshot: seconds apiece on a busy machine.
      test.setTimeout(120_000);
      const viewer = await openViewer(page);
      for (const at of [0, 0.3, 0.6, 0.9]) {
        if (at > 0) await viewer.scrubTo(at);
        await viewer.animationFrames(3);
        const state = await viewer.sceneState();
        if (!state) throw new Error('no scene');
        // A planted foot's sphere touches the floor; nothing of the figure sinks through it; the head is far above.
        expect(state.lowestBottom - state.floor, `at ${String(at)}`).toBeGreaterThan(-0.08);
        expect(state.lowest - state.floor, `at ${String(at)}`).toBeLessThan(0.15);
        expect(state.highest - state.floor, `at ${String(at)}`).toBeGreaterThan(1.5);
        // As drawn: the rows just under the feet are floor, not the empty background.
        const under = await viewer.backgroundUnderFeet();
        expect(under.sampled, `figure drawn at ${String(at)}`).toBeGreaterThan(0);
        expect(under.background, `at ${String(at)}`).toBe(0);
      }
      // The walk has gone on: its heel strikes lie as footprints on the floor.
      const { footprints, floor } = (await viewer.sceneState()) ?? { footprints: [], floor: Number.NaN };
      expect(footprints.length).toBeGreaterThan(0);
      for (const y of footprints) expect(Math.abs(y - floor)).toBeLessThan(0.01);
    });

    test('each camera preset frames the whole figure, and the legend never covers it', async ({ page }) => {
      test.setTimeout(120_000);
      const viewer = await openViewer(page);
      await expect(viewer.cameraView('Follow')).toBeChecked();
      const canvas = await viewer.canvas.boundingBox();
      const legend = await viewer.legend.boundingBox();
      if (!canvas || !legend) throw new Error('canvas or legend not drawn');
      expect(overlaps(canvas, legend)).toBe(false);
      await expect(viewer.legend).toBeInViewport();

      for (const name of ['Side', 'Front', 'Top', 'Follow'] as const) {
        await viewer.chooseView(name);
        await expect(viewer.cameraView(name)).toBeChecked();
        for (const at of [0.1, 0.7]) {
          await viewer.scrubTo(at);
          // Front and Follow catch up with the walker over a second or so; Side and Top frame the whole walk at once.
          const tracking = name === 'Front' || name === 'Follow';
          await viewer.animationFrames(tracking ? 90 : 3);
          const figure = await viewer.figureBounds();
          const where = `${name} at ${String(at)}`;
          expect(figure.bottom, where).toBeGreaterThan(figure.top);
          expect(figure.top, where).toBeGreaterThan(0);
          expect(figure.left, where).toBeGreaterThan(0);
          expect(figure.bottom, where).toBeLessThan(1);
          expect(figure.right, where).toBeLessThan(1);
          // Large enough to read: Front and Follow fill the stage; Side and Top show the walker in the whole walk,
          // where from above a body is a shoulder-wide spot on a walk many times as long.
          const least = tracking ? 0.4 : name === 'Side' ? 0.05 : 0.02;
          expect(Math.max(figure.height, figure.right - figure.left), where).toBeGreaterThan(least);
        }
      }
      // The keyboard moves between the presets, as in any radio group.
      await viewer.cameraView('Follow').focus();
      await page.keyboard.press('ArrowLeft');
      await expect(viewer.cameraView('Top')).toBeChecked();
      await viewer.reset.click();
      await expect(viewer.cameraView('Follow')).toBeChecked();
    });

    test('the viewer has no accessibility violations', async ({ page }) => {
      await openViewer(page);
      await expectNoAxeViolations(page);
    });
  });
}
