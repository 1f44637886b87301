import { createContext, useContext } from 'react';
import type { FieldErrors } from '../../../lib/form-errors';
import type { DraftRecord, DraftSection, SelfRegisterDraft } from './draft';
import type { StepName } from './steps';
import type { ContactCheck } from './ContactCodeCheck';

export interface Wizard {
  step: StepName;
  draft: SelfRegisterDraft;
  /** Who fills the steps in: staff for a customer, or the customer through their own link. */
  audience: 'staff' | 'customer';
  /** The address of a step of this wizard. */
  stepPath: (step: StepName) => string;
  /** The steps this wizard runs, when not all seven (the older public form has no additional-info). */
  steps?: readonly StepName[];
  /** Replaces the draft (kept in session storage at once). */
  update: (change: (draft: SelfRegisterDraft) => SelfRegisterDraft) => void;
  /** Leaves the current step for the next one, as the Next button does (checked and, where the wizard keeps it, saved). */
  advance: () => Promise<void>;
  /** Sets one field of a section and forgets any error shown for it. */
  setField: <S extends DraftSection>(section: S, field: keyof NonNullable<DraftRecord[S]> & string, value: unknown) => void;
  /** Forgets the error shown at one dotted path (an answer of a form step changed). */
  forgetError: (path: string) => void;
  /** The errors shown on this step: the form's own checks and the server's answer. */
  errors: FieldErrors;
  /** A public journey: the contact is proved with a one-time code before setup-profile is left. */
  contactCheck?: ContactCheck;
}

export const WizardContext = createContext<Wizard | null>(null);

export function useWizard(): Wizard {
  const wizard = useContext(WizardContext);
  if (!wizard) throw new Error('useWizard outside the self-register wizard');
  return wizard;
}

/** The value a field of the draft holds. */
export function fieldValue(draft: SelfRegisterDraft, section: DraftSection, field: string): unknown {
  return (draft.record[section] as Record<string, unknown> | undefined)?.[field];
}
