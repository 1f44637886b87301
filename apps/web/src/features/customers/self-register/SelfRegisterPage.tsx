import { CUSTOMER_ENDPOINTS } from '@sanad/contracts/customers.endpoints';
import { api } from '../../../lib/api';
import { useRouteMeta } from '../../../lib/route-meta';
import { useOnboardingSettings } from '../../../lib/onboarding-settings';
import { getActiveDataSegmentId } from '../../../lib/session';
import { clearDraft, loadDraft, newDraft, saveDraft, toSubmission } from './draft';
import { FinishStep } from './FinishStep';
import { RegistrationWizard, type WizardMode } from './RegistrationWizard';
import { isStepName, stepPath, type StepName } from './steps';

/**
 * The staff-assisted Self Service Onboarding: seven steps, each its own address under
 * /self-register. The draft stays in local storage between steps and reloads (draft-storage.ts); the
 * whole record is sent once from the preview, with a submission key made once per draft so that a
 * retried submission returns the customer the first one created.
 */
const STAFF_MODE: WizardMode = {
  title: 'Self Service Onboarding',
  audience: 'staff',
  stepPath: (step) => stepPath(step),
  drafts: { load: () => loadDraft(), save: (draft) => saveDraft(draft), clear: () => clearDraft(), fresh: () => newDraft() },
  async submit(draft) {
    const { message, data } = await api(CUSTOMER_ENDPOINTS.selfRegister, { body: toSubmission(draft, getActiveDataSegmentId()) });
    return {
      message,
      customer: {
        _id: data._id,
        sanadId: data.sanadId,
        fullName: data.fullName,
        riskLevel: data.riskLevel,
        kycStatus: data.kycStatus,
        hitCount: data.hits.length,
      },
    };
  },
  submitLabel: 'Register customer',
  Finish: ({ customer, onStartAgain }) => <FinishStep customer={customer} onRegisterAnother={onStartAgain} />,
};

export default function SelfRegisterPage() {
  const meta = useRouteMeta();
  const step: StepName = isStepName(meta.sessionStep) ? meta.sessionStep : 'upload-document';
  const { settings } = useOnboardingSettings();
  // Each step starts afresh from the stored draft, with no error left from another step.
  return <RegistrationWizard key={step} step={step} mode={STAFF_MODE} settings={settings} />;
}
