import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import type { SupportChallengeRow } from '../api/support-api';
import { UserChallenges } from './user-challenges';

const row = (id: string, challengeDate: string, referee: SupportChallengeRow['referee'], more: Partial<SupportChallengeRow> = {}): SupportChallengeRow => ({
  id,
  challengeDate,
  wakeUpTime: '06:00',
  stake: 30,
  status: 'PROCESSED',
  isSuccessful: true,
  checkInTime: `${challengeDate}T00:30:00.000Z`,
  verificationMethod: 'PHOTO',
  failureReason: null,
  refundedAmount: 30,
  winningsAmount: 2.5,
  actualForfeitAmount: 0,
  netResult: 2.5,
  proof: 'NONE',
  proofStatus: null,
  proofFlag: null,
  mission: 'NONE',
  isTest: false,
  createdAt: '2039-03-01T06:00:00.000Z',
  closedAt: null,
  processedAt: null,
  cancelledAt: null,
  referee,
  ...more,
});

describe("support console: a user's challenges with their referee's verdict", () => {
  it('shows each verdict (status, referee, note, when) beside its challenge, and a dash for one never sent', async () => {
    const onStory = vi.fn();
    renderWithProviders(
      <UserChallenges
        onStory={onStory}
        challenges={[
          row('c2', '2039-03-15', {
            requestId: 'r2',
            status: 'REJECTED',
            note: 'Not you in the photo',
            refereeId: 'u2',
            refereeName: 'Bala Iyer',
            refereeEmail: 'bala@example.com',
            askedAt: '2039-03-15T01:00:00.000Z',
            decidedAt: '2039-03-15T04:30:00.000Z',
          }),
          row('c1', '2039-03-14', {
            requestId: 'r1',
            status: 'PENDING',
            note: null,
            refereeId: 'u2',
            refereeName: 'Bala Iyer',
            refereeEmail: 'bala@example.com',
            askedAt: '2039-03-14T01:00:00.000Z',
            decidedAt: null,
          }),
          row('c0', '2039-03-13', null, { proof: 'PHOTO', proofStatus: 'PENDING_REVIEW', proofFlag: 'BLANK_FRAME', mission: 'WAKE_TAG' }),
        ]}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Referee' })).toBeInTheDocument();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const rejected = within(rows[0]).getByTestId('referee-verdict');
    expect(rejected).toHaveTextContent('Rejected');
    expect(rejected).toHaveTextContent('by Bala Iyer (bala@example.com)');
    expect(rejected).toHaveTextContent('“Not you in the photo”');
    expect(rejected).toHaveTextContent('answered 15 Mar 2039');
    const pending = within(rows[1]).getByTestId('referee-verdict');
    expect(pending).toHaveTextContent('Asked');
    expect(pending).toHaveTextContent('asked 14 Mar 2039');
    expect(within(rows[2]).queryByTestId('referee-verdict')).toBeNull();
    expect(within(rows[2]).getByText('—')).toBeInTheDocument();
    // proof, its review, an automatic flag and the wake mission, in words
    expect(screen.getByRole('columnheader', { name: 'Proof and mission' })).toBeInTheDocument();
    expect(within(rows[0]).getByTestId('support-proof')).toHaveTextContent(/^No proof · No mission$/);
    expect(within(rows[2]).getByTestId('support-proof')).toHaveTextContent(
      /^Photo proof · Photo waiting for review · flagged: the photo is nearly blank · Wake tag mission$/,
    );
    await userEvent.click(within(rows[0]).getByRole('button', { name: 'Story of the challenge of 2039-03-15' }));
    expect(onStory).toHaveBeenCalledWith('c2');
  });
});
