import { Anchor, Code, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { hasAnyPermission } from '@sanad/contracts/permissions';
import { API_SCOPE_LABELS, API_SCOPES, WEBHOOK_LIMITS } from '@sanad/contracts/developers';
import { useSessionUser } from '../../lib/session';
import { DevelopersLayout } from './components/DevelopersLayout';
import { NODE_VERIFY_SNIPPET, PYTHON_VERIFY_SNIPPET, curlSnippet } from '@sanad/contracts/developer-guide';
import { V1_DEFAULT_RATE_LIMIT_PER_MINUTE, V1_MAX_PAGE_SIZE } from '@sanad/contracts/public-api.endpoints';

function Snippet({ label, code }: { label: string; code: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Code block style={{ overflowX: 'auto', whiteSpace: 'pre' }} aria-label={label}>
        {code}
      </Code>
    </Stack>
  );
}

/** The Developer Tools home: where to get a key, how to call the API, and how to verify a webhook. */
export default function DevelopersHomePage() {
  const scopes = useSessionUser()?.scopes ?? [];
  const canKeys = hasAnyPermission(scopes, ['manage-application-access']);
  const canHooks = hasAnyPermission(scopes, ['manage-webhooks']);
  const canLogs = hasAnyPermission(scopes, ['manage-api-logs']);
  const origin = window.location.origin;
  const hours = Math.round(WEBHOOK_LIMITS.retryDelaysSeconds.reduce((sum, seconds) => sum + seconds, 0) / 3600);
  return (
    <DevelopersLayout>
      {/* One card above the other: the code needs the full width to be read without scrolling. */}
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Call the API with a key
            </Title>
            <Text size="sm">
              {canKeys ? (
                <>
                  Create an entry under{' '}
                  <Anchor component={Link} to="/developers/application-access">
                    Application Access
                  </Anchor>
                </>
              ) : (
                'Ask an administrator with Manage API keys to create an application access entry'
              )}{' '}
              and copy its key: it is shown once. Send it as a bearer token. A key acts in its data segment only, with the scopes it was
              given, from the addresses of its allow-list, until it expires or is archived.
            </Text>
            <Snippet label="Read customers with curl" code={curlSnippet(origin)} />
            <Text size="sm">
              Every operation, its scope, its fields and its answers:{' '}
              <Anchor component={Link} to="/developers/api-reference">
                API Reference
              </Anchor>{' '}
              (customers, onboarding links, screening and alerts).
            </Text>
            <Text size="sm" fw={600}>
              Scopes
            </Text>
            <List size="sm" spacing={2}>
              {API_SCOPES.map((scope) => (
                <List.Item key={scope}>
                  <Code>{scope}</Code> {API_SCOPE_LABELS[scope]}
                </List.Item>
              ))}
            </List>
            <Text size="sm" c="dimmed">
              Rotating a key issues a new one; the old one keeps working for the overlap you choose (24 hours by default).
            </Text>
            <Text size="sm" fw={600}>
              Pages, retries and limits
            </Text>
            <List size="sm" spacing={2}>
              <List.Item>
                Lists come in pages of up to {V1_MAX_PAGE_SIZE} (<Code>limit</Code>); pass the answer&apos;s <Code>next</Code> as{' '}
                <Code>cursor</Code> for the following page, until <Code>next</Code> is null.
              </List.Item>
              <List.Item>
                Send an <Code>Idempotency-Key</Code> header with every create: a retry with the same key and body answers the first result
                and creates nothing new; the same key with another body is refused (422).
              </List.Item>
              <List.Item>
                Each application may make {V1_DEFAULT_RATE_LIMIT_PER_MINUTE} calls per minute unless the operator set another limit. Every
                answer carries <Code>RateLimit-Limit</Code>, <Code>RateLimit-Remaining</Code> and <Code>RateLimit-Reset</Code> (seconds);
                past the limit the answer is 429 with <Code>Retry-After</Code>.
              </List.Item>
            </List>
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Debug with API logs
            </Title>
            <Text size="sm">
              Every call made with a key, refused ones included, and every webhook delivery attempt is logged with its status, endpoint,
              method, time, application or webhook, request id and answer, without document numbers, images, secrets or codes.{' '}
              {canLogs ? (
                <Anchor component={Link} to="/developers/api-logs">
                  Open API logs
                </Anchor>
              ) : (
                'Ask an administrator with API logs to look a call up.'
              )}
            </Text>
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Receive webhooks
            </Title>
            <Text size="sm">
              {canHooks ? (
                <>
                  Add an endpoint under{' '}
                  <Anchor component={Link} to="/developers/webhooks">
                    Webhooks
                  </Anchor>
                </>
              ) : (
                'Ask an administrator with Manage webhooks to add your endpoint'
              )}
              . Each event is a POST with a JSON body <Code>{'{ type, timestamp, data }'}</Code>, signed per Standard Webhooks: verify the{' '}
              <Code>webhook-signature</Code> header against <Code>webhook-id</Code>, <Code>webhook-timestamp</Code> and the raw body before
              trusting it, and drop a <Code>webhook-id</Code> you have already handled.
            </Text>
            <Text size="sm">
              Answer with a 2xx within {WEBHOOK_LIMITS.timeoutSeconds} seconds. Anything else, a redirect included, is retried up to{' '}
              {WEBHOOK_LIMITS.attempts} times over about {hours} hours; an endpoint failing for {WEBHOOK_LIMITS.disableAfterHours} hours is
              disabled and its managers are notified.
            </Text>
            <Snippet label="Verify a webhook in Node.js" code={NODE_VERIFY_SNIPPET} />
            <Snippet label="Verify a webhook in Python" code={PYTHON_VERIFY_SNIPPET} />
          </Stack>
        </Paper>
      </Stack>
    </DevelopersLayout>
  );
}
