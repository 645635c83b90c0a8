import { useEffect, useState } from 'react';

/** The current time, re-rendered every `intervalMs` (default: every second). */
export function useNow(intervalMs = 1000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

/**
 * `derive(now)`, checked every `intervalMs` but re-rendering only when the value changes (e.g. today's date in IST:
 * once a day), so a large screen does not re-render every second for a clock that only one part of it shows.
 */
export function useNowAs<T extends string | number | boolean>(derive: (now: Date) => T, intervalMs = 1000): T {
  const [value, setValue] = useState(() => derive(new Date()));
  useEffect(() => {
    const id = setInterval(() => setValue(derive(new Date())), intervalMs);
    return () => clearInterval(id);
  }, [derive, intervalMs]);
  return value;
}
