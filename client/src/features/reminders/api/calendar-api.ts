import { api, unwrap } from '@/lib/api-client';
import type { ApiData } from '@/types/api';

export type CalendarFeedStatus = ApiData<'/calendar/feed', 'get'>;
/** The secret address: shown only when made (the server keeps no way to show it again). */
export type CalendarFeedAddress = ApiData<'/calendar/feed', 'post'>;

export async function getCalendarFeed(signal?: AbortSignal): Promise<CalendarFeedStatus> {
  return unwrap<CalendarFeedStatus>(await api.get('/calendar/feed', { signal }));
}

/** POST /calendar/feed: a new address; the old one stops working. */
export async function createCalendarFeed(): Promise<CalendarFeedAddress> {
  return unwrap<CalendarFeedAddress>(await api.post('/calendar/feed', {}));
}

export async function deleteCalendarFeed(): Promise<void> {
  await api.delete('/calendar/feed');
}

export const calendarFeedKey = (userId: string) => ['calendar-feed', userId] as const;
