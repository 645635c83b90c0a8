import { Table } from '@chakra-ui/react';
import { paths } from '@/config/paths';
import { LegalPage, P, PageLink, Points, Section } from './legal-page';

const RETENTION: [string, string, string][] = [
  [
    'Wallet records: ledger entries, deposits, withdrawals, settlements',
    '8 years after the financial year they belong to; never edited',
    'Books of account (Companies Act 2013, Income-tax Act) and payment records (PMLA)',
  ],
  ['Challenges: dates, times, outcomes', 'As long as the wallet records they explain', 'As above'],
  [
    'Your profile: name, email, phone, date of birth, city and the rest',
    'While your account is open; replaced at once when you close it',
    'To run your account',
  ],
  ['Check-in selfies', '90 days after the challenge date, then deleted automatically', 'Appeals and disputes about a check-in'],
  ['Server logs', '30 days', 'Security and fixing faults'],
  [
    'Backups',
    'Up to 1 year (35 daily and 12 monthly copies); a closed account leaves them when the last copy holding it expires',
    'Recovering from a disaster',
  ],
];

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy policy"
      lead="What personal data WakeStake collects, why, how long we keep it, and your rights under India’s Digital Personal Data Protection Act, 2023 (DPDP Act)."
    >
      <Section title="Who is responsible">
        <P>
          WakeStake is the data fiduciary for the personal data described here. Questions, requests and complaints about it go to our grievance officer (see{' '}
          <PageLink to={paths.grievance}>Grievances</PageLink>).
        </P>
      </Section>
      <Section title="What we collect">
        <Points
          items={[
            'Account: your name, email address, a one-way hash of your password (never the password itself), or your Google account id if you sign in with Google; and the version of these terms you accepted, with the time.',
            'Profile: phone number, date of birth, gender, city, occupation, institution, emergency contact, preferred wake-up time and the sleep habits you tell us about.',
            'Challenges: dates, wake-up times, stakes, check-in times and outcomes; the location text, notes or selfie you add to a check-in, if you add them.',
            'Money: your wallet’s ledger, deposits and withdrawals, and the UPI id or bank account you give for a payout. Card numbers, UPI PINs and net-banking passwords go to Razorpay only; we never see them.',
            'Technical: your IP address and request ids in our logs, and a push-notification subscription if you turn reminders on. Your browser keeps your sign-in token and colour theme in local storage; we use no advertising trackers.',
          ]}
        />
      </Section>
      <Section title="Why we use it">
        <Points
          items={[
            'To run your account, your challenges, settlement and your wallet: the service you asked for.',
            'To check that you are 18 or older before money moves.',
            'To prevent fraud and abuse, keep the service secure, and answer appeals and complaints.',
            'To meet legal duties: keeping books of account and payment records, and answering lawful requests from authorities.',
            'To send you reminders, receipts and account notices; you can turn the optional ones off in Settings.',
          ]}
        />
        <P>We do not sell your personal data, and we do not use it for advertising.</P>
      </Section>
      <Section title="Who else sees it">
        <Points
          items={[
            'Razorpay, to take deposits and make payouts.',
            'Our hosting, email and push-notification providers, only to deliver the service, under contract.',
            'Authorities, only where Indian law requires it.',
            'Others on the same date never see your name: the pool is shown as totals.',
          ]}
        />
      </Section>
      <Section title="How long we keep it">
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Data</Table.ColumnHeader>
                <Table.ColumnHeader>Kept</Table.ColumnHeader>
                <Table.ColumnHeader>Why</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {RETENTION.map(([data, kept, why]) => (
                <Table.Row key={data}>
                  <Table.Cell>{data}</Table.Cell>
                  <Table.Cell>{kept}</Table.Cell>
                  <Table.Cell>{why}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Section>
      <Section title="Your rights under the DPDP Act, 2023">
        <Points
          items={[
            'Access: download a copy of your data (profile, challenges, wallet lines, notifications) from Settings at any time.',
            'Correction and completion: change your profile yourself, or ask us to correct anything else.',
            'Erasure: close your account in Settings and we erase your profile at once, keeping only what the law requires (see the table).',
            'Withdrawing consent: as easy as giving it. Since we cannot run challenges or a wallet without your data, withdrawing consent means closing your account.',
            'Nomination: you may name a person to exercise these rights for you in the event of your death or incapacity; write to the grievance officer.',
            'Grievance redressal: complain to our grievance officer, who answers within the time stated on the Grievances page, and then, if you are not satisfied, to the Data Protection Board of India.',
          ]}
        />
      </Section>
      <Section title="Children">
        <P>
          WakeStake is only for adults. We do not knowingly process the personal data of anyone under 18, and money cannot move without a date of birth showing
          18 or over.
        </P>
      </Section>
      <Section title="Security">
        <P>
          Passwords are hashed with argon2id, connections are encrypted, sign-in and reset links are single-use and expire, and the wallet ledger is append-only
          and tamper-evident. If a breach affects your data we will tell you and the Data Protection Board as the law requires.
        </P>
      </Section>
      <Section title="Changes">
        <P>A new version of this policy is published here with its date, and you are asked to accept it the next time you use WakeStake.</P>
      </Section>
    </LegalPage>
  );
}
