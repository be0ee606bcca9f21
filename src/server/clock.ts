/** The server's notion of now, injectable so that expiry rules can be tested without waiting. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export function isoAfter(clock: Clock, seconds: number): string {
  return new Date(clock().getTime() + seconds * 1000).toISOString();
}
