import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { REPORT_METRIC_NAMES } from '#shared/reports/reportMetrics';
import { testSession } from '#shared/sessions/testSession';
import { generateReport, type ReportOutcome } from './api/generateReport.ts';
import { buildReportOnDevice } from './onDeviceReport.ts';
import { ReportDialog } from './ReportDialog.tsx';

// The server call and the device's own report are the dialog's edges: each test says what they answer.
vi.mock('./api/generateReport.ts', () => ({ generateReport: vi.fn() }));
vi.mock('./onDeviceReport.ts', () => ({ buildReportOnDevice: vi.fn() }));
vi.mock('./deviceReportAuthor.ts', () => ({ deviceReportAuthor: vi.fn(() => Promise.resolve('Dr Test')) }));

const generate = vi.mocked(generateReport);
const onDevice = vi.mocked(buildReportOnDevice);
const links = { htmlPath: '/api/reports/r1/html?sig=x', pdfPath: '/api/reports/r1/pdf?sig=x' };

beforeEach(() => {
  generate.mockReset();
  onDevice.mockReset();
});

function open() {
  const onClose = vi.fn();
  render(<ReportDialog type="session" sessions={[testSession({ SubSessionID: 'a' })]} onClose={onClose} />);
  return { onClose, user: userEvent.setup() };
}

async function chooseSpeed(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /Selected metrics/ }));
  await user.click(await screen.findByRole('option', { name: 'Speed' }));
  await user.keyboard('{Escape}');
}

describe('ReportDialog', () => {
  it('does nothing when Infer is pressed with no metric chosen (docs/spec.md §5)', async () => {
    const { user } = open();
    expect(screen.getByRole('heading', { name: 'Create Single Session Report' })).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Infer' }));
    expect(generate).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Create Single Session Report' })).toBeDefined();
  });

  it('chooses every metric at once with Select all metrics', async () => {
    generate.mockReturnValue(new Promise(() => undefined));
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Select all metrics' }));
    expect(screen.queryByRole('button', { name: 'Select all metrics' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Infer' }));
    expect(generate.mock.calls[0]?.[0].metrics).toEqual([...REPORT_METRIC_NAMES]);
  });

  it("shows 'Creating Report' while the server works, then the report's links", async () => {
    let answer: (outcome: ReportOutcome) => void = () => undefined;
    generate.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { user } = open();
    await chooseSpeed(user);
    await user.click(screen.getByRole('button', { name: 'Infer' }));
    expect(screen.getByRole('heading', { name: 'Creating Report' })).toBeDefined();
    expect(screen.getByRole('progressbar', { name: 'Creating Report' })).toBeDefined();
    expect(generate.mock.calls[0]?.[0]).toMatchObject({ metrics: ['Speed'], subSessionIDs: ['a'] });
    answer({ status: 'done', links, onDevice: false });
    expect(await screen.findByRole('heading', { name: 'Report Generated' })).toBeDefined();
    // The variant with a PDF offers Table View for the HTML, not a second button to the same page.
    expect(screen.getByRole('button', { name: 'Table View' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Pie Chart' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'View Report' })).toBeNull();
    expect(onDevice).not.toHaveBeenCalled();
  });

  it("shows the server's error under 'Report Error'", async () => {
    generate.mockResolvedValue({
      status: 'error',
      message: 'Error: Insufficient data. Try selecting another session.',
    });
    const { user, onClose } = open();
    await chooseSpeed(user);
    await user.click(screen.getByRole('button', { name: 'Infer' }));
    expect(await screen.findByRole('heading', { name: 'Report Error' })).toBeDefined();
    expect(screen.getByRole('alert').textContent).toBe('Error: Insufficient data. Try selecting another session.');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('makes the report on the device when the server cannot be reached, and says so', async () => {
    generate.mockResolvedValue({ status: 'unreachable' });
    onDevice.mockResolvedValue({ htmlPath: 'blob:report' });
    const { user } = open();
    await chooseSpeed(user);
    await user.click(screen.getByRole('button', { name: 'Infer' }));
    expect(await screen.findByRole('heading', { name: 'Report Generated' })).toBeDefined();
    expect(screen.getByText(/made on this device from its saved recordings/)).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Pie Chart' })).toBeNull();
  });

  it('shows insufficient data when neither the server nor the device can make it', async () => {
    generate.mockResolvedValue({ status: 'unreachable' });
    onDevice.mockResolvedValue(undefined);
    const { user } = open();
    await chooseSpeed(user);
    await user.click(screen.getByRole('button', { name: 'Infer' }));
    expect(await screen.findByRole('heading', { name: 'Report Error' })).toBeDefined();
    expect(screen.getByRole('alert').textContent).toBe('Error: Insufficient data. Try selecting another session.');
  });
});
