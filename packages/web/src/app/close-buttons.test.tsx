import { Alert, Drawer, MantineProvider, Modal, Notification } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { localisedTheme } from './theme';

describe('close buttons', () => {
  it('have an accessible name in every dialog, drawer, notification and closable alert', async () => {
    render(
      <MantineProvider theme={localisedTheme('Schließen')}>
        <Modal opened onClose={() => undefined} title="A dialog">
          text
        </Modal>
        <Drawer opened onClose={() => undefined} title="A drawer">
          text
        </Drawer>
        <Notification title="Saved" data-testid="notification">
          text
        </Notification>
        <Alert withCloseButton title="Careful" data-testid="alert">
          text
        </Alert>
      </MantineProvider>,
    );
    const dialogs = await screen.findAllByRole('dialog');
    expect(dialogs).toHaveLength(2);
    for (const dialog of dialogs) expect(within(dialog).getByRole('button', { name: 'Schließen' })).toBeTruthy();
    expect(within(screen.getByTestId('notification')).getByRole('button', { name: 'Schließen' })).toBeTruthy();
    expect(within(screen.getByTestId('alert')).getByRole('button', { name: 'Schließen' })).toBeTruthy();
  });

  it('keep a name a component gives its own close button', async () => {
    render(
      <MantineProvider theme={localisedTheme('Close')}>
        <Modal opened onClose={() => undefined} title="Token" closeButtonProps={{ 'aria-label': 'Done' }}>
          text
        </Modal>
      </MantineProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Done' })).toBeTruthy();
  });
});
