import type { Readable } from 'node:stream';
import { S3Store, type MetadataValue } from '@tus/s3-store';

/** Object metadata naming the part number an incomplete tail will become once a later PATCH completes it. */
const TAIL_PART = 'tus-tail-part';

/**
 * @tus/s3-store keeps the tail of a PATCH shorter than a part as an `.part` object, and the next PATCH deletes it as
 * soon as it has read it, before the part that takes it in is in the bucket: an instance killed in between loses
 * bytes it had acknowledged (seen in tests/api/multiInstance.test.ts: 10 MiB acknowledged, 8 MiB left). Here the
 * tail is never deleted by a PATCH: it is overwritten by the next tail, or, once a part took it in, recognised as
 * stale by the part number it was written for (a part with that number exists) and ignored and removed. A crash at
 * any point leaves either the tail or the part that holds its bytes.
 */
export class DurableS3Store extends S3Store {
  /** While a PATCH writes: the part number its tail would take, after the parts it has started so far. */
  private readonly nextPart = new Map<string, number>();

  override async write(src: Readable, id: string, offset: number): Promise<number> {
    const parts = await this.retrieveParts(id);
    this.nextPart.set(id, (parts.at(-1)?.PartNumber ?? 0) + 1);
    try {
      return await super.write(src, id, offset);
    } finally {
      this.nextPart.delete(id);
    }
  }

  protected override uploadPart(
    metadata: MetadataValue,
    readStream: Parameters<S3Store['uploadPart']>[1],
    partNumber: number,
  ): Promise<string> {
    this.nextPart.set(metadata.file.id, partNumber + 1);
    return super.uploadPart(metadata, readStream, partNumber);
  }

  protected override async uploadIncompletePart(id: string, readStream: Readable): Promise<string> {
    const data = await this.client.putObject({
      Bucket: this.bucket,
      Key: this.partKey(id, true),
      Body: readStream,
      Metadata: { [TAIL_PART]: String(this.nextPart.get(id) ?? 1) },
    });
    return data.ETag ?? '';
  }

  /** A PATCH leaves the tail it read in place (see above). */
  protected override deleteIncompletePart(): Promise<void> {
    return Promise.resolve();
  }

  /** Whether there is a tail that no part has taken in yet. */
  private async liveTail(id: string): Promise<boolean> {
    const head = await this.client
      .headObject({ Bucket: this.bucket, Key: this.partKey(id, true) })
      .catch(() => undefined);
    if (head === undefined) return false;
    const parts = await this.retrieveParts(id).catch(() => []);
    const lastPart = parts.at(-1)?.PartNumber ?? 0;
    if (Number(head.Metadata?.[TAIL_PART] ?? 0) > lastPart) return true;
    await this.client.deleteObject({ Bucket: this.bucket, Key: this.partKey(id, true) });
    return false;
  }

  protected override async getIncompletePart(id: string): Promise<Readable | undefined> {
    return (await this.liveTail(id)) ? super.getIncompletePart(id) : undefined;
  }

  protected override async getIncompletePartSize(id: string): Promise<number | undefined> {
    return (await this.liveTail(id)) ? super.getIncompletePartSize(id) : undefined;
  }
}
