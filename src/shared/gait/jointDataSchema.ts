import { z } from 'zod';
import { MAX_COORDINATE_M, MAX_TIMESTAMP_MS } from './jointDataFile.ts';
import { COORDINATES_PER_FRAME } from './joints.ts';

/**
 * The joint data file's shape, for API contracts and documentation; parseJointData checks the same rules with plain
 * loops. In a module of its own, so that a reader of joint data (the skeleton viewer's worker) does not load zod.
 */
export const jointDataFileSchema = z.object({
  Steps: z
    .array(
      z.object({
        Frames: z
          .array(
            z.object({
              Timestamp: z
                .number()
                .min(0)
                .max(MAX_TIMESTAMP_MS)
                .describe('milliseconds since the start of the recording'),
              Joint_Positions: z
                .array(z.number().min(-MAX_COORDINATE_M).max(MAX_COORDINATE_M))
                .length(COORDINATES_PER_FRAME)
                .describe('x, y, z in metres for the 20 Kinect v1 joints in SDK order'),
              Heel_Positions: z
                .array(z.number().min(-MAX_COORDINATE_M).max(MAX_COORDINATE_M))
                .length(6)
                .optional()
                .describe("a lab trial's heel markers: x, y, z in metres of the left, then the right heel"),
            }),
          )
          .min(1),
      }),
    )
    .min(1),
  View: z
    .literal('Side')
    .optional()
    .describe('one camera saw the walk from the side (a video): step width and frontal measures are left out'),
});
