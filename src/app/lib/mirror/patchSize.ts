import { CHUNK_BYTES } from '#shared/vault/sealedChunks';

/**
 * How many bytes the next tus PATCH of a queued file carries (outboxUpload.ts). Each PATCH is a request the server
 * answers only once its bytes are on disk (fsync), so a small PATCH costs a round trip and a disk flush for little:
 * on a fast link 1 MiB PATCHes took several times as long as PATCHes sized as here (docs/performance.md, "What the
 * app sends"; tests/bench/largeUpload.ts prints both). One long PATCH instead would leave a ward's slow Wi-Fi without
 * progress for minutes, past the request's timeout. So the size follows the link: the first PATCH is one chunk,
 * each that comes back quickly is followed by one twice its size, and each slow one by one half its size. A cut
 * PATCH loses nothing the server stored (HEAD says where to go on from), whatever its size.
 */

/** The first PATCH of a file, and the least any PATCH carries: one sealed chunk. */
export const FIRST_PATCH_BYTES = CHUNK_BYTES;
/**
 * The most one PATCH carries: its bytes are opened from the device's sealed chunks into memory before it is sent, so
 * this bounds the memory a send takes on a phone (32 MiB, and as much again while the chunks are opened).
 */
export const MAX_PATCH_BYTES = 32 * CHUNK_BYTES;
/** A PATCH answered faster than this is followed by one twice its size. */
const GROW_BELOW_MS = 1_000;
/**
 * A PATCH slower than this is followed by one half its size. At this pace even a link that turned ten times slower
 * answers the next PATCH within the send's 60 s lease (outboxState.ts SENDING_LEASE_MS).
 */
const SHRINK_ABOVE_MS = 4_000;

/**
 * The size of the next PATCH after one of `bytes` that took `tookMs` from its start to its answer, never over
 * `ceiling` (refusedPatchCeiling's, once a PATCH was refused as too large).
 */
export function nextPatchBytes(bytes: number, tookMs: number, ceiling = MAX_PATCH_BYTES): number {
  if (tookMs < GROW_BELOW_MS) return Math.min(ceiling, bytes * 2);
  if (tookMs > SHRINK_ABOVE_MS) return Math.max(FIRST_PATCH_BYTES, Math.floor(bytes / 2));
  return Math.min(ceiling, bytes);
}

/**
 * After a PATCH of `bytes` answered 413, the most any later PATCH of the file may carry, or undefined when even one
 * chunk was refused (then the refusal stands). The server takes a PATCH of any size up to the file's length, but a
 * proxy in front of it may take less in one request (nginx's client_max_body_size is 1 MiB unless set), and the app
 * sent 1 MiB PATCHes until 0.19: the file goes on in PATCHes half as large.
 */
export function refusedPatchCeiling(bytes: number): number | undefined {
  if (bytes <= FIRST_PATCH_BYTES) return undefined;
  // Whole chunks (a file's last PATCH may end mid-chunk), so later PATCHes open whole chunks from the device.
  return Math.max(FIRST_PATCH_BYTES, Math.floor(bytes / 2 / CHUNK_BYTES) * CHUNK_BYTES);
}
