import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { TAlertTrigger } from '@sanad/contracts/alerts';
import { AlertTrigger } from './AlertTrigger';

afterEach(cleanup);

const show = (trigger: TAlertTrigger) =>
  render(
    <MantineProvider env="test">
      <AlertTrigger trigger={trigger} />
    </MantineProvider>,
  );

describe('why a system alert was raised', () => {
  it('names the list change, each entity, what the list did and the score change', () => {
    show({
      kind: 'list-change',
      listKey: 'un',
      listTitle: 'UN Security Council consolidated list',
      versionNo: 7,
      dueDate: null,
      entities: [
        {
          entityId: 'QDi.1',
          name: 'Feroz Gulkhan',
          hitType: 'sanction',
          score: 93,
          previousScore: null,
          change: 'added',
          fields: [],
          outcome: 'new',
        },
        {
          entityId: 'QDi.2',
          name: 'Tariq Lodhi',
          hitType: 'sanction',
          score: 91,
          previousScore: 82,
          change: 'changed',
          fields: ['birthDates', 'names'],
          outcome: 'stronger',
        },
      ],
    });
    expect(screen.getByTestId('alert-trigger').textContent).toContain(
      'Raised when UN Security Council consolidated list changed (version 7)',
    );
    expect(screen.getByText('New hit')).toBeTruthy();
    expect(screen.getByText('Stronger hit')).toBeTruthy();
    expect(screen.getByText('Changed: birthDates, names')).toBeTruthy();
    expect(screen.getByText('82 → 91')).toBeTruthy();
  });

  it('names the review date that fell due', () => {
    show({ kind: 'periodic', listKey: null, listTitle: null, versionNo: null, entities: [], dueDate: '2026-11-26' });
    expect(screen.getByTestId('alert-trigger').textContent).toContain('Periodic review due on');
  });
});
