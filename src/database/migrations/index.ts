import { Init1763800000000 } from './1763800000000-init.js';
import { Identity1763800100000 } from './1763800100000-identity.js';
import { Wallet1763800200000 } from './1763800200000-wallet.js';
import { Challenges1763800300000 } from './1763800300000-challenges.js';
import { Settlement1763800400000 } from './1763800400000-settlement.js';
import { Support1763800500000 } from './1763800500000-support.js';
import { WritePath1763800600000 } from './1763800600000-write-path.js';
import { SettlementLineOrder1763800700000 } from './1763800700000-settlement-line-order.js';
import { UserKeyedIndexes1763800800000 } from './1763800800000-user-keyed-indexes.js';
import { KeyedLedgerChain1763801200000 } from './1763801200000-keyed-ledger-chain.js';
import { Payouts1763801000000 } from './1763801000000-payouts.js';
import { MailOutbox1763801300000 } from './1763801300000-mail-outbox.js';
import { CalendarFeeds1763801500000 } from './1763801500000-calendar-feeds.js';
import { Push1763801600000 } from './1763801600000-push.js';
import { ChallengePlans1763801700000 } from './1763801700000-challenge-plans.js';
import { Appeals1763801800000 } from './1763801800000-appeals.js';
import { PledgeMode1763801900000 } from './1763801900000-pledge-mode.js';
import { Outages1763802000000 } from './1763802000000-outages.js';
import { SelfLimitsAndConsent1763802100000 } from './1763802100000-self-limits-and-consent.js';
import { WakeShieldsLeave1763802200000 } from './1763802200000-wake-shields-leave.js';
import { AppealPhoto1763802290000 } from './1763802290000-appeal-photo.js';
import { Groups1763803000000 } from './1763803000000-groups.js';
import { ReminderChannels1763803100000 } from './1763803100000-reminder-channels.js';
import { PayoutMethods1763803200000 } from './1763803200000-payout-methods.js';
import { Passkeys1763803400000 } from './1763803400000-passkeys.js';
import { ProofOfWake1763803500000 } from './1763803500000-proof-of-wake.js';
import { WakeMissions1763803600000 } from './1763803600000-wake-missions.js';
import { ProofFlag1763803700000 } from './1763803700000-proof-flag.js';
import { FingerprintSeq1763803800000 } from './1763803800000-fingerprint-seq.js';

/** Listed explicitly (no globs) so the same list works compiled, under jest and in the CLI. */
export const migrations = [
  Init1763800000000,
  Identity1763800100000,
  Wallet1763800200000,
  Challenges1763800300000,
  Settlement1763800400000,
  Support1763800500000,
  WritePath1763800600000,
  SettlementLineOrder1763800700000,
  UserKeyedIndexes1763800800000,
  KeyedLedgerChain1763801200000,
  Payouts1763801000000,
  MailOutbox1763801300000,
  CalendarFeeds1763801500000,
  Push1763801600000,
  ChallengePlans1763801700000,
  Appeals1763801800000,
  PledgeMode1763801900000,
  Outages1763802000000,
  SelfLimitsAndConsent1763802100000,
  WakeShieldsLeave1763802200000,
  AppealPhoto1763802290000,
  Groups1763803000000,
  ReminderChannels1763803100000,
  PayoutMethods1763803200000,
  Passkeys1763803400000,
  ProofOfWake1763803500000,
  WakeMissions1763803600000,
  ProofFlag1763803700000,
  FingerprintSeq1763803800000,
];
