import { startTransition, useEffect, useState } from 'react';

/**
 * 0 for the first render, then one more each frame up to `last`: a screen's first part (the dashboard's greeting,
 * balance and today's challenge; /challenge's form) is committed and painted before the sections below it, and those
 * come in `last` smaller commits rather than one (a commit, and the style work after it, cannot be sliced; on a phone
 * one big one blocked the page for long). Stages start once `active` (a screen waiting for its data counts from then).
 */
export function useStagesAfterFirstPaint(last: number, active = true): number {
  const [stage, setStage] = useState(0);
  useEffect(() => {
    if (!active || stage >= last) return undefined;
    const next = () => startTransition(() => setStage((s) => Math.max(s, stage + 1)));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(next, 0);
    });
    const hidden = setTimeout(next, 250); // a background tab paints no frames
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(hidden);
    };
  }, [stage, last, active]);
  return stage;
}

/**
 * Becomes true once `ready` (in a transition: the render it starts is time-sliced), or after `maxMs` whatever happens.
 * A screen (the dashboard, /challenge's form) waits for its own first data this way (main.tsx asked for it with the
 * code, so it is usually in at once) instead of rendering whole with placeholders and then again, whole and in one
 * blocking task, as each answer lands (TanStack Query's updates are never time-sliced). A slow answer shows its
 * placeholder after `maxMs`, as before.
 */
export function useReadyOrAfter(ready: boolean, maxMs: number): boolean {
  const [shown, setShown] = useState(ready);
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setShown(true)), maxMs);
    return () => clearTimeout(timer);
  }, [maxMs]);
  useEffect(() => {
    if (ready) startTransition(() => setShown(true));
  }, [ready]);
  return shown;
}
