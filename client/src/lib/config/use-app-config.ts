import { useQuery } from '@tanstack/react-query';
import { appConfigQueryOptions } from './get-app-config';

/** Server switches for the UI: test mode, payments provider, Razorpay key, Google client id. */
export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}
