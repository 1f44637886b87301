/** Business constants from the spec and DECISIONS. */

/** Access sessions last 60 minutes and slide on users/sessionUpdate (DECISIONS SH-49). */
export const SESSION_IDLE_SECONDS = 60 * 60;
/** However often it is extended, a session ends 12 hours after sign-in. */
export const SESSION_ABSOLUTE_SECONDS = 12 * 60 * 60;
/** The client checks the session every 60 s and warns between 14 and 16 minutes before expiry. */
export const SESSION_CHECK_INTERVAL_MS = 60_000;
export const SESSION_ALERT_WINDOW_MINUTES = { from: 14, to: 16 } as const;
export const REQUEST_TIMEOUT_MS = 300_000;
/** A script chunk that has not loaded in this time fails as an error. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const TOAST_DURATION_MS = 3_000;
export const SUCCESS_MESSAGE_DISMISS_MS = 3_000;
export const BADGE_CAP = 99;
export const NAME_MAX_LENGTH = 50;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 20;
export const PASSWORD_HISTORY = 10;
export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 120;
export const OTP_MAX_ATTEMPTS = 5;
export const DEFAULT_UPLOAD_LIMIT_MB = 10;
export const IMAGE_RESIZE_WIDTH = 1000;
export const DEFAULT_COUNTRY = 'PK';

/** The product name; page titles read `${PRODUCT_NAME} | ${route title}`. */
export const PRODUCT_NAME = 'Sanad';
