import { randomInt } from 'node:crypto';
import { ZMA_PROBABILITY_SCALE } from '@zc/shared/api/zma';

/** What the picker needs of a slice: its probability in parts per million. */
export interface Weighted {
  probability: number;
}

/** A uniformly random integer in [0, 1,000,000) from the operating system's CSPRNG (ADR 0022). */
export function cryptoTicket(): number {
  return randomInt(0, ZMA_PROBABILITY_SCALE);
}

/**
 * The slice a ticket in [0, 1,000,000) falls on: slices cover consecutive ranges of their
 * probability, in the given (wheel) order; a slice of probability 0 is never chosen. The spin and
 * the statistical test call exactly this function (ADR 0022).
 */
export function pickSlice<T extends Weighted>(slices: readonly T[], ticket: number = cryptoTicket()): number {
  let upper = 0;
  for (let i = 0; i < slices.length; i += 1) {
    upper += slices[i]!.probability;
    if (ticket < upper) return i;
  }
  // Only reachable if the probabilities sum below the scale (the server refuses such a draw): the last slice.
  return slices.length - 1;
}
