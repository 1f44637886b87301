import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './error-handler';

/** An error as the PostgreSQL drivers raise it: a message and a SQLSTATE code. */
const databaseError = (code: string) => Object.assign(new Error('database refused'), { code });

async function answerTo(error: Error) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/', async () => {
    throw error;
  });
  const response = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return { status: response.statusCode, body: response.json() as { message: string; code: string } };
}

describe('errors the database raises for what a request named', () => {
  it('answers a missing referenced row (foreign key) as not found', async () => {
    expect(await answerTo(databaseError('23503'))).toMatchObject({ status: 404, body: { message: 'Record not found' } });
  });

  it('answers a value the column cannot hold (a data exception) as a bad request', async () => {
    for (const code of ['22P02', '22007', '22008', '22003', '22001']) {
      expect((await answerTo(databaseError(code))).status).toBe(400);
    }
  });

  it('still answers any other failure as a server error, without its message', async () => {
    expect(await answerTo(databaseError('XX000'))).toEqual({
      status: 500,
      body: { status: false, message: 'There is something wrong', code: 'INTERNAL' },
    });
    expect((await answerTo(new Error('boom'))).status).toBe(500);
  });
});
