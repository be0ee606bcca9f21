import type { BonePairs, JointMapping } from './sourceFrames.ts';
import type { FileAxes } from './uprightRecording.ts';

/**
 * The 25 joints of Kinect for Windows v2 (Kinect for Windows SDK 2.0, JointType enumeration), in that order. Camera
 * space is Kinect v1's: metres, x towards the sensor's left, y up, z away from the sensor; left and right are the
 * person's own.
 */
export const KINECT_V2_JOINTS = [
  'SpineBase',
  'SpineMid',
  'Neck',
  'Head',
  'ShoulderLeft',
  'ElbowLeft',
  'WristLeft',
  'HandLeft',
  'ShoulderRight',
  'ElbowRight',
  'WristRight',
  'HandRight',
  'HipLeft',
  'KneeLeft',
  'AnkleLeft',
  'FootLeft',
  'HipRight',
  'KneeRight',
  'AnkleRight',
  'FootRight',
  'SpineShoulder',
  'HandTipLeft',
  'ThumbLeft',
  'HandTipRight',
  'ThumbRight',
] as const;

/** The bones the SDK's BodyBasics sample draws. */
export const KINECT_V2_BONES: BonePairs = [
  ['Head', 'Neck'],
  ['Neck', 'SpineShoulder'],
  ['SpineShoulder', 'SpineMid'],
  ['SpineMid', 'SpineBase'],
  ['SpineShoulder', 'ShoulderRight'],
  ['SpineShoulder', 'ShoulderLeft'],
  ['SpineBase', 'HipRight'],
  ['SpineBase', 'HipLeft'],
  ['ShoulderRight', 'ElbowRight'],
  ['ElbowRight', 'WristRight'],
  ['WristRight', 'HandRight'],
  ['HandRight', 'HandTipRight'],
  ['WristRight', 'ThumbRight'],
  ['ShoulderLeft', 'ElbowLeft'],
  ['ElbowLeft', 'WristLeft'],
  ['WristLeft', 'HandLeft'],
  ['HandLeft', 'HandTipLeft'],
  ['WristLeft', 'ThumbLeft'],
  ['HipRight', 'KneeRight'],
  ['KneeRight', 'AnkleRight'],
  ['AnkleRight', 'FootRight'],
  ['HipLeft', 'KneeLeft'],
  ['KneeLeft', 'AnkleLeft'],
  ['AnkleLeft', 'FootLeft'],
];

/**
 * Kinect v2 to Kinect v1: the v2 skeleton is v1's with five joints added (Neck, SpineShoulder, hand tips, thumbs) and
 * three renamed, so SpineBase is HipCenter, SpineMid is Spine and SpineShoulder is ShoulderCenter; the rest keep
 * their names.
 */
export const KINECT_V2_MAPPING: JointMapping = {
  HipCenter: [['SpineBase']],
  Spine: [['SpineMid']],
  ShoulderCenter: [['SpineShoulder']],
  Head: [['Head']],
  ShoulderLeft: [['ShoulderLeft']],
  ElbowLeft: [['ElbowLeft']],
  WristLeft: [['WristLeft']],
  HandLeft: [['HandLeft']],
  ShoulderRight: [['ShoulderRight']],
  ElbowRight: [['ElbowRight']],
  WristRight: [['WristRight']],
  HandRight: [['HandRight']],
  HipLeft: [['HipLeft']],
  KneeLeft: [['KneeLeft']],
  AnkleLeft: [['AnkleLeft']],
  FootLeft: [['FootLeft']],
  HipRight: [['HipRight']],
  KneeRight: [['KneeRight']],
  AnkleRight: [['AnkleRight']],
  FootRight: [['FootRight']],
};

/** Camera space is the joint data file's own; a body stream put into a world frame may stand on another axis. */
export const KINECT_V2_AXES: FileAxes = { axes: ['+X', '+Y', '+Z'], declared: "+Y (Kinect v2 camera space's up)" };

/**
 * TrackingState (Kinect SDK 2.0): NotTracked (0) is untracked; Inferred (1) is kept, as the SDK's own joint data
 * does, and counted; Tracked (2), or no state given, is tracked. Undefined for anything else.
 */
export function trackingState(value: unknown): 'tracked' | 'inferred' | 'notTracked' | undefined {
  if (value === undefined || value === null || value === '') return 'tracked';
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim().toLowerCase();
  if (text === 'tracked' || text === '2') return 'tracked';
  if (text === 'inferred' || text === '1') return 'inferred';
  if (text === 'nottracked' || text === '0') return 'notTracked';
  return undefined;
}
