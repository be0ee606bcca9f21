import { describe, expect, it } from 'vitest';
import { AZURE_KINECT_JOINTS } from './azureKinectSkeleton.ts';
import { sideOfBone, sideOfJoint } from './jointSide.ts';

describe('sideOfJoint', () => {
  it.each([
    ['ShoulderLeft', 'left'],
    ['HandTipRight', 'right'],
    ['SHOULDER_LEFT', 'left'],
    ['left_foot_index', 'left'],
    ['mouth_right', 'right'],
    ['r.ASIS_study', 'right'],
    ['L.PSIS_study', 'left'],
    ['L_knee_study', 'left'],
    ['r_mknee_study', 'right'],
    ['RHJC_study', 'right'],
    ['LBigToe', 'left'],
    ['RHip', 'right'],
    ['LASI', 'left'],
    ['flatFoot:RTOE', 'right'],
    ['SACR', 'centre'],
    ['C7', 'centre'],
    ['midHip', 'centre'],
    ['Neck', 'centre'],
    ['SpineBase', 'centre'],
    ['PELVIS', 'centre'],
    ['nose', 'centre'],
    ['CentreOfMass', 'centre'],
  ])('%s is %s', (name, side) => {
    expect(sideOfJoint(name)).toBe(side);
  });

  it('gives every Azure Kinect joint a side that matches its name', () => {
    for (const name of AZURE_KINECT_JOINTS) {
      expect(sideOfJoint(name)).toBe(name.endsWith('_LEFT') ? 'left' : name.endsWith('_RIGHT') ? 'right' : 'centre');
    }
  });

  it('puts a bone on its limb, and one joining the sides on the trunk', () => {
    expect(sideOfBone('centre', 'left')).toBe('left');
    expect(sideOfBone('right', 'centre')).toBe('right');
    expect(sideOfBone('left', 'right')).toBe('centre');
  });
});
