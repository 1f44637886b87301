import { Button, Divider, Stack } from '@mantine/core';
import { IconId } from '@tabler/icons-react';
import { identityAuthorizeHref, useIdentityProviders } from '../api/get-identity-providers';

/**
 * 'Sign in with <provider>' for each configured national digital identity provider (AD-14). The
 * password form stays usable whatever happens here, so while the list loads, when it fails and
 * when no provider is configured, nothing is shown.
 */
export function IdentityProviderButtons({ redirectTo }: { redirectTo: string | null }) {
  const { data: providers } = useIdentityProviders();
  if (!providers || providers.length === 0) return null;
  return (
    <Stack gap="sm">
      <Divider label="or" labelPosition="center" />
      {providers.map((provider) => (
        <Button
          key={provider.id}
          component="a"
          href={identityAuthorizeHref(provider.id, redirectTo)}
          variant="default"
          leftSection={<IconId size={18} aria-hidden />}
          fullWidth
        >
          Sign in with {provider.label}
        </Button>
      ))}
    </Stack>
  );
}
