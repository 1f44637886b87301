import { UsageError } from './cli-errors';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createFaceEngine } from '../face/face-engine';
import { LIVENESS_CHALLENGES, isLivenessChallenge } from '../liveness/liveness-challenge';
import type { LivenessVerdict } from '../liveness/liveness-verdict';
import { parseThreshold } from './face-command';

export const LIVENESS_USAGE = `usage: sanad-idv liveness <video> [--challenge ${LIVENESS_CHALLENGES.join('|')}] [--reference <image>] [--mirrored] [--threshold <0-100>]`;

/**
 * `sanad-idv liveness <video>`: the verdict with its reasons. The challenge defaults to
 * turn-left-right; an operator re-checking a recorded session passes the one the session asked for.
 */
export async function run(args: string[]): Promise<LivenessVerdict> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      challenge: { type: 'string', default: 'turn-left-right' },
      reference: { type: 'string' },
      mirrored: { type: 'boolean', default: false },
      threshold: { type: 'string' },
    },
  });
  const [videoPath, ...extra] = positionals;
  if (!videoPath || extra.length > 0) throw new UsageError(LIVENESS_USAGE);
  if (!isLivenessChallenge(values.challenge)) throw new UsageError(`Unknown challenge '${values.challenge}'. ${LIVENESS_USAGE}`);
  const threshold = values.threshold === undefined ? undefined : parseThreshold(values.threshold);
  const video = await readFile(videoPath);
  const referenceImage = values.reference ? await readFile(values.reference) : undefined;
  const engine = await createFaceEngine({ warmUp: false });
  try {
    return await engine.checkLiveness(video, { challenge: values.challenge, referenceImage, threshold, isMirrored: values.mirrored });
  } finally {
    await engine.close();
  }
}
