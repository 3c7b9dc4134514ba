import { act, render, screen } from '@testing-library/react';
import { resetQrCodeModule, useQrCodeModule } from './useQrCodeModule';

let mockEvaluations = 0;
let mockFailNext = false;
// Stands in for the QR chunk's download: each evaluation is one download, a throw is a failed one.
jest.mock('./QrCode', () => {
  mockEvaluations += 1;
  if (mockFailNext) {
    mockFailNext = false;
    throw new Error('chunk failed to load');
  }
  return jest.requireActual('./QrCode');
});

function Probe({ open }: { open: boolean }) {
  const qr = useQrCodeModule(open);
  const text = qr.module ? 'ready' : qr.failed ? 'failed' : 'loading';
  return <output data-testid="qr">{text}</output>;
}

beforeEach(() => {
  resetQrCodeModule();
  jest.resetModules();
  mockEvaluations = 0;
  mockFailNext = false;
});

describe('useQrCodeModule', () => {
  it('downloads nothing until the popover opens, then yields the QR component', async () => {
    const view = render(<Probe open={false} />);
    await act(async () => undefined);
    expect(mockEvaluations).toBe(0);
    expect(screen.getByTestId('qr').textContent).toBe('loading');

    view.rerender(<Probe open />);
    expect(await screen.findByText('ready')).toBeTruthy();
    expect(mockEvaluations).toBe(1);
  });

  it('reports a failed download and retries when opened again', async () => {
    mockFailNext = true;
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const view = render(<Probe open />);
      expect(await screen.findByText('failed')).toBeTruthy();
      expect(error).toHaveBeenCalledWith('the QR code could not be loaded', expect.any(Error));

      view.rerender(<Probe open={false} />);
      view.rerender(<Probe open />);
      expect(await screen.findByText('ready')).toBeTruthy();
      expect(mockEvaluations).toBe(2);
    } finally {
      error.mockRestore();
    }
  });
});
