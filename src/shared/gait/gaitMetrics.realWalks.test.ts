import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { computeGaitMetrics } from './gaitMetrics.ts';
import { kinectGaitTextToJointData } from './kinectGaitText.ts';

/**
 * Two real Kinect v1 walks (KinectGait data set; /work/shared/data/kinect-v1-walks). The sensor sat on a turntable
 * that followed the walker round a semicircle, so in camera space the pelvis stays near the middle while each foot
 * on the floor slides backward, as on a treadmill; one walker also turns back halfway, and Kinect loses the feet
 * for a couple of seconds. The engine must notice the moving floor and still give adult-like values.
 */
const walk = (name: string) => {
  const converted = kinectGaitTextToJointData(
    readFileSync(new URL(`../../../../shared/data/kinect-v1-walks/${name}`, import.meta.url), 'utf8'),
  );
  if (!converted.ok) throw new Error(converted.error);
  return computeGaitMetrics(converted.recording);
};

describe.each(['Person001_1.txt', 'Person004_1.txt'])('the real Kinect walk %s', (name) => {
  const result = walk(name);

  it('gives physiologically plausible adult values', () => {
    if (result.status !== 'ok') throw new Error(result.reason);
    const m = result.session;
    expect(m.speed).toBeGreaterThan(0.6);
    expect(m.speed).toBeLessThan(1.6);
    expect(m.cadence).toBeGreaterThan(80);
    expect(m.cadence).toBeLessThan(140);
    expect(m.stancePercent).toBeGreaterThan(50);
    expect(m.stancePercent).toBeLessThan(70);
    expect(m.doubleSupportPercent).toBeGreaterThan(5);
    expect(m.doubleSupportPercent).toBeLessThan(35);
    for (const side of [m, m.left, m.right]) {
      expect(side.stepLength).toBeGreaterThan(0.3);
      expect(side.stepLength).toBeLessThan(1);
    }
    expect(m.stepCount).toBeGreaterThan(25);
    expect(m.cycleCount).toBeGreaterThan(4);
  });

  it('agrees with itself: speed matches step length times cadence within a fifth', () => {
    if (result.status !== 'ok') throw new Error(result.reason);
    const { speed, stepLength, cadence } = result.session;
    expect(Math.abs((stepLength * cadence) / 60 - speed) / speed).toBeLessThan(0.2);
  });

  it('says that the floor moved under the walker', () => {
    const bout = result.bouts[0];
    expect(bout?.status === 'ok' && bout.warnings.some((w) => w.includes('treadmill'))).toBe(true);
  });
});
