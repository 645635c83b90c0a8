import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadedFiles, registerServiceWorkerWhenIdle } from './service-worker';

afterEach(() => {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

describe('service worker registration', () => {
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

  it("names the app's own files this page loaded (scripts, module preloads), never the API or another origin", () => {
    document.head.innerHTML = [
      '<script type="module" src="/assets/index-abc.js"></script>',
      '<link rel="modulepreload" href="/assets/dashboard-def.js">',
      '<link rel="modulepreload" href="/assets/dashboard-def.js">',
      '<script src="https://checkout.razorpay.com/v1/checkout.js"></script>',
      '<link rel="icon" href="/favicon.svg">',
    ].join('');
    const origin = window.location.origin;
    const files = loadedFiles(window);
    expect(files).toEqual(expect.arrayContaining([`${origin}/assets/index-abc.js`, `${origin}/assets/dashboard-def.js`]));
    expect(files.filter((f) => f.endsWith('dashboard-def.js'))).toHaveLength(1);
    expect(files.some((f) => f.includes('razorpay') || f.includes('/api/'))).toBe(false);
    document.head.innerHTML = '';
  });
});
