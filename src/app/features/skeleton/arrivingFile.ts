import { JointDataScan } from '#shared/gait/jointDataBytes';

/** Room for a file whose length the server did not say, at first; it doubles as the file comes. */
const UNKNOWN_LENGTH_START = 1 << 20;

/**
 * The most room made up front from a Content-Length (a larger file grows as it comes). A header that says more than
 * any joint data file holds (a proxy's or a broken server's) would otherwise be allocated at once and fail the
 * reader before a byte is read.
 */
const LENGTH_TRUSTED_UP_TO = 64 << 20;

/**
 * A recording's bytes as they download, kept whole (any format is read from them at the end), with the joint data
 * scanner run over them as they come: by the last piece, all but the last few frames of a joint data file are read.
 */
export class ArrivingFile {
  #bytes: Uint8Array;
  #length = 0;
  /** The scan of the pieces so far; undefined once the file is not the usual joint data layout (or not joint data). */
  #scan: JointDataScan | undefined;
  /** Milliseconds spent scanning pieces as they came. */
  scanMs = 0;

  /** `expectedLength`: the Content-Length if the server sent one, else 0. */
  constructor(expectedLength: number) {
    const trusted = Math.min(expectedLength, LENGTH_TRUSTED_UP_TO);
    this.#bytes = new Uint8Array(trusted > 0 ? trusted : UNKNOWN_LENGTH_START);
    this.#scan = new JointDataScan(trusted);
  }

  /** The next pieces of the file, in order; the scan goes on over them. */
  add(pieces: readonly Uint8Array[]): void {
    for (const piece of pieces) this.#append(piece);
    if (this.#scan === undefined) return;
    const started = performance.now();
    if (this.#scan.feed(this.bytes(), false) === undefined) this.#scan = undefined;
    this.scanMs += performance.now() - started;
  }

  #append(piece: Uint8Array): void {
    const length = this.#length + piece.length;
    if (length > this.#bytes.length) {
      // More than the Content-Length said (a compressed answer counts its compressed bytes), or no length at all.
      const grown = new Uint8Array(Math.max(length, 2 * this.#bytes.length));
      grown.set(this.#bytes.subarray(0, this.#length));
      this.#bytes = grown;
    }
    this.#bytes.set(piece, this.#length);
    this.#length = length;
  }

  /** The bytes so far: the whole file once the last piece has come. */
  bytes(): Uint8Array {
    return this.#bytes.subarray(0, this.#length);
  }

  /**
   * The bouts of the whole file if it is the usual joint data layout (the scan's last frames read now), else
   * undefined: the file is then read from bytes() as any other.
   */
  scannedBouts() {
    const outcome = this.#scan?.feed(this.bytes(), true);
    return outcome === 'more' ? undefined : outcome;
  }
}
