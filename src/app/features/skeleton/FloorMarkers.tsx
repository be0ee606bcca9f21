import { useFrame } from '@react-three/fiber';
import { useEffect, useMemo } from 'react';
import {
  CircleGeometry,
  Color,
  DynamicDrawUsage,
  InstancedMesh,
  MeshBasicMaterial,
  RingGeometry,
  type BufferGeometry,
} from 'three';
import { writeFootprintMatrix } from './footprints.ts';
import { frameAt } from './framePose.ts';
import type { GaitEventKind, GaitMarker } from './gaitMarkers.ts';
import type { PlaybackStore } from './playbackStore.ts';
import { SIDE_COLOURS } from './skeletonJoints.ts';

/** Just above the grid and the shadow, so the marks never flicker through them. */
const LIFT = 0.006;
/**
 * Seconds of footprints left behind the walker: the last few steps, as a clinician reads them. Showing every event
 * of a 10-minute walk piles thousands of marks onto the same floor, which says nothing and costs a software
 * renderer two frames in three (tests/bench/skeletonPlayback.ts).
 */
const TRAIL_S = 5;
const MAX_SHOWN = 64;

/** The names the trails carry in the scene (three.js Object3D.name). */
const TRAIL_NAMES: Record<GaitEventKind, string> = { heelStrike: 'Footprints', toeOff: 'Toe offs' };

type Trail = { mesh: InstancedMesh; times: Float64Array; markers: GaitMarker[]; shown: [number, number] };

function trail(markers: readonly GaitMarker[], kind: GaitEventKind, geometry: BufferGeometry): Trail {
  const own = markers.filter((m) => m.kind === kind);
  geometry.rotateX(-Math.PI / 2);
  // Unlit and not tone-mapped: the marks show the legend's very colours wherever they lie.
  const mesh = new InstancedMesh(geometry, new MeshBasicMaterial({ toneMapped: false }), MAX_SHOWN);
  mesh.name = TRAIL_NAMES[kind];
  mesh.instanceMatrix.setUsage(DynamicDrawUsage);
  mesh.setColorAt(0, new Color()); // creates the colour buffer
  mesh.count = 0;
  mesh.frustumCulled = false;
  return { mesh, times: Float64Array.from(own, (m) => m.time), markers: own, shown: [0, 0] };
}

/** Writes the marks between from and to into the first instances; only when that range changed. */
function show(t: Trail, from: number, to: number, colour: Color): void {
  if (t.shown[0] === from && t.shown[1] === to) return;
  t.shown[0] = from;
  t.shown[1] = to;
  const first = Math.max(from, to - MAX_SHOWN);
  const matrices = t.mesh.instanceMatrix.array;
  const colours = t.mesh.instanceColor?.array;
  for (let i = first; i < to; i++) {
    const marker = t.markers[i];
    if (!marker) continue;
    const slot = i - first;
    if (marker.kind === 'heelStrike') {
      writeFootprintMatrix(marker, LIFT, matrices, slot * 16);
    } else {
      matrices.set(IDENTITY, slot * 16);
      matrices[slot * 16 + 12] = marker.x;
      matrices[slot * 16 + 13] = LIFT;
      matrices[slot * 16 + 14] = marker.z;
    }
    if (colours) colour.set(SIDE_COLOURS[marker.side]).toArray(colours, slot * 3);
  }
  t.mesh.count = to - first;
  t.mesh.instanceMatrix.needsUpdate = true;
  if (t.mesh.instanceColor) t.mesh.instanceColor.needsUpdate = true;
}

const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

/** Index of the first event after time t. */
const after = (times: Float64Array, t: number) =>
  times.length === 0 || t < (times[0] ?? 0) ? 0 : frameAt(times, t) + 1;

/**
 * Heel strikes as footprints (a foot-sized oval turned the way the foot pointed) and toe offs as rings round the
 * toes, where each foot was at that moment, for the last TRAIL_S seconds. The foot stays put through stance, so a
 * ring usually sits on the front of its own footprint.
 */
export function FloorMarkers({ markers, store }: { markers: readonly GaitMarker[]; store: PlaybackStore }) {
  const trails = useMemo(
    () => [
      // A unit disc, stretched to a foot by each print's matrix.
      trail(markers, 'heelStrike', new CircleGeometry(0.5, 24)),
      trail(markers, 'toeOff', new RingGeometry(0.08, 0.11, 24)),
    ],
    [markers],
  );
  const colour = useMemo(() => new Color(), []);
  useEffect(
    () => () => {
      for (const { mesh } of trails) {
        mesh.geometry.dispose();
        if (!Array.isArray(mesh.material)) mesh.material.dispose();
        mesh.dispose();
      }
    },
    [trails],
  );
  useFrame(() => {
    const { time } = store.getState();
    for (const t of trails) show(t, after(t.times, time - TRAIL_S), after(t.times, time), colour);
  });
  return (
    <>
      {trails.map(({ mesh }) => (
        <primitive key={mesh.uuid} object={mesh} />
      ))}
    </>
  );
}
