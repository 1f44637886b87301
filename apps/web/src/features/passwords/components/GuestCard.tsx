import type { ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { GuestPage } from '../../../components/GuestPage';

/** The frame of the guest password pages, matching the sign-in page, with the way back to it. */
export function GuestCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <GuestPage title={title} subtitle={intro} width={440} footerRoom={0}>
      {children}
      <Anchor component={Link} to="/" size="sm" ta="center">
        Back to sign in
      </Anchor>
    </GuestPage>
  );
}
