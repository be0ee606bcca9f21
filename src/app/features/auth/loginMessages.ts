export const UNREACHABLE_MESSAGE = 'Unable to reach the server. Please check the connection and try again.';

/** What an offline login says when the device cannot open a copy for this account. */
export const OFFLINE_LOGIN_MESSAGES = {
  'no-copy': `${UNREACHABLE_MESSAGE} Nothing of this account is kept on this device: log in once while online to use it offline.`,
  'signed-out': `${UNREACHABLE_MESSAGE} Your last login here has ended, so what this device keeps opens again after an online login.`,
  'wrong-password': `${UNREACHABLE_MESSAGE} This password does not open what this device keeps for this account.`,
} as const;

export const OFFLINE_WELCOME =
  'You are offline: the app shows what this device keeps for you. Changes are sent when the connection returns.';
