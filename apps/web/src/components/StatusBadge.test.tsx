import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { StatusBadge } from './StatusBadge';

const renderBadge = (status: string | null) =>
  render(
    <MantineProvider>
      <StatusBadge status={status} />
    </MantineProvider>,
  );

describe('status badge', () => {
  it("shows the spec's label with a coloured dot and body-coloured text", () => {
    renderBadge('pending');
    const label = screen.getByText('Pending');
    expect(label.closest('[data-variant]')?.getAttribute('data-variant')).toBe('dot');
  });

  it("reads 'No Hit' for an empty status and keeps the filled dark badge for sanctions", () => {
    renderBadge('');
    expect(screen.queryByText('No Hit')).not.toBeNull();
    renderBadge('sanction');
    expect(screen.getByText('Sanctioned').closest('[data-variant]')?.getAttribute('data-variant')).toBe('filled');
  });
});
