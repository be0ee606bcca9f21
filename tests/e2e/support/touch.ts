import type { Page } from '@playwright/test';

/** A real one-finger horizontal swipe, sent through Chromium's input pipeline (CDP). */
export async function swipe(page: Page, from: { x: number; y: number }, toX: number, steps = 6): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let step = 1; step <= steps; step += 1) {
    const x = from.x + ((toX - from.x) * step) / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: from.y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}
