/** A joint's trajectory and, per frame, 1 if the sensor tracked it or 0 if it was filled in. */
export type JointTrack = { position: Float64Array; measured: Uint8Array };
/** `heelMarker`: the source's heel marker (JointBout.heels), unfilled, where it has one; step width reads it. */
export type FootSignals = { heel: JointTrack; toe: JointTrack; heelMarker?: JointTrack };
