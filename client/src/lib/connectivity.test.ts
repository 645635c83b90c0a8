import { afterEach, describe, expect, it, vi } from 'vitest';
import { getConnectivity, reportAnswered, reportUnreachable, resetConnectivity, watchBrowserNetwork } from './connectivity';

afterEach(() => {
  vi.restoreAllMocks();
  resetConnectivity();
});

describe('connectivity', () => {
  it('stays offline when an answer already on its way arrives after the network went, until the browser is back', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const stop = watchBrowserNetwork(window);
    onLine.mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect(getConnectivity()).toBe('offline');
    reportAnswered(); // a read sent before the network went
    expect(getConnectivity()).toBe('offline');

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(getConnectivity()).toBe('unreachable'); // asked again; the answer decides
    reportAnswered();
    expect(getConnectivity()).toBe('online');
    stop();
  });

  it('an answer ends "unreachable" (a 5xx minute) even if the browser wrongly says it is offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    reportUnreachable(false); // the service answered 5xx: unreachable, not offline
    expect(getConnectivity()).toBe('unreachable');
    reportAnswered();
    expect(getConnectivity()).toBe('online');
  });
});
