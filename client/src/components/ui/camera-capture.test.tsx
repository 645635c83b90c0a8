import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { CameraCapture, cameraMessages } from './camera-capture';

vi.setConfig({ testTimeout: 20_000 });

function Harness({ onChange }: { onChange: (f: File | null) => void }) {
  const [photo, setPhoto] = useState<File | null>(null);
  return (
    <CameraCapture
      label="Selfie (optional, JPEG or PNG up to 5 MB)"
      value={photo}
      onChange={(f) => {
        setPhoto(f);
        onChange(f);
      }}
    />
  );
}

const originalMediaDevices = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices');
afterEach(() => {
  if (originalMediaDevices) Object.defineProperty(navigator, 'mediaDevices', originalMediaDevices);
  else delete (navigator as { mediaDevices?: unknown }).mediaDevices;
});

describe('CameraCapture', () => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:photo'), revokeObjectURL: vi.fn() });

  it("offers the camera first and the file picker as a link; the picker is labelled with the photo's name", () => {
    renderWithProviders(<Harness onChange={() => undefined} />);
    expect(screen.getByRole('button', { name: cameraMessages.take })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: cameraMessages.choose })).toBeInTheDocument();
    const input = screen.getByLabelText(/^Selfie/);
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png');
  });

  it('without getUserMedia, "Take a photo" opens the picker (asking for the camera app), and a picked photo is ready', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const input = screen.getByLabelText(/^Selfie/) as HTMLInputElement;
    const click = vi.spyOn(input, 'click');
    await user.click(screen.getByRole('button', { name: cameraMessages.take }));
    expect(click).toHaveBeenCalled();
    expect(input).toHaveAttribute('capture', 'user');
    const file = new File([new Uint8Array(70)], 'me.png', { type: 'image/png' });
    await user.upload(input, file);
    expect(onChange).toHaveBeenLastCalledWith(file); // a small PNG is sent as it is
    expect(await screen.findByText('Photo ready · 1 kB')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: cameraMessages.remove }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('button', { name: cameraMessages.take })).toBeInTheDocument();
  });

  it('a refused camera says so and falls back to the picker; nothing is chosen', async () => {
    const getUserMedia = vi.fn(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const input = screen.getByLabelText(/^Selfie/) as HTMLInputElement;
    const click = vi.spyOn(input, 'click');
    await user.click(screen.getByRole('button', { name: cameraMessages.take }));
    expect(getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ video: expect.objectContaining({ facingMode: 'user' }), audio: false }));
    expect(await screen.findByRole('alert')).toHaveTextContent(cameraMessages.denied);
    expect(click).toHaveBeenCalled();
    expect(input).not.toHaveAttribute('capture');
    expect(screen.getByRole('button', { name: cameraMessages.choose })).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });
});
