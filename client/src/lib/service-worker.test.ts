import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorkerWhenIdle } from './service-worker';

afterEach(() => {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

describe('service worker registration (issue #22)', () => {
  it('waits for load, then an idle moment, before registering /sw.js', () => {
    const register = vi.fn(async () => ({}));
    Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
    const idle: (() => void)[] = [];
    const listeners: Record<string, () => void> = {};
    const win = {
      requestIdleCallback: (cb: () => void) => idle.push(cb),
      addEventListener: (type: string, cb: () => void) => (listeners[type] = cb),
      setTimeout,
    } as unknown as Window;
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    registerServiceWorkerWhenIdle(win);
    expect(register).not.toHaveBeenCalled();
    listeners.load();
    expect(register).not.toHaveBeenCalled();
    idle.forEach((cb) => cb());
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('does nothing in a browser without service workers', () => {
    const win = { addEventListener: vi.fn() } as unknown as Window;
    registerServiceWorkerWhenIdle(win);
    expect(win.addEventListener).not.toHaveBeenCalled();
  });
});
