/**
 * User-facing texts from the spec's error catalogue. Spelled correctly where the
 * spec has a typo (DECISIONS AD-13: 'There is something wrong').
 */
export const MESSAGES = {
  default: 'There is something wrong',
  loginFailed: 'There is an error in logging your account, please try again later',
  invalidCredentials: 'Invalid email/username or password',
  tooManyAttempts: 'Too many failed attempts, please try again later',
  captchaRequired: 'Please complete the captcha to continue',
  captchaInvalid: 'Captcha verification failed, please try again',
  sessionExtendFailed: 'Something went wrong, please try again later',
  sessionExpired: 'Your session has expired, please sign in again',
  identityUnknownUser: 'Your digital identity is not linked to a Sanad account, please contact your administrator',
  accountNotActive: 'Your Sanad account is not active, please contact your administrator',
  identityEmailUnverified: 'Your identity provider has not verified your e-mail address, so it cannot be matched to a Sanad account',
  identityLinkedElsewhere: 'Your Sanad account is linked to another digital identity, please contact your administrator',
  identitySignInFailed: 'Signing in with your digital identity failed, please try again',
  identitySignInCancelled: 'Signing in with your digital identity was cancelled',
  identityProviderUnavailable: 'The digital identity service is not reachable, please try again later',
  unauthorized: 'Please sign in to continue',
  forbidden: '403 Forbidden',
  notFound: 'Record not found',
  routeNotFound: 'Route not found',
  validation: 'Please check the highlighted fields',
  rateLimited: 'Too many requests, please slow down',
  loggedIn: 'Logged in successfully',
  loggedOut: 'Logged out successfully',
  sessionExtended: 'Session extended successfully',
  fetched: 'Fetched successfully',
  fileFormatNotSupported: 'File format not supported',
  fileFormatNotAllowed: 'File format is not allowed',
  fileTooLarge: (megabytes: number) => `File size must be less than ${megabytes} MB`,
} as const;
