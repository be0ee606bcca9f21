import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSaveClinic } from './api/clinicMutations.ts';
import { ClinicFormDialog } from './ClinicFormDialog.tsx';
import { testClinic } from './testClinic.ts';

// The save is the dialog's edge (it goes to the outbox): the test sees what would be sent, and nothing is.
const mutate = vi.fn();
vi.mock('./api/clinicMutations.ts', () => ({ useSaveClinic: vi.fn() }));

beforeEach(() => {
  mutate.mockReset();
  vi.mocked(useSaveClinic).mockReturnValue({ mutate, isPending: false } as unknown as ReturnType<typeof useSaveClinic>);
});

function open() {
  render(<ClinicFormDialog clinic={testClinic()} onClose={vi.fn()} />);
  return userEvent.setup();
}

describe('ClinicFormDialog', () => {
  it("refuses a blank required field in the server's words and sends nothing", async () => {
    const user = open();
    const number = screen.getByRole('textbox', { name: /Contact Number/ });
    await user.clear(number);
    await user.paste(' ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(mutate).not.toHaveBeenCalled();
    expect(screen.getAllByText(/Contact Number not specified/).length).toBeGreaterThan(0);
  });

  it('sends the edited clinic once its fields are valid', async () => {
    const user = open();
    const name = screen.getByRole('textbox', { name: /Organisation Name/ });
    await user.clear(name);
    await user.paste('Hillside Gait Laboratory');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(mutate).toHaveBeenCalledTimes(1);
    expect(mutate.mock.calls[0]?.[0]).toMatchObject({ ID: 'k-1', ClinicOrgCompName: 'Hillside Gait Laboratory' });
  });
});
