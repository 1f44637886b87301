import { useCallback, useEffect, useState } from 'react';
import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { TEMP_CUSTOMER_ENDPOINTS } from '@sanad/contracts/temp-customers.endpoints';
import { GuestPage } from '../../../components/GuestPage';
import { api } from '../../../lib/api';
import { useT } from '../../../lib/i18n/use-t';
import { useRouteMeta } from '../../../lib/route-meta';
import { DeepRegisterJourney } from '../deep-register/DeepRegisterPage';
import { PublicStart } from '../public-start/PublicStart';
import { isStepName, type StepName } from '../self-register/steps';
import { forgetPublicFormToken, keepPublicFormToken, publicFormPath, readPublicFormToken, takeContinueToken } from './public-form-token';

function Unavailable({ title, message, action }: { title: string; message: string; action?: { label: string; onClick: () => void } }) {
  return (
    <GuestPage title={title} footerRoom={0}>
      <Stack gap="sm" align="flex-start">
        <ThemeIcon color="gray" variant="light" size="xl" radius="xl">
          <IconLinkOff size={24} aria-hidden />
        </ThemeIcon>
        <Text>{message}</Text>
        {action ? <Button onClick={action.onClick}>{action.label}</Button> : null}
      </Stack>
    </GuestPage>
  );
}

/**
 * The older public form (/:dataSegmentId/register/<step>, RG-02, RG-03): no sign-in and no shell,
 * laid out for a phone. Without a journey in this tab, the start screen's captcha comes first and
 * the server starts one (only where the segment's onboarding configuration opens the form). The
 * journey is a deep-register link of its own: its token is kept in this tab's session storage,
 * never in the address, so a reload continues it; the deep register's built-in screens run in six
 * steps (no additional-info). Once the contact is verified the server sends it a continue link
 * (the form's address with the token in the fragment), which opens the journey where it stopped
 * in any browser. docs/decisions/older-public-form.md.
 */
export default function PublicFormPage() {
  const { dataSegmentId = '' } = useParams();
  const meta = useRouteMeta();
  const navigate = useNavigate();
  const location = useLocation();
  const step: StepName = isStepName(meta.sessionStep) ? meta.sessionStep : 'upload-document';
  const [token, setToken] = useState<string | null>(
    () => takeContinueToken(dataSegmentId, location.hash) ?? readPublicFormToken(dataSegmentId),
  );
  // The continue link's token leaves the address at once: kept in the tab, out of the history.
  const hasFragment = location.hash !== '';
  useEffect(() => {
    if (hasFragment) void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [hasFragment, location.pathname, location.search, navigate]);
  const [closed, setClosed] = useState<string | null>(null);
  const stepPath = useCallback((target: StepName) => publicFormPath(dataSegmentId, target), [dataSegmentId]);
  const { t, tm } = useT();

  const start = useCallback(
    async (captcha: string) => {
      const { data } = await api(TEMP_CUSTOMER_ENDPOINTS.start, { body: { dataSegmentId, captcha } });
      keepPublicFormToken(dataSegmentId, data.token);
      setToken(data.token);
      if (step !== 'upload-document') void navigate(publicFormPath(dataSegmentId, 'upload-document'), { replace: true });
    },
    [dataSegmentId, step, navigate],
  );

  function startAgain(): void {
    forgetPublicFormToken(dataSegmentId);
    setToken(null);
    void navigate(publicFormPath(dataSegmentId, 'upload-document'));
  }

  if (closed) return <Unavailable title={t('public.cannotOpen')} message={tm(closed)} />;
  if (!token)
    return <PublicStart start={start} onClosed={setClosed} intro={`${t('public.introPublicForm')} ${t('public.continueLater')}`} />;
  return (
    <DeepRegisterJourney
      key={token}
      dataSegmentId={dataSegmentId}
      token={token}
      step={step}
      stepPath={stepPath}
      expectedFlow="public-form"
      invalid={
        <Unavailable
          title={t('public.cannotContinue')}
          message={t('public.expiredOrSent')}
          action={{ label: t('public.startNew'), onClick: startAgain }}
        />
      }
    />
  );
}
