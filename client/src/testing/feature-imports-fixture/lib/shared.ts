// The second planted violation: shared code importing a feature.
import { alpha } from '../features/alpha/alpha';

export const shared = alpha + 1;
