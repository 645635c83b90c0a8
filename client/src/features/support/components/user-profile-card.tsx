import { Card, DataList, Heading, Text } from '@chakra-ui/react';
import { errorMessage } from '@/lib/api-client';
import { formatISTDateTime } from '@/lib/format';
import { formatINR } from '@/lib/money';
import type { SupportUser, UserPage } from '../api/support-api';
import { Item } from './ledger-parts';

/** Who the user is: profile, balance and challenge statistics; `error` is the page's failure, or null. */
export function UserProfileCard({ profile, balance, stats, error }: { profile: SupportUser; balance: number; stats?: UserPage['stats']; error: unknown }) {
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h3" size="md">
          {profile.fullName || profile.email}
        </Heading>
      </Card.Header>
      <Card.Body>
        <DataList.Root orientation="horizontal">
          <Item label="User id" value={profile.id} mono />
          <Item label="Email" value={`${profile.email}${profile.isEmailVerified ? ' (verified)' : ' (not verified)'}`} />
          <Item label="Phone" value={profile.phoneNumber || '—'} />
          <Item label="Role" value={profile.role ?? 'USER'} />
          <Item label="Joined" value={profile.createdAt ? `${formatISTDateTime(profile.createdAt)} IST` : '—'} />
          <Item label="Balance" value={formatINR(balance)} />
          {stats ? (
            <>
              <Item label="Streak" value={`${stats.currentStreak ?? 0} current, ${stats.longestStreak ?? 0} longest`} />
              <Item
                label="Challenges"
                value={`${stats.totalChallenges ?? 0} total, ${stats.successfulChallenges ?? 0} successful, ${stats.failedChallenges ?? 0} failed`}
              />
              <Item label="Earnings / losses" value={`${formatINR(stats.totalEarnings ?? 0)} / ${formatINR(stats.totalLosses ?? 0)}`} />
            </>
          ) : null}
        </DataList.Root>
        {error !== null ? (
          <Text mt={3} fontSize="sm" color="fg.error">
            {errorMessage(error, 'Failed to load the profile page')}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
