import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';

/**
 * Does what the ALTCHA widget does in a browser: fetch a challenge, solve it, encode the payload.
 * Tests that need many solutions pass different addresses, as the challenge route is rate limited.
 */
export async function solveCaptcha(app: FastifyInstance, remoteAddress = '127.0.0.1'): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/captcha/challenge', remoteAddress });
  const challenge = response.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha could not be solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
