import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { computeGaitMetrics } from './gaitMetrics.ts';
import { kinectGaitTextToJointData } from './kinectGaitText.ts';

/**
 * Two real Kinect v1 walks (KinectGait data set; src/server/seed/fixtures, also the demo data). The sensor sat on a
 * turntable that followed the walker round a semicircle, so in camera space the pelvis stays near the middle while
 * each foot on the floor slides backward, as on a treadmill. Both walkers stand still for a second or two first,
 * turn back halfway (Kinect, seeing them from the side, swaps and loses their feet for two to four seconds there)
 * and stop at the end. Their true values are unknown: the engine must notice the moving floor, keep the standing
 * and the turn out of the steps, and give plausible values that agree with each other.
 */
const walk = (name: string) => {
  const converted = kinectGaitTextToJointData(
    readFileSync(new URL(`../../server/seed/fixtures/${name}`, import.meta.url), 'utf8'),
  );
  if (!converted.ok) throw new Error(converted.error);
  return computeGaitMetrics(converted.recording, { heightM: name.startsWith('Person001') ? 1.63 : 1.72 });
};

describe.each(['Person001_1.txt', 'Person004_1.txt'])('the real Kinect walk %s', (name) => {
  const result = walk(name);
  const bout = result.bouts[0];

  it('gives physiologically plausible adult values', () => {
    if (result.status !== 'ok') throw new Error(result.reason);
    const m = result.session;
    expect(m.speed).toBeGreaterThan(0.6);
    expect(m.speed).toBeLessThan(1.6);
    // Steps counted twice would double the cadence: a comfortable walk is 60–150 steps/min.
    expect(m.cadence).toBeGreaterThan(60);
    expect(m.cadence).toBeLessThan(150);
    expect(m.stancePercent).toBeGreaterThan(50);
    expect(m.stancePercent).toBeLessThan(70);
    expect(m.doubleSupportPercent).toBeGreaterThan(5);
    expect(m.doubleSupportPercent).toBeLessThan(35);
    // About 15 s of regular walking in two passes: eight or more strides of each foot.
    expect(m.stepCount).toBeGreaterThanOrEqual(18);
    expect(m.left.cycleCount).toBeGreaterThanOrEqual(8);
    expect(m.right.cycleCount).toBeGreaterThanOrEqual(8);
    expect(m.speedPerHeight).toBeCloseTo(m.speed / (name.startsWith('Person001') ? 1.63 : 1.72), 6);
  });

  it('reports no negative or vanishing step', () => {
    if (result.status !== 'ok') throw new Error(result.reason);
    const m = result.session;
    for (const side of [m, m.left, m.right]) {
      expect(side.stepLength).toBeGreaterThan(0.3);
      expect(side.stepLength).toBeLessThan(1);
      expect(side.strideLength ?? 1).toBeGreaterThan(0.6);
    }
  });

  it('agrees with itself: speed matches step length × cadence within 5%', () => {
    if (result.status !== 'ok' || bout?.status !== 'ok') throw new Error('not analysed');
    const { speed, stepLength, cadence } = result.session;
    expect(Math.abs((stepLength * cadence) / 60 - speed) / speed).toBeLessThan(0.05);
    expect(bout.warnings.join(' ')).not.toMatch(/differ by more than 5%/);
  });

  it('gives one cadence: from stride time, step time and steps over time alike, within 2%', () => {
    if (result.status !== 'ok') throw new Error('not analysed');
    const m = result.session;
    for (const other of [120 / m.strideTime, 60 / (m.stepTime ?? 0), (60 * m.stepCount) / m.duration])
      expect(Math.abs(other - m.cadence) / m.cadence).toBeLessThan(0.02);
  });

  it('finds no step while the walker stands still before setting off', () => {
    if (bout?.status !== 'ok') throw new Error('not analysed');
    const first = Math.min(...bout.events.left.heelStrikes, ...bout.events.right.heelStrikes);
    // Both stand until about 1.4 s (Person001) and 1.6 s (Person004): the feet barely move relative to the pelvis.
    expect(first).toBeGreaterThan(1.5);
  });

  it('says that the floor moved under the walker', () => {
    expect(bout?.status === 'ok' && bout.warnings.some((w) => w.includes('treadmill'))).toBe(true);
  });
});
