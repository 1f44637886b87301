import type { TSession } from '@sanad/contracts/session';
import { SESSION_ENDPOINTS } from '@sanad/contracts/session.endpoints';
import { MESSAGES } from '@sanad/contracts/messages';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { saveSession } from '../../../lib/session';

export interface LoginInput {
  identifier: string;
  password: string;
  captcha?: string | null;
}

export class LoginError extends Error {
  constructor(
    message: string,
    readonly needsCaptcha: boolean,
  ) {
    super(message);
  }
}

/**
 * Signs in with an e-mail address or a username (DECISIONS SH-41). A response without an access
 * token gets the spec's message; a refusal shows the server's message.
 */
export async function login({ identifier, password, captcha }: LoginInput): Promise<TSession> {
  const field = identifier.includes('@') ? 'email' : 'username';
  try {
    const { data } = await api(SESSION_ENDPOINTS.login, {
      body: { [field]: identifier.trim(), password, ...(captcha ? { captcha } : {}) },
    });
    if (!data.accessToken) throw new LoginError(MESSAGES.loginFailed, false);
    saveSession(data);
    return data;
  } catch (error) {
    if (error instanceof LoginError) throw error;
    if (error instanceof ApiError) throw new LoginError(error.message, error.code === 'CAPTCHA_REQUIRED');
    throw new LoginError(MESSAGES.loginFailed, false);
  }
}
