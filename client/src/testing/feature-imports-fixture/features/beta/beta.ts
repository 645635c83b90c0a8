// The planted violation: one feature importing another (the line the test expects to be reported).
import { alpha } from '../alpha/alpha';
import { shared } from '../../lib/shared';
import { own } from './own';

export const beta = alpha + shared + own;
