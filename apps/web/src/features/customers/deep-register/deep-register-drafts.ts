import type { TDeepRegisterSession } from '@sanad/contracts/temp-customers';
import { asDraft, clearDraft, loadDraft, newDraft, saveDraft, withSection, type SelfRegisterDraft } from '../self-register/draft';
import { stepIndex } from '../self-register/steps';

/** This tab's copy of a link's draft; the server holds the progress, this is only a cache. */
export function draftKey(dataSegmentId: string, token: string): string {
  return `sanad.deepRegister.${dataSegmentId}.${token.slice(0, 12)}`;
}

/** A new draft with the details staff entered when they sent the link. */
export function invitedDraft(session: Pick<TDeepRegisterSession, 'firstName' | 'middleName' | 'lastName' | 'email' | 'phoneNumber'>) {
  let draft = newDraft();
  draft = withSection(draft, 'basicInfo', {
    firstName: session.firstName,
    ...(session.middleName ? { middleName: session.middleName } : {}),
    lastName: session.lastName,
  });
  return withSection(draft, 'contactInfo', {
    ...(session.email ? { email: session.email, confirmEmail: session.email } : {}),
    ...(session.phoneNumber ? { phoneNumber: session.phoneNumber } : {}),
  });
}

/**
 * The draft to continue from when a link opens. The server's progress decides how far the customer
 * may go. This tab's cache is kept when it continues the same registration (it may hold a step
 * being filled in); otherwise the server's copy is taken (another device), or the invitation's
 * details start a new one.
 */
export function resumeDraft(session: TDeepRegisterSession, cached: SelfRegisterDraft | null): SelfRegisterDraft {
  const saved = asDraft(session.draft);
  const isSameRegistration = cached && (!saved || cached.submissionKey === saved.submissionKey);
  // This tab's cache has no document or tax numbers when it was read from local storage in a new tab: the server's copy fills them in.
  const base = isSameRegistration ? withMissingFrom(cached, saved) : (saved ?? invitedDraft(session));
  const reached = stepIndex(session.reachedStep) < stepIndex('finish') ? session.reachedStep : 'preview';
  return { ...base, reached, result: null, serverErrors: {} };
}

/** The cached draft, with any field it lacks taken from the server's copy of the same registration. */
function withMissingFrom(cached: SelfRegisterDraft, saved: SelfRegisterDraft | null): SelfRegisterDraft {
  if (!saved) return cached;
  const record: Record<string, unknown> = { ...saved.record };
  for (const [section, value] of Object.entries(cached.record)) {
    const fromServer = record[section];
    record[section] =
      value && typeof value === 'object' && !Array.isArray(value) && fromServer && typeof fromServer === 'object'
        ? { ...fromServer, ...value }
        : value;
  }
  return { ...cached, record: record as SelfRegisterDraft['record'] };
}

export function readCachedDraft(key: string): SelfRegisterDraft | null {
  return localStorage.getItem(key) ? loadDraft(key) : null;
}

/** Kept like the staff draft (local storage, document numbers in the tab only): see self-register/draft-storage.ts. */
export const cache = {
  save: (key: string, draft: SelfRegisterDraft) => saveDraft(draft, key),
  load: (key: string) => loadDraft(key),
  clear: (key: string) => clearDraft(key),
};
